#!/usr/bin/env bash
# The architecture figures of issue 22, from the sources (run by the CTest test arch.metrics):
#   functions over 60 lines (C++ of cmd/ and lib/), catch boundaries (catch (const Error& / WriteError&),
#   string-compared statuses in the run model, forward references in the viewer (assets/js).
# Usage: tests/arch_metrics.sh [--list] [--max-statuses N]   (--list: each function, boundary, comparison
# and reference too)
# A function of cmd/ over 60 lines fails the run.
# The C++ figures come from tests/arch/cpp_metrics.py, the viewer's from tests/arch/viewer_refs.mjs.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# --max-statuses N (cpp_metrics.py) fails the run above N string-compared statuses; the viewer script
# ignores it.
python3 "$root/tests/arch/cpp_metrics.py" "$root" "$@"
node "$root/tests/arch/viewer_refs.mjs" "$@"
