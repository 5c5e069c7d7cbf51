#!/bin/bash
# GNU make driven for real with the depfiles ir-trace writes (--depfile, make format), on a copy of the
# LLVM fixture (names with '::', '<', '>' and spaces) and on a generated dump whose pass names hold a
# space, '$', '#' and ':': build; no-op rebuild; touch one snapshot -> only its report rebuilds; delete
# one -> make runs ir-trace on that dump only, which fails (make reports the recipe's exit 1) and the old
# report stays byte-identical; put back, it rebuilds. Then README's Makefile example, as written there, on
# every fixture. On a failure the log is printed with the bytes (od -c) of its error lines.
# Usage: make_depfile.sh IR_TRACE FIXTURES_DIR README (exit 77, skipped, when FIXTURES_DIR is missing)
set -u
# make's messages untranslated and its quotes plain ASCII, whatever the caller's locale.
export LC_ALL=C
irtrace=$(realpath "$1")
# The real dumps live beside the repository (../shared/fixtures); a clone elsewhere has none: skipped, as
# the C++ fixture tests are (CTest reads exit 77 as skipped: SKIP_RETURN_CODE in tests/CMakeLists.txt).
if [[ ! -d "$2" ]]; then
  echo "skipped: no fixtures directory $2"
  exit 77
fi
fixtures=$(realpath "$2")
readme=$(realpath "$3")
here=$(dirname "$(realpath "$0")")
. "$here/lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

cp -r "$fixtures/llvm/crc/passes_dump" llvm
make_dump spaced 'Pass A' 'Cost$1' 'Tag#2' 'Ns::Pass'
# The README's pattern: one report per dump directory, each with its depfile beside it.
cat >Makefile <<MK
DUMPS := llvm spaced
all: \$(DUMPS:=.html)
%.html: %
	$irtrace \$< -o \$@ --depfile \$@.d -q
-include \$(DUMPS:=.html.d)
MK

make -j4 >build.log 2>&1 || { cat build.log; fail "first build"; }
[[ -s llvm.html && -s spaced.html && -s llvm.html.d && -s spaced.html.d ]] || fail "reports or depfiles missing"
grep -q 'Ns\\:\\:Pass' spaced.html.d || fail "':' not escaped in spaced.html.d"
make -q || fail "make -q: not up to date right after the build"
make -j4 >noop.log 2>&1 || fail "no-op rebuild failed"
log_lacks noop.log ir-trace "no-op rebuild ran ir-trace"

touch_check() {  # touch_check DUMP FILE OTHER: touching FILE rebuilds DUMP.html only
  local dump=$1 file=$2 other=$3
  [[ -e "$dump/$file" ]] || fail "no $dump/$file"
  touch_newer "$dump/$file" "$dump.html"
  make -q && fail "make -q up to date after touching $dump/$file"
  make -j4 >touch.log 2>&1 || { cat touch.log; fail "rebuild after touching $dump/$file"; }
  log_has touch.log "-o $dump.html" "touching $dump/$file did not rebuild $dump.html"
  log_lacks touch.log "-o $other.html" "touching $dump/$file rebuilt $other.html too"
  make -q || fail "not up to date after the rebuild for $dump/$file"
}
touch_check llvm '157_after_RequireAnalysisPass<llvm::ShouldNotRunFunctionPassesAnalysis, llvm::Function, llvm::AnalysisManager<Function>>.ll' spaced
touch_check llvm '50_after_LICMPass.ll' spaced
touch_check spaced '01_after_Pass A.py' llvm
touch_check spaced '02_after_Cost$1.py' llvm
touch_check spaced '03_after_Tag#2.py' llvm
touch_check spaced '04_after_Ns::Pass.py' llvm

# delete_check DUMP FILE OTHER: deleting FILE runs ir-trace on DUMP only, which fails; DUMP.html untouched.
# FILE is put back and DUMP.html rebuilt afterwards, so that the next check starts from an up-to-date tree:
# a dump left broken made the next check's make run two failing recipes, and make -j stops at the first
# failure it reaps, so whether it had started the second one (and printed its "Error 1") depended on the
# machine's load.
delete_check() {
  local dump=$1 file=$2 other=$3
  cp "$dump.html" saved.html
  mv "$dump/$file" held
  make -j4 >delete.log 2>&1 && fail "make succeeded after deleting $dump/$file"
  log_lacks delete.log "No rule to make target" "make stopped at a missing rule"
  log_lacks delete.log "-o $other.html" "deleting $dump/$file rebuilt $other.html too"
  log_has delete.log "ir-trace: error: $dump: pass " "ir-trace did not name the gap"
  log_has delete.log "[Makefile:4: $dump.html] Error 1" "make did not report the recipe's exit 1"
  cmp -s saved.html "$dump.html" || fail "$dump.html changed after a failed run"
  mv held "$dump/$file"
  make -j4 >restore.log 2>&1 || { cat restore.log; fail "rebuild after restoring $dump/$file"; }
  make -q || fail "not up to date after restoring $dump/$file"
}
delete_check llvm '26_after_RequireAnalysisPass<llvm::GlobalsAA, llvm::Module, llvm::AnalysisManager<Module>>.ll' spaced
delete_check spaced '02_after_Cost$1.py' llvm
# README's example: the first ```make block after "In a Makefile", run with DUMP set per fixture.
awk '/^In a Makefile/ {found = 1} found && /^```make$/ {inside = 1; next} inside && /^```$/ {exit}
     inside {print}' "$readme" >readme.mk
grep -q -- "--depfile" readme.mk || fail "README's Makefile example not found or without --depfile"
n=0
while IFS= read -r dump; do
  n=$((n + 1))
  mkdir "r$n" && cp -r "$dump" "r$n/dump" && cp readme.mk "r$n/Makefile"
  (
    cd "r$n" || exit 1
    make DUMP=dump IR_TRACE="$irtrace" >build.log 2>&1 || { cat build.log; fail "README example on $dump"; }
    make -q DUMP=dump IR_TRACE="$irtrace" || fail "README example not up to date on $dump"
    victim=$(ls dump | grep -v '^00_' | sort | head -1)
    cp report.html saved.html
    rm "dump/$victim"
    make DUMP=dump IR_TRACE="$irtrace" >delete.log 2>&1 && fail "README example: no failure after deleting $victim"
    log_has delete.log "ir-trace: error: " "README example on $dump: no ir-trace error after deleting $victim"
    cmp -s saved.html report.html || fail "README example: report changed after a failed run on $dump"
  ) || exit 1
done < <(find "$fixtures" -name '00_frontend.*' -printf '%h\n' | sort)
(( n >= 3 )) || fail "only $n fixtures found under $fixtures"
echo "ok: make ($n fixtures)"
