#!/usr/bin/env bash
# Quick start, command 2: install what is missing (including the browser-test tools), build, and run
# every test: Catch2 unit and CLI tests, the payload contract test and the headless-Chromium viewer tests.
# With --sanitize: the same suite built with AddressSanitizer + UndefinedBehaviorSanitizer in build-asan/
# (slower; not what CI runs).
set -euo pipefail
cd "$(dirname "$0")/.."
build=build
if [[ "${1:-}" == "--sanitize" ]]; then
  build=build-asan
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1} UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
  scripts/setup.sh --tests --sanitize
else
  scripts/setup.sh --tests
fi
# The fixture tests skip when ../shared/fixtures is absent (a clone elsewhere); CI must never skip them.
if [[ -n "${CI:-}" && ! -d ../shared/fixtures ]]; then
  echo "test: ../shared/fixtures is missing; CI requires the real dumps" >&2
  exit 1
fi
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
