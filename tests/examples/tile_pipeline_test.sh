#!/bin/bash
# The tile_pipeline example (examples/tile_pipeline/) as a user runs it.
#   run:  `make run` builds it against the build tree and runs it with IR_TRACE=1; a second `make run` runs
#         again (never skipped); the report link, the run's phases and its device and host codegen.
#   edit: the edit-and-recompile workflow on the generated kernel: INIT, REGENERATED (another tile size),
#         PATCHED (an edit of the working copy, which the program's output follows), CONFLICT (the edit kept
#         as .bak.1, the new source built), UNCHANGED.
# Usage: tile_pipeline_test.sh run|edit BUILD_DIR SOURCE_DIR
set -euo pipefail
mode=$1
build=$2
src=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
expect() {  # expect FILE REGEX: a line of FILE matches REGEX
  grep -Eq -- "$2" "$1" || { echo "--- $1:" >&2; cat "$1" >&2; fail "no line matching: $2"; }
}

example=$src/examples/tile_pipeline
trace=$tmp/out/ir_trace/matmul_bias_relu
checksum=13275  # sum of relu(A @ B + bias) over the 64 x 64 outputs, for the inputs the launcher makes

if [ "$mode" = run ]; then
  make -s -C "$example" run IRTRACE_BUILD="$build" OUT="$tmp/out" >"$tmp/1.out" 2>"$tmp/1.err" \
    || { cat "$tmp/1.out" "$tmp/1.err" >&2; fail "make run"; }
  expect "$tmp/1.out" "^tile_pipeline: kernel checksum $checksum, reference $checksum: match$"
  expect "$tmp/1.out" "^report: $trace/report.html$"
  expect "$tmp/1.err" "^irtrace: matmul_bias_relu: kernel.cpp \(device\): INIT: "
  expect "$tmp/1.err" "^irtrace: matmul_bias_relu: launcher.cpp \(host\): INIT: "
  [ -L "$trace/report.html" ] || fail "report.html is not a link"
  make -s -C "$example" run IRTRACE_BUILD="$build" OUT="$tmp/out" >"$tmp/2.out" 2>"$tmp/2.err" \
    || { cat "$tmp/2.out" "$tmp/2.err" >&2; fail "make run, again"; }
  expect "$tmp/2.err" "^irtrace: matmul_bias_relu: kernel.cpp \(device\): UNCHANGED: "
  [ "$(ls "$trace/.runs" | wc -l)" = 2 ] || fail "the second make run did not run: $(ls "$trace/.runs")"
  run=$(ls -d "$trace"/.runs/run_* | tail -1)
  files=$(cd "$run" && ls | tr '\n' ' ')
  [ "$files" = "00_frontend.py 01_after_TileLoops.py 02_after_InterchangeLoops.py 03_after_FuseLoops.py 04_after_AllocateMemory.py codegen_device_kernel.cpp codegen_host_launcher.cpp phases.txt report.html " ] \
    || fail "run directory: $files"
  [ "$(cut -f2 "$run/phases.txt" | tr '\n' ' ')" = "tiling fusion memory " ] || fail "phases: $(cat "$run/phases.txt")"
  "$build/ir-trace" "$run" --check --json "$tmp/run.json" -q
  grep -q '"codegen": *2' "$tmp/run.json" || { cat "$tmp/run.json" >&2; fail "the report has no device and host codegen"; }
  echo ok
  exit 0
fi

[ "$mode" = edit ] || fail "mode run or edit, not $mode"
make -s -C "$example" example IRTRACE_BUILD="$build" OUT="$tmp/out" >"$tmp/build.log" 2>&1 \
  || { cat "$tmp/build.log" >&2; fail "make example"; }
step=0
compile() {  # compile ARGS...: one traced compilation; its stdout in $out, stderr in $err
  step=$((step + 1))
  out=$tmp/$step.out err=$tmp/$step.err
  IR_TRACE=1 IR_TRACE_DIR="$tmp/out/ir_trace" "$tmp/out/example/tile_pipeline" --out "$tmp/kernel" "$@" \
    >"$out" 2>"$err" || { cat "$out" "$err" >&2; fail "compilation $step"; }
}
kernel=$trace/kernel.cpp

compile --tile 16
expect "$err" "^irtrace: matmul_bias_relu: kernel.cpp \(device\): INIT: generated source written to '$kernel'"
expect "$out" "kernel checksum $checksum, reference $checksum: match"

compile --tile 8  # the kernel changes, the working copy was not edited
expect "$err" "^irtrace: matmul_bias_relu: kernel.cpp \(device\): REGENERATED: "
expect "$err" "^irtrace: matmul_bias_relu: launcher.cpp \(host\): UNCHANGED: "
grep -q 'j0 \* 8 + j1' "$kernel" || fail "the working copy did not follow the new tile size"

# The user's edit: every output one more, so the checksum grows by 64 x 64.
sed -i 's/, 0\.0f);$/, 0.0f) + 1.0f;/' "$kernel"
grep -q '0.0f) + 1.0f;' "$kernel" || fail "the test's edit did not apply"
compile --tile 8
expect "$err" "^irtrace: matmul_bias_relu: kernel.cpp \(device\): PATCHED: building your edit '$kernel'"
expect "$out" "kernel checksum $((checksum + 4096)), reference $checksum: DIFFERENT"
run=$(ls -d "$trace"/.runs/run_* | tail -1)
grep -q '0.0f) + 1.0f;' "$run/codegen_device_kernel.cpp" || fail "the run did not record the edit it built"

compile --tile 16  # the kernel changes under the edit
expect "$err" "^irtrace: matmul_bias_relu: kernel.cpp \(device\): CONFLICT: .*your edit kept as \.bak\.1; re-apply it with: diff -u '$kernel.original.bak.1' '$kernel.bak.1' \| patch '$kernel'$"
expect "$out" "kernel checksum $checksum, reference $checksum: match"
grep -q '0.0f) + 1.0f;' "$kernel.bak.1" || fail "the edit was not kept"
diff -u "$kernel.original.bak.1" "$kernel.bak.1" >"$tmp/edit.diff" || true
expect "$tmp/edit.diff" '^\+.*0\.0f\) \+ 1\.0f;$'

compile --tile 16
expect "$err" "^irtrace: matmul_bias_relu: kernel.cpp \(device\): UNCHANGED: "
echo ok
