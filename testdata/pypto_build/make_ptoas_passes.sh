#!/bin/sh
# Regenerates ptoas_passes/<unit>/ from ptoas/<unit>.pto the way PyPTO runs ptoas with dump_ptoas_passes=True
# (python/pypto/backend/pto_backend.py, hw-native-sys/pypto: the directory made first, then the three IR-printing
# flags), with mlir-opt-19 standing in for ptoas (not installable here). mlir-opt-19 needs --mlir-disable-threading
# beside the three flags: without it, it writes no tree and fails ("IR print for module scope can't be setup on a
# pass-manager without disabling multi-threading first."). Run from this directory; tests/pypto_build_test.cpp
# runs the same command and checks the committed tree is its output.
set -eu
MLIR_OPT=${MLIR_OPT:-mlir-opt-19}
PIPELINE='builtin.module(func.func(canonicalize,loop-invariant-code-motion,cse),symbol-dce)'
OUT=${1:-.}
for unit in bias_relu scale_rows; do
  rm -rf "$OUT/ptoas_passes/$unit"
  mkdir -p "$OUT/ptoas_passes/$unit"
  "$MLIR_OPT" "ptoas/$unit.pto" --pass-pipeline="$PIPELINE" --mlir-disable-threading \
    --mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-print-ir-tree-dir="$OUT/ptoas_passes/$unit" \
    -o /dev/null
done
