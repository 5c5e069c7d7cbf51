#!/usr/bin/env bash
# Formats every tracked C++ file (but testdata/'s, which are dump snapshots) and the viewer's JavaScript
# (assets/js/*.js, assets/index/*.js) in place with clang-format-19 and the repository's .clang-format.
# --check changes nothing: clang-format-19 --dry-run --Werror, which names each line it would change and
# exits 1 if there is one (the format.check test).
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
for arg in "$@"; do
  case $arg in
    --check) check=1 ;;
    *) echo "format: unknown option $arg (usage: scripts/format.sh [--check])" >&2; exit 2 ;;
  esac
done
command -v clang-format-19 >/dev/null || { echo "format: clang-format-19 missing (scripts/setup.sh --tests installs it)" >&2; exit 2; }
mapfile -t files < <(git ls-files -- '*.cpp' '*.h' 'assets/js/*.js' 'assets/index/*.js' ':!:testdata/**')
(( ${#files[@]} )) || { echo "format: no tracked files found (not a git checkout?)" >&2; exit 2; }
if (( check )); then
  clang-format-19 --style=file --dry-run --Werror "${files[@]}"
else
  clang-format-19 --style=file -i "${files[@]}"
fi
