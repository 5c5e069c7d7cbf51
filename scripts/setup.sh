#!/usr/bin/env bash
# Shared set-up for the quick-start commands: installs missing Debian packages (and, with --tests, the
# test tools: Catch2's companions, node, chromium, playwright-core, xmllint and python3 for the JUnit
# check), then configures and builds ir-trace in ./build (with the tests only under --tests). Safe to run
# again: it installs only what is missing and rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."

want_tests=0 sanitize=0
for arg in "$@"; do
  case $arg in
    --tests) want_tests=1 ;;
    --sanitize) sanitize=1 ;;  # ASan + UBSan build in build-asan/ (scripts/test.sh --sanitize)
    *) echo "setup: unknown option $arg" >&2; exit 2 ;;
  esac
done

packages=(cmake g++ make pkg-config libcli11-dev libdtl-dev libfmt-dev libspdlog-dev catch2
          libctemplate-dev libxxhash-dev zlib1g-dev)
if (( want_tests )); then
  packages+=(chromium time nlohmann-json3-dev libxml2-utils python3 make ninja-build mlir-19-tools)
  command -v node >/dev/null || packages+=(nodejs)
  command -v npm >/dev/null || packages+=(npm)
fi

missing=()
for p in "${packages[@]}"; do
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
