#!/usr/bin/env bash
# Quick start, command 2: install what is missing (including the browser-test tools), build, and run
# every test: Catch2 unit and CLI tests, and the headless-Chromium viewer tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --tests
# The fixture tests skip when ../shared/fixtures is absent (a clone elsewhere); CI must never skip them.
if [[ -n "${CI:-}" && ! -d ../shared/fixtures ]]; then
  echo "test: ../shared/fixtures is missing; CI requires the real dumps" >&2
  exit 1
fi
ctest --test-dir build --output-on-failure -j "$(nproc)"
