#!/usr/bin/env bash
# Quick start, command 1: install what is missing, build, and convert the bundled sample dump into
# report.html (open it in any browser).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
build/ir-trace testdata/sample_dump -o report.html
