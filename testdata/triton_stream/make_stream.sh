#!/usr/bin/env bash
# Writes stream.log: the stderr of a Triton compile of two kernels with MLIR_ENABLE_DUMP=1 and
# LLVM_IR_ENABLE_DUMP=1, in its layout, from real mlir-opt-19 and opt-19 output (Triton itself is not
# installable here). Per kernel, as triton-lang/triton prints it:
#   - its MLIR pipelines: python/src/ir.cc pass_manager.enable_debug turns on MLIR's IR printing before
#     and after every pass, at module scope, threading off, with debug info (locations) -- here
#     mlir-opt-19 --mlir-print-ir-before-all --mlir-print-ir-after-all --mlir-print-ir-module-scope
#     --mlir-disable-threading --mlir-print-debuginfo, on a pipeline that lowers the kernel to the LLVM
#     dialect (a nest on the kernel function, then module passes);
#   - the LLVM module Triton translates that to (mlir-translate-19 --mlir-to-llvmir; Triton prints nothing
#     for this step) going through LLVM's pipeline: python/src/llvm.cc optimize_module sets -print-after-all
#     -- here opt-19 -print-after-all on a short pipeline of module and function passes.
# Run from this directory: ./make_stream.sh (needs mlir-opt-19, mlir-translate-19, opt-19).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp "$here"/*_kernel.mlir "$tmp"
cd "$tmp"  # relative names: the log names no temporary directory
: > stream.log
for k in add_kernel mul_kernel; do
  mlir-opt-19 "$k.mlir" -o "$k.llvm.mlir" \
    --pass-pipeline='builtin.module(func.func(cse,canonicalize),convert-arith-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)' \
    --mlir-print-ir-before-all --mlir-print-ir-after-all --mlir-print-ir-module-scope --mlir-disable-threading \
    --mlir-print-debuginfo 2>> stream.log
  mlir-translate-19 --mlir-to-llvmir "$k.llvm.mlir" -o "$k.ll"
  opt-19 -passes='annotation2metadata,function(sroa,early-cse,instcombine,simplifycfg),globaldce' \
    -print-after-all "$k.ll" -disable-output 2>> stream.log
done
cp stream.log "$here/stream.log"
