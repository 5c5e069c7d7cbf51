#!/bin/bash
# The installed recording library as a compiler uses it: `cmake --install` into a scratch prefix (from the
# build tree: nothing is compiled again), then a consumer project configured with find_package(irtrace),
# built, and run with IR_TRACE=1; its run must convert with ir-trace and name its phases.
# Usage: consumer_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
# Only the recording API's headers: nothing of dtl, spdlog, ctemplate or ir-trace's own.
headers=$(cd "$tmp/prefix/include" && find . -type f | sort | tr '\n' ' ')
[ "$headers" = "./irtrace/mode.h ./irtrace/session.h " ] || fail "installed headers: $headers"
# Each type name defined once across the installed headers (a nested duplicate compiles without a word):
# every `enum class|enum|class|struct|union NAME {` or `NAME :` (a definition, not a forward declaration).
defined=$(sed -E 's,//.*,,' "$tmp"/prefix/include/irtrace/*.h |
  grep -oE '\b(enum class|enum|class|struct|union)( \[\[[a-z_]+\]\])? [A-Za-z_][A-Za-z0-9_]*[[:space:]]*(final[[:space:]]*)?[{:]' |
  grep -vE '::$' | sed -E 's/^(enum class|enum|class|struct|union)( \[\[[a-z_]+\]\])? ([A-Za-z_][A-Za-z0-9_]*).*/\3/' | sort)
for name in Mode Settings Session PhaseScope SourceRole; do
  printf '%s\n' "$defined" | grep -qx "$name" || fail "the header check finds no definition of $name"
done
twice=$(printf '%s\n' "$defined" | uniq -d)
[ -z "$twice" ] || fail "installed headers define these names more than once: $(echo $twice)"
[ -f "$tmp/prefix/lib/libirtrace.a" ] || fail "no lib/libirtrace.a"
[ -f "$tmp/prefix/lib/cmake/irtrace/irtraceConfig.cmake" ] || fail "no package config"
[ -f "$tmp/prefix/share/man/man3/irtrace.3" ] || fail "no man page irtrace.3"

cmake -S "$src/tests/install/consumer" -B "$tmp/build" -DCMAKE_PREFIX_PATH="$tmp/prefix" \
  -DCMAKE_BUILD_TYPE=Release >"$tmp/configure.log" 2>&1 || { cat "$tmp/configure.log"; fail "configure"; }
cmake --build "$tmp/build" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "build"; }

report=$(cd "$tmp" && IR_TRACE=1 IR_TRACE_DIR="$tmp/trace" "$tmp/build/consumer")
[ "$report" = "$tmp/trace/tile/report.html" ] || fail "report path: $report"
[ -L "$report" ] || fail "report.html is not a link"
run=$(ls -d "$tmp"/trace/tile/.runs/run_*)
files=$(ls "$run" | tr '\n' ' ')
[ "$files" = "00_frontend.py 01_after_Tile.py 02_after_Lower.py 03_after_Verify.log 03_after_Verify.py phases.txt report.html " ] \
  || fail "run directory: $files"
grep -q '^error: verifier failed$' "$run/03_after_Verify.log" || fail "Verify's log"
"$build/ir-trace" "$run" -o "$tmp/check.html" --no-compress -q
grep -q '"phase":"lowering"' "$tmp/check.html" || fail "no phase in the converted report"
grep -q '"phase":"tiling"' "$tmp/check.html" || fail "no phase in the converted report"

# Off by default: nothing written.
(cd "$tmp" && env -u IR_TRACE IR_TRACE_DIR="$tmp/off" "$tmp/build/consumer" >/dev/null)
[ ! -e "$tmp/off" ] || fail "tracing off wrote $tmp/off"
echo "ok"
