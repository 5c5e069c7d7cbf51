#!/usr/bin/env bash
# Shared set-up for the quick-start commands: installs the missing Debian packages a build needs (and, with
# --tests, every external command the tests run: Catch2, clang-19 / opt-19 / llc-19, mlir-opt-19,
# clang-format-19, xmllint, python3, /usr/bin/time, ninja, chromium, node and playwright-core), then configures
# and builds ir-trace in ./build (with the tests only under --tests). Safe to run again: it installs only what
# is missing and rebuilds only what changed.
# --print-packages prints the Debian packages it would install (one a line; with --tests the build's and the
# tests' together) and does nothing else: tests/setup/packages_test.sh checks the lists against CMakeLists.txt,
# the tests' commands and README's "Development" list.
set -euo pipefail
cd "$(dirname "$0")/.."

want_tests=0 sanitize=0 print=0
for arg in "$@"; do
  case $arg in
    --tests) want_tests=1 ;;
    --sanitize) sanitize=1 ;;  # ASan + UBSan build in build-asan/ (scripts/test.sh --sanitize)
    --print-packages) print=1 ;;
    *) echo "setup: unknown option $arg" >&2; exit 2 ;;
  esac
done

# What a build without tests uses: CMakeLists.txt's find_package, pkg_check_modules and find_path.
build_packages=(cmake g++ make pkg-config libcli11-dev libdtl-dev libfmt-dev libspdlog-dev libctemplate-dev
                libxxhash-dev zlib1g-dev nlohmann-json3-dev)
# What the tests add: tests/CMakeLists.txt's finds and every external command a test runs.
test_packages=(catch2 clang-19 llvm-19 mlir-19-tools clang-format-19 libxml2-utils python3 time ninja-build
               chromium nodejs npm)

packages=("${build_packages[@]}")
(( want_tests )) && packages+=("${test_packages[@]}")
if (( print )); then
  printf '%s\n' "${packages[@]}"
  exit 0
fi

missing=()
for p in "${packages[@]}"; do
  # node and npm from elsewhere (NodeSource's nodejs holds both) are kept: Debian's would conflict.
  [[ $p == nodejs ]] && command -v node >/dev/null && continue
  [[ $p == npm ]] && command -v npm >/dev/null && continue
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if (( ${#missing[@]} )); then
  echo "setup: installing ${missing[*]}" >&2
  sudo_cmd=()
  [[ $(id -u) -ne 0 ]] && sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if (( want_tests )) && [[ ! -d node_modules/playwright-core ]]; then
  # playwright-core only drives Debian's /usr/bin/chromium; it must never download a browser.
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
fi

tests=OFF
(( want_tests )) && tests=ON
build=build flags=()
(( sanitize )) && build=build-asan flags=(-DIRTRACE_SANITIZE=ON)
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DIRTRACE_TESTS=$tests "${flags[@]}" >/dev/null
cmake --build "$build" -j "$(nproc)"
