#!/usr/bin/env bash
# Quick start, command 2: install what is missing (including the browser-test tools), build, and run
# every test: Catch2 unit and CLI tests, and the headless-Chromium viewer tests.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --tests
ctest --test-dir build --output-on-failure -j "$(nproc)"
