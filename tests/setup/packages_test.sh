#!/bin/bash
# The fresh-machine check: scripts/setup.sh installs every Debian package the build and the tests use.
#  (a) CMakeLists.txt's find_package, pkg_check_modules and find_path (a build without tests): the file CMake
#      resolved for each (the package's config file, the .pc file, the header or library found; read from
#      BUILD_DIR's CMakeCache.txt), its package by `dpkg -S`, installed by `setup.sh` without --tests;
#      tests/CMakeLists.txt's find_package and find_program the same, installed by `setup.sh --tests`.
#  (b) every external command the tests run (the list below, which tests/ is grepped against), its package by
#      `dpkg -S`, installed by `setup.sh --tests`.
#  (c) README's "Development" list of dependencies is setup.sh's two lists, name for name.
# "Installed by" means: in the list, a direct Depends / Pre-Depends of a package in the list (pkg-config is
# Debian 12's transitional package for pkgconf, python3 pre-depends on python3-minimal), or Essential.
# setup.sh's lists are read with `setup.sh --print-packages [--tests]`, which installs nothing.
# Usage: packages_test.sh SOURCE_DIR BUILD_DIR
set -uo pipefail
src=$(realpath "$1")
cache=$(realpath "$2")/CMakeCache.txt
export LC_ALL=C
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}
[[ -f $cache ]] || { echo "FAIL: no $cache" >&2; exit 1; }
command -v dpkg >/dev/null || { echo "FAIL: no dpkg: the check needs Debian's package database" >&2; exit 1; }

mapfile -t build_list < <("$src/scripts/setup.sh" --print-packages) || exit 1
mapfile -t all_list < <("$src/scripts/setup.sh" --print-packages --tests) || exit 1
(( ${#build_list[@]} > 0 && ${#all_list[@]} > ${#build_list[@]} )) || { echo "FAIL: setup.sh --print-packages printed no lists" >&2; exit 1; }

# What a list installs (see the header): its packages, their direct Depends and Pre-Depends (dpkg's record,
# for the packages installed here), and every Essential package. One line a package.
installed_by() {
  printf '%s\n' "$@"
  dpkg-query -W -f='${Depends}, ${Pre-Depends}\n' "$@" 2>/dev/null | tr ',|' '\n\n' | sed -E 's/^ *//; s/[ :(].*//'
  dpkg-query -W -f='${Package} ${Essential}\n' | awk '$2 == "yes" {print $1}'
}
# Sets, not a grep -q over printf: under pipefail, grep leaving early made printf's SIGPIPE a false "no".
declare -A build_installs all_installs
while IFS= read -r p; do [[ -n $p ]] && build_installs[$p]=1; done < <(installed_by "${build_list[@]}")
while IFS= read -r p; do [[ -n $p ]] && all_installs[$p]=1; done < <(installed_by "${all_list[@]}")
installs() {  # installs build|--tests PKG: whether that list brings PKG
  if [[ $1 == build ]]; then
    [[ -n ${build_installs[$2]:-} ]]
  else
    [[ -n ${all_installs[$2]:-} ]]
  fi
}

# The files to look up, "WHAT<TAB>FILE<TAB>DESCRIPTION" (WHAT: build or --tests), gathered first so that one
# `dpkg -S` (slow: it reads every package's file list) answers them all.
checks=()
want() { checks+=("$1"$'\t'"$2"$'\t'"$3"); }

cache_value() {  # cache_value VAR: the value of VAR in CMakeCache.txt
  sed -n "s/^$1:[A-Z]*=//p" "$cache" | head -1
}

# calls FILE: one line per find_package / pkg_check_modules / find_path / find_program call of FILE, as
# "DEPTH COMMAND ARG...", DEPTH the number of if() blocks around it (comments dropped, arguments on one line).
calls() {
  perl -0777 -ne '
    s/#[^\n]*//g;
    my $depth = 0;
    while (/\b(if|endif|find_package|pkg_check_modules|find_path|find_program)\s*\(([^)]*)\)/gi) {
      my ($cmd, $args) = (lc $1, $2);
      if ($cmd eq "if") { $depth++; next }
      if ($cmd eq "endif") { $depth--; next }
      $args =~ s/\s+/ /g; $args =~ s/^ | $//g;
      print "$depth $cmd $args\n";
    }' "$1"
}

# resolved CMD ARG...: the files CMake resolved for one call, one a line (nothing when it resolved none).
resolved() {
  local cmd=$1 name=$2 dir key var module
  shift 2
  case $cmd in
    find_package)
      dir=$(cache_value "${name}_DIR")
      if [[ -n $dir && $dir != *NOTFOUND ]]; then
        ls "$dir"/*[Cc]onfig.cmake 2>/dev/null | head -1
        return
      fi
      # A find module: the files it found, cache entries named after the package (ZLIB_LIBRARY_RELEASE,
      # PKG_CONFIG_EXECUTABLE for PkgConfig).
      key=$(tr -d '_' <<<"${name^^}")
      grep -E '^[A-Za-z0-9_]+:FILEPATH=/' "$cache" | while IFS= read -r line; do
        var=${line%%:*}
        [[ $(tr -d '_' <<<"${var^^}") == "$key"* && -f ${line#*=} ]] && printf '%s\n' "${line#*=}"
      done
      ;;
    find_path)  # find_path(VAR NAME ...): VAR's directory holds NAME
      dir=$(cache_value "$name")
      [[ -n $dir && $dir != *NOTFOUND && -e $dir/$1 ]] && printf '%s\n' "$dir/$1"
      ;;
    find_program)  # find_program(VAR NAME ...)
      dir=$(cache_value "$name")
      [[ -n $dir && $dir != *NOTFOUND ]] && printf '%s\n' "$dir"
      ;;
    pkg_check_modules)  # pkg_check_modules(PREFIX [REQUIRED|QUIET|IMPORTED_TARGET|GLOBAL...] MODULE...)
      for module in "$@"; do
        [[ $module =~ ^[A-Z_]+$ ]] && continue
        dir=$(pkg-config --variable=pcfiledir "$module") && printf '%s\n' "$dir/$module.pc"
      done
      ;;
  esac
}

# gather_calls FILE WHAT: a check for each file CMake resolved for each call of FILE.
gather_calls() {
  local file=$1 what=$2 depth cmd args f n=0 rel=${1#"$src"/}
  while read -r depth cmd args; do
    n=$((n + 1))
    read -ra words <<<"$args"
    if [[ $what == build && $depth != 0 ]]; then
      fail "$rel: $cmd($args) is inside an if(): teach tests/setup/packages_test.sh whether a build without tests makes it"
      continue
    fi
    if [[ $cmd == find_package && ${words[0]} == Threads ]]; then
      # The C library's (libc6-dev), which the compiler's package brings; nothing to resolve.
      installs "$what" g++ || fail "$rel: find_package(Threads): setup.sh ($what) does not install g++"
      continue
    fi
    mapfile -t files < <(resolved "$cmd" "${words[@]}")
    (( ${#files[@]} )) || fail "$rel: $cmd($args): no file CMake resolved in $cache"
    for f in "${files[@]}"; do want "$what" "$f" "$rel: $cmd(${words[0]})"; done
  done < <(calls "$file")
  (( n > 0 )) || fail "no find_* call read from $rel"
}

# (a) the build's and the tests' CMake files.
gather_calls "$src/CMakeLists.txt" build
gather_calls "$src/tests/CMakeLists.txt" --tests

# (b) the external commands the tests run (by name or as /usr/bin/NAME; mlir-opt as
# /usr/lib/llvm-19/bin/mlir-opt, which mlir-opt-19 links to).
commands=(clang-19 opt-19 llc-19 mlir-opt-19 clang-format-19 xmllint ninja make g++ cmake chromium node python3
          time script env)
# Every /usr/bin/NAME, /usr/lib/llvm-19/bin/NAME and LLVM tool NAME-19 the tests name must be in the list
# (tests/fuzz/ is not part of the suite: tests/fuzz/run.sh builds with clang on demand; tests/setup/ is this
# check).
while IFS= read -r name; do
  name=${name#/usr/bin/}
  [[ $name == /usr/lib/llvm-19/bin/* ]] && name=${name#/usr/lib/llvm-19/bin/}-19
  [[ " ${commands[*]} " == *" $name "* ]] ||
    fail "the tests run $name, which is not in tests/setup/packages_test.sh's list of commands"
done < <(cd "$src" && git ls-files tests | grep -v '^tests/fuzz/\|^tests/setup/' |
         xargs grep -hoE '/usr(/lib/llvm-19)?/bin/[A-Za-z0-9+._-]+|\b(clang|clang\+\+|opt|llc|lli|mlir-opt|clang-format|llvm-[a-z]+)-19\b' |
         sort -u)
for c in "${commands[@]}"; do
  f=/usr/bin/$c
  [[ -e $f ]] || f=$(command -v "$c") || { fail "command $c not found (is it installed?)"; continue; }
  want --tests "$f" "the tests' command $c"
done

# One dpkg -S for every file (and its real path, for a file CMake found through a link such as merged /usr's
# /lib); "PACKAGE[:ARCH][, PACKAGE...]: PATH" lines, diversions dropped.
declare -A owner
lookups=()
for c in "${checks[@]}"; do
  IFS=$'\t' read -r _ f _ <<<"$c"
  lookups+=("$f" "$(realpath "$f")")
done
while IFS= read -r line; do
  [[ $line == diversion* ]] && continue
  path=${line#*: }
  [[ -z ${owner[$path]:-} ]] && owner[$path]=$(sed -E 's/[:,].*//' <<<"${line%%: *}")
done < <(dpkg -S "${lookups[@]}" 2>/dev/null)
for c in "${checks[@]}"; do
  IFS=$'\t' read -r what f desc <<<"$c"
  pkg=${owner[$f]:-${owner[$(realpath "$f")]:-}}
  if [[ -z $pkg ]]; then
    fail "$desc: $f, which no Debian package holds"
  elif installs "$what" "$pkg"; then
    echo "ok: $desc: $f ($pkg)"
  else
    fail "$desc: $f is package $pkg, which setup.sh ${what/build/without --tests} does not install"
  fi
done

# (c) README's "Development" list: "  - build: `pkg` ..." and "  - tests ...: `pkg` ...", each item's
# backquoted words up to the next item.
readme_list() {  # readme_list build|tests: the backquoted words of that item, one a line
  awk -v item="$1" '
    /^## / { dev = ($0 == "## Development"); inside = 0; next }
    !dev { next }
    /^  - / { inside = (index($0, "  - " item) == 1); if (inside) { sub(/^  - [^:]*:/, ""); print }; next }
    /^    / { if (inside) print; next }
    { inside = 0 }' "$src/README.md" | grep -oE '`[^`]+`' | tr -d '`' | sort -u
}
mapfile -t tests_only < <(printf '%s\n' "${all_list[@]}" | grep -vxF -f <(printf '%s\n' "${build_list[@]}"))
compare_lists() {  # compare_lists WHAT README_WORDS SETUP_WORDS
  local diff
  diff=$(diff <(sort -u <<<"$2") <(sort -u <<<"$3") | grep '^[<>]')
  [[ -z $diff ]] || fail "README's Development \"$1\" list and setup.sh's differ (< README, > setup.sh):"$'\n'"$diff"
}
compare_lists build "$(readme_list build)" "$(printf '%s\n' "${build_list[@]}")"
compare_lists tests "$(readme_list tests)" "$(printf '%s\n' "${tests_only[@]}")"

(( failures == 0 )) || { echo "$failures failure(s)" >&2; exit 1; }
echo "ok: setup.sh installs what the build and the tests use"
