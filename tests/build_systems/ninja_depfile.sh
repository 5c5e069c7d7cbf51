#!/bin/bash
# ninja driven for real with the depfiles ir-trace writes (--depfile-format ninja, read with deps = gcc),
# on a generated dump whose names ninja's depfile parser can read (a space, '$', '#'): build; no-op
# rebuild; touch one snapshot -> only its report rebuilds; delete one -> ninja runs ir-trace, which fails,
# and the old report stays byte-identical.
# Usage: ninja_depfile.sh IR_TRACE
set -u
irtrace=$(realpath "$1")
here=$(dirname "$(realpath "$0")")
. "$here/lib.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

make_dump one 'Pass A' 'Cost$1' 'Tag#2' 'Plain'
make_dump two 'Other' 'Pass B'
cat >build.ninja <<NJ
rule irtrace
  command = $irtrace \$in -o \$out --depfile \$out.d --depfile-format ninja -q
  depfile = \$out.d
  deps = gcc
build one.html: irtrace one
build two.html: irtrace two
NJ

ninja -j4 >build.log 2>&1 || { cat build.log; fail "first build"; }
[[ -s one.html && -s two.html ]] || fail "reports missing"
ninja -n | grep -q "no work to do" || fail "not up to date right after the build: $(ninja -n)"

touch_check() {  # touch_check DUMP FILE OTHER: touching FILE rebuilds DUMP.html only
  local dump=$1 file=$2 other=$3
  [[ -e "$dump/$file" ]] || fail "no $dump/$file"
  touch_newer "$dump/$file" "$dump.html"
  ninja -j4 -v >touch.log 2>&1 || { cat touch.log; fail "rebuild after touching $dump/$file"; }
  grep -q -- "-o $dump.html" touch.log || fail "touching $dump/$file did not rebuild $dump.html"
  grep -q -- "-o $other.html" touch.log && fail "touching $dump/$file rebuilt $other.html too"
  ninja -n | grep -q "no work to do" || fail "not up to date after the rebuild for $dump/$file"
}
touch_check one '01_after_Pass A.py' two
touch_check one '02_after_Cost$1.py' two
touch_check one '03_after_Tag#2.py' two
touch_check two '02_after_Pass B.py' one

cp one.html saved.html
rm 'one/02_after_Cost$1.py'
ninja -j4 >delete.log 2>&1 && fail "ninja succeeded after deleting a snapshot"
grep -q "ir-trace: error: .*missing" delete.log || fail "ir-trace did not name the gap: $(cat delete.log)"
cmp -s saved.html one.html || fail "one.html changed after a failed run"
echo "ok: ninja"
