#!/usr/bin/env bash
# Formats every tracked C++ file (but testdata/'s, which are dump snapshots) in place with clang-format-19 and
# the repository's .clang-format. Not yet the viewer's JavaScript: clang-format-19 writes the body of an IIFE
# (each assets/js module is one) without indentation and breaks its long lines, which changes 4,696 of its
# 6,547 lines and takes five modules past the viewer's 520-line limit (tests/browser/assets.test.mjs); that
# waits for the viewer's modules to be restructured.
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
mapfile -t files < <(git ls-files -- '*.cpp' '*.h' ':!:testdata/**')
(( ${#files[@]} )) || { echo "format: no tracked files found (not a git checkout?)" >&2; exit 2; }
if (( check )); then
  clang-format-19 --style=file --dry-run --Werror "${files[@]}"
else
  clang-format-19 --style=file -i "${files[@]}"
fi
