#!/bin/bash
# GNU make driven for real with the depfiles ir-trace writes (--depfile, make format), on a copy of the
# LLVM fixture (names with '::', '<', '>' and spaces) and on a generated dump whose pass names hold a
# space, '$', '#' and ':': build; no-op rebuild; touch one snapshot -> only its report rebuilds; delete
# one -> make runs ir-trace, which fails (make reports the recipe's exit 1) and the old report stays
# byte-identical. Then README's Makefile example, as written there, on every fixture.
# Usage: make_depfile.sh IR_TRACE FIXTURES_DIR README
set -u
irtrace=$(realpath "$1")
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
grep -q ir-trace noop.log && fail "no-op rebuild ran ir-trace: $(cat noop.log)"

touch_check() {  # touch_check DUMP FILE OTHER: touching FILE rebuilds DUMP.html only
  local dump=$1 file=$2 other=$3
  [[ -e "$dump/$file" ]] || fail "no $dump/$file"
  touch_newer "$dump/$file" "$dump.html"
  make -q && fail "make -q up to date after touching $dump/$file"
  make -j4 >touch.log 2>&1 || { cat touch.log; fail "rebuild after touching $dump/$file"; }
  grep -q -- "-o $dump.html" touch.log || fail "touching $dump/$file did not rebuild $dump.html"
  grep -q -- "-o $other.html" touch.log && fail "touching $dump/$file rebuilt $other.html too"
  make -q || fail "not up to date after the rebuild for $dump/$file"
}
touch_check llvm '157_after_RequireAnalysisPass<llvm::ShouldNotRunFunctionPassesAnalysis, llvm::Function, llvm::AnalysisManager<Function>>.ll' spaced
touch_check llvm '50_after_LICMPass.ll' spaced
touch_check spaced '01_after_Pass A.py' llvm
touch_check spaced '02_after_Cost$1.py' llvm
touch_check spaced '03_after_Tag#2.py' llvm
touch_check spaced '04_after_Ns::Pass.py' llvm

delete_check() {  # delete_check DUMP FILE: deleting FILE runs ir-trace, which fails; DUMP.html untouched
  local dump=$1 file=$2
  cp "$dump.html" saved.html
  rm "$dump/$file"
  make -j4 >delete.log 2>&1 && fail "make succeeded after deleting $dump/$file"
  grep -q "No rule to make target" delete.log && fail "make stopped at a missing rule: $(cat delete.log)"
  grep -q "ir-trace: error: .*missing" delete.log || fail "ir-trace did not name the gap: $(cat delete.log)"
  grep -q "$dump.html\] Error 1" delete.log || fail "make did not report the recipe's exit 1: $(cat delete.log)"
  cmp -s saved.html "$dump.html" || fail "$dump.html changed after a failed run"
}
delete_check llvm '26_after_RequireAnalysisPass<llvm::GlobalsAA, llvm::Module, llvm::AnalysisManager<Module>>.ll'
delete_check spaced '02_after_Cost$1.py'
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
    grep -q "ir-trace: error" delete.log || fail "README example on $dump: $(cat delete.log)"
    cmp -s saved.html report.html || fail "README example: report changed after a failed run on $dump"
  ) || exit 1
done < <(find "$fixtures" -name '00_frontend.*' -printf '%h\n' | sort)
(( n >= 3 )) || fail "only $n fixtures found under $fixtures"
echo "ok: make ($n fixtures)"
