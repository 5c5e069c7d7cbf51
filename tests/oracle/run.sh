#!/usr/bin/env bash
# The oracle: compiles the programs of testdata/oracle/, prints each run in every form its compiler has and
# once more as the truth (module scope), converts every form with ir-trace and checks every pass of every
# report against the truth (tests/oracle/check.mjs; what is compared and the normalisations are in its
# header, the forms in tests/oracle/README.md).
#
# usage: tests/oracle/run.sh [--full] [--lang llvm|mlir] [--ir-trace PATH] [--keep DIR] [--verbose]
#                            [--baseline FILE | --no-baseline]
#   (default) the quick subset: two C programs and two MLIR pipelines, every form, checked against
#             tests/oracle/expected_quick.txt (exit 1 when a "report is wrong" count rises above it)
#   --full    every program and pipeline; prints the table (README's "Correctness: the oracle"), no baseline
#   --lang    only one compiler's forms (CTest: oracle.llvm_quick, oracle.mlir_quick)
#   --ir-trace PATH  the binary to check (default: build/ir-trace of this tree)
#   --keep DIR       write the compiler output and reports there and keep them (default: a temporary
#                    directory, removed at exit)
#   --verbose        every mismatch, by program and form
# Needs clang-19, opt-19, llc-19, mlir-opt-19 and node. Generated output never goes into the repository.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
data="$root/testdata/oracle"
irtrace="$root/build/ir-trace"
full=0 keep="" lang="" verbose="" baseline="$here/expected_quick.txt"
while [ $# -gt 0 ]; do
  case "$1" in
    --full) full=1; baseline="" ;;
    --lang) lang="$2"; shift ;;
    --ir-trace) irtrace="$2"; shift ;;
    --keep) keep="$2"; shift ;;
    --verbose) verbose=--verbose ;;
    --baseline) baseline="$2"; shift ;;
    --no-baseline) baseline="" ;;
    *) echo "run.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
  shift
done
[ -x "$irtrace" ] || { echo "run.sh: no ir-trace at $irtrace (build it, or pass --ir-trace PATH)" >&2; exit 2; }
irtrace=$(cd "$(dirname "$irtrace")" && pwd)/$(basename "$irtrace")
for tool in clang-19 opt-19 llc-19 mlir-opt-19 node; do
  command -v "$tool" >/dev/null || { echo "run.sh: $tool is not installed" >&2; exit 2; }
done

if [ -n "$keep" ]; then mkdir -p "$keep"; work=$(cd "$keep" && pwd)
else work=$(mktemp -d "${TMPDIR:-/tmp}/ir-trace-oracle.XXXXXX"); trap 'rm -rf "$work"' EXIT
fi
manifest="$work/manifest.jsonl"
: > "$manifest"

# convert LANG PROGRAM FORM TRUTH INPUT WHAT [FILTER [PIPELINE [SHOWS [PHASE]]]]: ir-trace on WHAT (a log, or
# a directory), one manifest line. FILTER: the functions -filter-print-funcs printed, comma-separated;
# PIPELINE: mlir-opt's --pass-pipeline; SHOWS: the log whose dumps WHAT holds (a tree directory's); PHASE:
# the report's phase holding the passes checked (a PyPTO build directory's ptoas unit).
convert() {
  local lang=$1 prog=$2 form=$3 truth=$4 input=$5 what=$6 filter=${7:-} pipeline=${8:-} shows=${9:-} phase=${10:-}
  local out="$work/$prog/$form.html" err="$work/$prog/$form.err" rc=0 kind=log
  "$irtrace" "$what" -o "$out" -q --no-compress 2> "$err" || rc=$?
  [ -d "$what" ] && kind=dir
  local f=null
  [ -n "$filter" ] && f="[\"${filter//,/\",\"}\"]"
  printf '{"lang":"%s","program":"%s","form":"%s","truth":"%s","input":"%s","%s":"%s","report":"%s","exit":%d,"errfile":"%s","filter":%s,"pipeline":"%s","shows":"%s","phase":"%s"}\n' \
    "$lang" "$prog" "$form" "$truth" "$input" "$kind" "$what" "$out" "$rc" "$err" "$f" "$pipeline" "$shows" "$phase" >> "$manifest"
}

# ---- LLVM: opt -O2 on clang's unoptimised IR, one run per form ----
llvm_program() {
  local src=$1 prog; prog=$(basename "$src" .c)
  local d="$work/$prog"; mkdir -p "$d"
  local g=""; case "$prog" in debug|loop_shapes) g=-g ;; esac
  clang-19 -O2 $g -Xclang -disable-llvm-passes -S -emit-llvm "$src" -o "$d/in.ll"
  local O=(opt-19 -O2 -disable-output "$d/in.ll")
  "${O[@]}" -print-after-all -print-module-scope 2> "$d/truth.log"
  local t="$d/truth.log" in="$d/in.ll"
  convert llvm "$prog" module "$t" "$in" "$t"
  "${O[@]}" -print-after-all 2> "$d/function.log";                     convert llvm "$prog" function "$t" "$in" "$d/function.log"
  "${O[@]}" -print-before-all 2> "$d/before.log";                      convert llvm "$prog" before "$t" "$in" "$d/before.log"
  "${O[@]}" -print-before-all -print-after-all 2> "$d/before_after.log"; convert llvm "$prog" before_after "$t" "$in" "$d/before_after.log"
  "${O[@]}" -print-changed 2> "$d/changed.log";                        convert llvm "$prog" changed "$t" "$in" "$d/changed.log"
  "${O[@]}" -print-changed=quiet 2> "$d/changed_quiet.log";            convert llvm "$prog" changed_quiet "$t" "$in" "$d/changed_quiet.log"
  "${O[@]}" -print-changed=diff 2> "$d/changed_diff.log";              convert llvm "$prog" changed_diff "$t" "$in" "$d/changed_diff.log"
  local filter; filter=$(grep '^define ' "$d/in.ll" | head -2 | sed -E 's/^[^@]*@([-A-Za-z0-9_.$]+).*/\1/' | paste -sd, -)
  "${O[@]}" -print-after-all -filter-print-funcs="$filter" 2> "$d/filter.log"
  convert llvm "$prog" filter "$t" "$in" "$d/filter.log" "$filter"
  # Selective printing: only the passes named print (each dump holds the changes of the passes not printed since).
  "${O[@]}" -print-after=licm,instcombine 2> "$d/selective.log"; convert llvm "$prog" selective "$t" "$in" "$d/selective.log"
  rm -rf "$d/dumps"
  "${O[@]}" -print-after-all -ir-dump-directory="$d/dumps" 2> /dev/null; convert llvm "$prog" dump_directory "$t" "$in" "$d/dumps"
  # A whole compile (the backend too: legacy IR passes and machine passes); its truth the same clang
  # command with -print-module-scope. Not for many.c: its module-scope backend log (a module per function
  # and codegen pass) would be half a gigabyte.
  [ "$prog" = many ] && return
  local C=(clang-19 -O2 $g -c "$src" -o /dev/null -mllvm -print-after-all)
  "${C[@]}" -mllvm -print-module-scope 2> "$d/clang_truth.log"
  "${C[@]}" 2> "$d/clang_c.log"; convert llvm "$prog" clang_c "$d/clang_truth.log" "$in" "$d/clang_c.log"
  # llc on opt's -O2 output; its truth llc with -print-module-scope.
  opt-19 -O2 -S "$d/in.ll" -o "$d/o2.ll"
  llc-19 -O2 -print-after-all -print-module-scope "$d/o2.ll" -o /dev/null 2> "$d/llc_truth.log"
  llc-19 -O2 -print-after-all "$d/o2.ll" -o /dev/null 2> "$d/llc.log"
  convert llvm "$prog" llc "$d/llc_truth.log" "$d/o2.ll" "$d/llc.log"
}

if [ "$full" = 1 ]; then c_programs=(loops recursion inline_sroa many debug loop_shapes)
else c_programs=(loops inline_sroa)
fi
if [ -z "$lang" ] || [ "$lang" = llvm ]; then
  for p in "${c_programs[@]}"; do llvm_program "$data/c/$p.c"; done
fi

# ---- MLIR: one mlir-opt pipeline per input, one run per form ----
# mlir_pipeline NAME INPUT PIPELINE [fails]: the input printed by mlir-opt with no pass is the state before pass 1.
mlir_pipeline() {
  local name=$1 src=$2 pipeline=$3
  local d="$work/$name"; mkdir -p "$d"
  mlir-opt-19 "$src" -o "$d/in.mlir"
  local M=(mlir-opt-19 --pass-pipeline="$pipeline" "$d/in.mlir" -o /dev/null)
  local t="$d/truth.log" in="$d/in.mlir" nt=--mlir-disable-threading
  run() { local out=$1; shift; "${M[@]}" "$@" 2> "$out" || true; }
  run "$t" --mlir-print-ir-after-all --mlir-print-ir-module-scope $nt
  convert mlir "$name" module "$t" "$in" "$t" "" "$pipeline"
  run "$d/op_scope.log" --mlir-print-ir-after-all $nt;         convert mlir "$name" op_scope "$t" "$in" "$d/op_scope.log" "" "$pipeline"
  run "$d/op_scope_threads.log" --mlir-print-ir-after-all;     convert mlir "$name" op_scope_threads "$t" "$in" "$d/op_scope_threads.log" "" "$pipeline"
  run "$d/after_change.log" --mlir-print-ir-after-all --mlir-print-ir-after-change $nt
  convert mlir "$name" after_change "$t" "$in" "$d/after_change.log" "" "$pipeline"
  run "$d/before.log" --mlir-print-ir-before-all $nt;          convert mlir "$name" before "$t" "$in" "$d/before.log" "" "$pipeline"
  run "$d/before_after.log" --mlir-print-ir-before-all --mlir-print-ir-after-all $nt
  convert mlir "$name" before_after "$t" "$in" "$d/before_after.log" "" "$pipeline"
  rm -rf "$d/tree"
  run /dev/null --mlir-print-ir-after-all --mlir-print-ir-tree-dir="$d/tree" $nt
  convert mlir "$name" tree_dir "$t" "$in" "$d/tree" "" "$pipeline" "$d/op_scope.log"
  # A PyPTO build directory (lib/input/pypto_build.h), laid out as PyPTO's backend writes one: the input as
  # ptoas/<unit>.pto, and ptoas run on it with PyPTO's three flags (mlir-opt also needs threading off for
  # module scope) into ptoas_passes/<unit>/, a module-scope tree of the truth's own run; its first pass is
  # diffed against the .pto. Its files hold the truth log's dumps; only the unit's phase is checked.
  local b="$d/pypto_build"; rm -rf "$b"; mkdir -p "$b/passes_dump" "$b/ptoas" "$b/ptoas_passes/$name"
  printf '# pypto.program: %s\nx = 1\n' "$name" > "$b/passes_dump/00_frontend.py"
  printf '# pypto.program: %s\nx = 2\n' "$name" > "$b/passes_dump/01_after_ConvertToSSA.py"
  cp "$in" "$b/ptoas/$name.pto"; printf '// the C++ ptoas would generate from %s.pto\n' "$name" > "$b/ptoas/$name.cpp"
  mlir-opt-19 --pass-pipeline="$pipeline" "$b/ptoas/$name.pto" -o /dev/null --mlir-print-ir-after-all \
    --mlir-print-ir-module-scope --mlir-print-ir-tree-dir="$b/ptoas_passes/$name" $nt 2> /dev/null || true
  convert mlir "$name" pypto_build "$t" "$in" "$b" "" "$pipeline" "$t" "ptoas: $name"
  run "$d/skip_regions.log" --mlir-print-ir-after-all --mlir-print-skip-regions $nt
  convert mlir "$name" skip_regions "$t" "$in" "$d/skip_regions.log" "" "$pipeline"
  if [ "${4:-}" = fails ]; then
    run "$d/after_failure.log" --mlir-print-ir-after-failure $nt
    convert mlir "$name" after_failure "$t" "$in" "$d/after_failure.log" "" "$pipeline"
  fi
}

# The pipelines: nests of func.func passes with inline and symbol-dce between them (MLIR merges adjacent
# nests of one op, so two nests are never adjacent); the last one fails (a canonicalize of one iteration
# with test-convergence, after an inliner without its canonicalize), also printed with only
# --mlir-print-ir-after-failure.
P_SCF='builtin.module(func.func(cse,canonicalize,sccp),inline,symbol-dce,func.func(cse))'
P_AFFINE='builtin.module(func.func(affine-loop-invariant-code-motion,canonicalize),inline,symbol-dce,func.func(lower-affine,cse,canonicalize))'
P_HELPERS='builtin.module(func.func(canonicalize),inline,symbol-dce,func.func(cse,loop-invariant-code-motion,sccp),symbol-dce,func.func(canonicalize))'
P_BRANCH='builtin.module(func.func(sccp,canonicalize),inline,symbol-dce,func.func(convert-scf-to-cf,canonicalize,cse))'
P_FAIL='builtin.module(func.func(cse),inline{default-pipeline=},symbol-dce,func.func(canonicalize{max-iterations=1 test-convergence=true}))'
if [ -z "$lang" ] || [ "$lang" = mlir ]; then
  mlir_pipeline scf_memref "$data/mlir/scf_memref.mlir" "$P_SCF"
  mlir_pipeline affine_map "$data/mlir/affine_map.mlir" "$P_AFFINE"
  if [ "$full" = 1 ]; then
    mlir_pipeline helpers "$data/mlir/helpers.mlir" "$P_HELPERS"
    mlir_pipeline constant_branch "$data/mlir/constant_branch.mlir" "$P_BRANCH"
    mlir_pipeline failing "$data/mlir/failing.mlir" "$P_FAIL" fails
  fi
fi

args=("$manifest")
[ -n "$verbose" ] && args+=("$verbose")
[ -n "$baseline" ] && args+=(--baseline "$baseline")
node "$here/check.mjs" "${args[@]}"
