#!/usr/bin/env bash
# The LLVM log benchmark (issue 11, "Speed"): tests/bench/llvm_log_bench.sh [--quick] [--log-only]
#
# Converts a ~500 MB function-scope `opt -O2 -print-after-all` log of a generated ~1,500-function C program
# (llvm_log_gen.py) with `ir-trace LOG -o out.html`, once from the file and once from a pipe
# (`cat LOG | ir-trace - -o out.html`), and prints throughput (input bytes / wall seconds of the whole run,
# the report included) and peak RSS against the issue's bounds, with `diff -u` over the same text as the
# floor beside them. Figures and PASS/FAIL lines go to stdout, progress to stderr.
#
# The log is made once and cached in BENCH_DIR/llvm_log (C file, .ll, log, the log's edited copy for the
# floor, and a stamp naming the generator's and this script's recipe versions and the function count): a
# later run reuses it when the stamp matches. Making it takes opt a few minutes (about 90 s on a quiet
# machine, 8 on a busy one) and ~1.1 GB of disk (the log and its edited copy); --quick makes and uses a
# ~50 MB log instead.
# Builds nothing: run `cmake --build build --target ir-trace` first.
#
# Options:
#   --quick                150 functions (~50 MB of log) instead of 1,500, for a fast check
#   --log-only             make (or reuse) the log, print its path on stdout and stop: nothing measured
#                          (tests/bench/browser_bench.mjs --targets takes the log's report from it)
# Environment:
#   IRTRACE_BIN            the ir-trace to measure (default: build/ir-trace of this checkout)
#   BENCH_DIR              cache root (default /tmp/irtrace-bench); the log goes to BENCH_DIR/llvm_log
#   BENCH_FUNCTIONS=N      functions to generate instead of 1,500 (150 with --quick)
#   BENCH_RUNS=N           timed runs per measurement, the median wall time is reported (default 3)
#   BENCH_TIMEOUT=S        a run still going after S seconds is stopped and counted as failed (default 600)
#   BENCH_TIMER=auto|gnu|python
#                          how peak RSS and CPU are taken: GNU time (/usr/bin/time), or a python3 wrapper
#                          reading getrusage(RUSAGE_CHILDREN); auto (default) uses GNU time when installed
#   BENCH_CLANG, BENCH_OPT the compilers (default clang-19, opt-19)
#
# Exit status: 0 when every bound is met; 1 when one is missed or ir-trace fails or times out (everything is
# still printed); 2 when it cannot run (no binary, no compiler to make the log, bad option).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)

log() { printf '%s\n' "$*" >&2; }
die() { log "llvm_log_bench.sh: $*"; exit 2; }
usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "${BASH_SOURCE[0]}"; }

functions=${BENCH_FUNCTIONS:-1500}
quick=0
log_only=0
for arg; do
  case $arg in
    --quick) quick=1; functions=${BENCH_FUNCTIONS:-150} ;;
    --log-only) log_only=1 ;;
    -h | --help) usage; exit 0 ;;
    *) die "unknown argument '$arg' (--quick, --log-only, --help)" ;;
  esac
done
irtrace=${IRTRACE_BIN:-$root/build/ir-trace}
cache=${BENCH_DIR:-/tmp/irtrace-bench}/llvm_log
runs=${BENCH_RUNS:-3}
limit=${BENCH_TIMEOUT:-600}
timer=${BENCH_TIMER:-auto}
clang=${BENCH_CLANG:-clang-19}
opt=${BENCH_OPT:-opt-19}
gen=$here/llvm_log_gen.py
# The issue's bounds: throughput in MB/s from the file and from the pipe, and at least diff -u's over the
# log's bytes in the same run; peak RSS in MB (MB = 2^20 bytes throughout). 200 MB/s from both is the target.
min_file_rate=192 min_pipe_rate=171 target_rate=200 max_rss=256
# The commands below that make the log and its edited copy: bump it when they change, so a log cached by
# an older recipe is made again (llvm_log_gen.py has its own version for the C it writes).
recipe=2
# Lines changed in the floor's copy of the log: a few thousand, spread evenly.
edits=3000

positive() { [[ $2 =~ ^[1-9][0-9]*$ ]] || die "$1 must be a positive number, got '$2'"; }
positive BENCH_FUNCTIONS "$functions"
positive BENCH_RUNS "$runs"
positive BENCH_TIMEOUT "$limit"
[[ -x $irtrace ]] || die "no ir-trace at $irtrace (build it, or set IRTRACE_BIN)"
command -v python3 >/dev/null || die "python3 is missing (it writes the C program)"
command -v diff >/dev/null || die "diff is missing (the floor)"
case $timer in
  auto) if /usr/bin/time --version 2>&1 | grep -q GNU; then timer=gnu; else timer=python; fi ;;
  gnu) /usr/bin/time --version 2>&1 | grep -q GNU || die "BENCH_TIMER=gnu, but /usr/bin/time is not GNU time" ;;
  python) ;;
  *) die "BENCH_TIMER must be auto, gnu or python, got '$timer'" ;;
esac

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ir-trace-llvm-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

now_ns() { date +%s%N; }
calc() { awk "BEGIN { $1 }"; }
mb() { calc "printf \"%.1f\", $1 / 1048576"; }
grouped() { sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<<"$1"; }

# ---- the log, made once per generator version, recipe and function count
base=$cache/f$functions
stamp="llvm_log_gen.py version $(python3 "$gen" --version), recipe $recipe, $functions functions"
if [[ -f $base.stamp && $(head -1 "$base.stamp") = "$stamp" && -f $base.log && -f $base.edited.log ]]; then
  log "== reusing $base.log ($stamp)"
else
  command -v "$clang" >/dev/null || die "$clang is missing (set BENCH_CLANG; Debian: apt-get install clang-19)"
  command -v "$opt" >/dev/null || die "$opt is missing (set BENCH_OPT; Debian: apt-get install llvm-19)"
  mkdir -p "$cache"
  rm -f "$base.stamp"  # a run stopped half-way leaves no stamp, so the next one starts over
  log "== making $base.log: $functions functions, $opt -O2 -print-after-all (a few minutes)"
  t0=$(now_ns)
  python3 "$gen" "$functions" >"$base.c"
  # Relative names, so the log (its ModuleID and source_filename lines) does not depend on BENCH_DIR.
  # -disable-O0-optnone: clang -O0 marks every function optnone, and opt would then skip them all.
  (cd "$cache" && "$clang" -O0 -Xclang -disable-O0-optnone -emit-llvm -S "f$functions.c" -o "f$functions.ll" &&
    "$opt" -O2 -print-after-all -S "f$functions.ll" -o /dev/null 2>"f$functions.log.part")
  mv "$base.log.part" "$base.log"
  # The floor's copy: every k-th line changed, about $edits lines in all.
  lines=$(wc -l <"$base.log")
  every=$((lines / edits > 0 ? lines / edits : 1))
  awk -v k=$every '
    NR % k == 0 { $0 = $0 " ; edited by the benchmark" } { print }' "$base.log" >"$base.edited.log.part"
  mv "$base.edited.log.part" "$base.edited.log"
  { echo "$stamp"; "$opt" --version | grep -i 'llvm version' | sed 's/^ *//'; echo $((lines / every)); } >"$base.stamp"
  log "   made in $(calc "printf \"%.0f\", ($(now_ns) - $t0) / 1e9") s"
fi
input=$base.log
edited=$base.edited.log
if ((log_only)); then
  printf '%s\n' "$input"
  exit 0
fi
bytes=$(stat -c %s "$input")
edited_bytes=$(stat -c %s "$edited")
llvm_version=$(sed -n 2p "$base.stamp")
changed=$(sed -n 3p "$base.stamp")

# What the log holds, by the scope its banners name (this also reads it into the page cache: every run
# below is measured warm).
read -r dumps modules invalidated loops sccs fns < <(grep -a '^; \*\*\* IR Dump' "$input" | awk '
  { n++ }
  / on \[module\] \*\*\*$/ { m++; next }
  /\(invalidated\)/ { inv++; next }
  / on loop / { l++; next }
  / on \(/ { s++; next }
  { f++ }
  END { print n + 0, m + 0, inv + 0, l + 0, s + 0, f + 0 }')

# ---- measuring: measure OUT CMD... runs CMD and writes "PEAK_RSS_KB CPU_SECONDS WALL_SECONDS" (CPU: user
# + system) to OUT, of CMD and what it waited for only: in `cat LOG | measure ...` the wrapper is the pipe's
# reader, and cat's memory is not counted. It returns CMD's exit status.
measure() {
  local out=$1 status=0 t0 t1
  shift
  if [[ $timer = gnu ]]; then
    t0=$(now_ns)
    /usr/bin/time -f '%M %U %S' -o "$out.raw" "$@" || status=$?
    t1=$(now_ns)
    # GNU time puts "Command exited with non-zero status N" before the figures: the last line is ours (and
    # none at all when time itself was killed: then RSS and CPU are 0).
    { tail -1 "$out.raw" 2>/dev/null || true; } |
      awk -v wall="$(calc "print ($t1 - $t0) / 1e9")" 'NF >= 3 { rss = $1; cpu = $2 + $3 } END { print rss + 0, cpu + 0, wall }' >"$out"
    return "$status"
  fi
  # The wall time is taken here, not around python3, whose start-up is no part of the run. The child's
  # ru_maxrss starts at the interpreter's own RSS when it forks (about 10 MB): a figure below ~15 MB is the
  # wrapper's, not CMD's; above it, it is CMD's.
  python3 -c '
import resource, subprocess, sys, time
start = time.monotonic()
status = subprocess.call(sys.argv[2:])
wall = time.monotonic() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)  # ru_maxrss in KB on Linux
with open(sys.argv[1], "w") as out:
    out.write("%d %f %f\n" % (usage.ru_maxrss, usage.ru_utime + usage.ru_stime, wall))
sys.exit(status if status >= 0 else 128 - status)' "$out" "$@"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# failure STATUS WALL: why a run that exited STATUS after WALL seconds failed; nothing when it did not.
# timeout(1) exits 124 when it stopped the run with SIGTERM, 137 when it had to send SIGKILL as well.
failure() {
  local status=$1 wall=$2 last
  ((status == 0)) && return
  if ((status == 124)) || { ((status == 137)) && [[ $(calc "print ($wall >= $limit) ? 1 : 0") = 1 ]]; }; then
    echo "timed out after $limit s"
  elif ((status > 128)); then
    echo "killed by signal $((status - 128)) after $(calc "printf \"%.0f\", $wall") s, not by the benchmark's timeout"
  else
    last=$(tail -1 "$tmp/irtrace.txt")
    echo "exited $status${last:+: $last}"
  fi
}

# run_mode MODE: BENCH_RUNS runs of ir-trace on the log (MODE file or pipe); sets the mode's figures in
# r_wall, r_cpu (medians), r_rss (largest, KB), r_report (bytes), r_note (why it failed, or empty).
run_mode() {
  local mode=$1 walls=() cpus=() i status rss cpu wall
  r_rss=0 r_report=0 r_note=
  for ((i = 1; i <= runs; i++)); do
    log "== ir-trace, $mode, run $i of $runs"
    rm -f "$tmp/out.html"
    set +e
    if [[ $mode = file ]]; then
      measure "$tmp/m" timeout -k 10 "$limit" "$irtrace" "$input" -o "$tmp/out.html" >"$tmp/irtrace.txt" 2>&1
      status=$?
    else
      # shellcheck disable=SC2002  # the point: ir-trace's standard input is a pipe, not a file it could map
      cat "$input" | measure "$tmp/m" timeout -k 10 "$limit" "$irtrace" - -o "$tmp/out.html" >"$tmp/irtrace.txt" 2>&1
      status=${PIPESTATUS[1]}
    fi
    set -e
    rss=0 cpu=0 wall=0
    read -r rss cpu wall <"$tmp/m" || true  # nothing there when the wrapper itself was killed
    ((rss > r_rss)) && r_rss=$rss
    r_note=$(failure "$status" "$wall")
    if [[ -n $r_note ]]; then
      log "   $r_note"
      r_wall=$limit r_cpu=$cpu
      return
    fi
    walls+=("$wall")
    cpus+=("$cpu")
    r_report=$(stat -c %s "$tmp/out.html")
    log "   $(calc "printf \"%.2f\", ${walls[-1]}") s, peak RSS $(mb $((rss * 1024))) MB: $(tail -1 "$tmp/irtrace.txt")"
  done
  r_wall=$(printf '%s\n' "${walls[@]}" | median)
  r_cpu=$(printf '%s\n' "${cpus[@]}" | median)
}

run_mode file
f_wall=$r_wall f_cpu=$r_cpu f_rss=$r_rss f_report=$r_report f_note=$r_note
run_mode pipe
p_wall=$r_wall p_cpu=$r_cpu p_rss=$r_rss p_report=$r_report p_note=$r_note

# ---- the floor: GNU diff -u between the log and its edited copy, reading both whole (warm too).
cat "$edited" >/dev/null
walls=() d_rss=0
for ((i = 1; i <= runs; i++)); do
  log "== floor: diff -u, run $i of $runs"
  status=0
  measure "$tmp/m" diff -u "$input" "$edited" >/dev/null || status=$?
  ((status <= 1)) || die "diff -u exited $status"
  read -r rss cpu wall <"$tmp/m"
  walls+=("$wall")
  ((rss > d_rss)) && d_rss=$rss
done
d_wall=$(printf '%s\n' "${walls[@]}" | median)
d_read=$((bytes + edited_bytes))

# ---- figures
rate() { calc "printf \"%.1f\", $1 / 1048576 / $2"; }
# A failed run's peak RSS: 0 when the wrapper measuring it was killed too (it reported nothing).
rss_text() { if (($1 > 0)); then echo "$(mb $(($1 * 1024))) MB"; else echo "unknown: the measuring wrapper was killed"; fi; }
row() {  # row MODE WALL CPU RSS_KB REPORT NOTE
  if [[ -n $6 ]]; then
    printf '%-5s  %s; peak RSS %s\n' "$1" "$6" "$(rss_text "$4")"
  else
    printf '%-5s  %8.2f  %8s  %8.2f  %11s  %9s\n' "$1" "$2" "$(rate "$bytes" "$2")" "$3" "$(mb $(($4 * 1024)))" "$(mb "$5")"
  fi
}
echo
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
echo "log: $input: $(mb "$bytes") MB, $(grouped "$dumps") dumps ($(grouped "$modules") of the module," \
  "$(grouped "$invalidated") invalidated, $(grouped "$fns") of a function, $(grouped "$loops") of a loop," \
  "$(grouped "$sccs") of an SCC)"
echo "     $opt -O2 -print-after-all on $(grouped "$functions") generated functions ($llvm_version)$( ((quick)) && echo ', --quick')"
echo "ir-trace: $irtrace ($("$irtrace" --version 2>/dev/null | head -1 || echo 'version unknown'))"
echo "timer: $([[ $timer = gnu ]] && echo 'GNU time' || echo 'python3 getrusage(RUSAGE_CHILDREN)'); wall time and cpu: median of $runs run(s), page cache warm"
echo
echo "mode     wall s      MB/s     cpu s  peak RSS MB  report MB"
row file "$f_wall" "$f_cpu" "$f_rss" "$f_report" "$f_note"
row pipe "$p_wall" "$p_cpu" "$p_rss" "$p_report" "$p_note"
echo
echo "floor: diff -u LOG EDITED >/dev/null, the log against a copy with $(grouped "$changed") lines changed:" \
  "$(calc "printf \"%.2f\", $d_wall") s, $(rate "$d_read" "$d_wall") MB/s of the $(mb "$d_read") MB it reads" \
  "($(rate "$bytes" "$d_wall") MB/s of the log's), peak RSS $(mb $((d_rss * 1024))) MB"
echo

status=0
# check LABEL EXPR DETAIL: EXPR is awk, true when the bound is met
check() {
  if [[ $(calc "print ($2) ? 1 : 0") = 1 ]]; then echo "PASS  $1  ($3)"; else echo "FAIL  $1  ($3)"; status=1; fi
}
for mode in file pipe; do
  if [[ $mode = file ]]; then
    wall=$f_wall rss=$f_rss note=$f_note min_rate=$min_file_rate
  else
    wall=$p_wall rss=$p_rss note=$p_note min_rate=$min_pipe_rate
  fi
  if [[ -n $note ]]; then
    check "$mode: ir-trace converts the log" 0 "$note"
    # A run stopped by the timeout still gives a bound: the rate was below bytes / limit.
    [[ $note = timed* ]] && check "$mode: >= $min_rate MB/s" 0 "below $(rate "$bytes" "$limit") MB/s"
    if ((rss > 0)); then
      check "$mode: peak RSS <= $max_rss MB" "$rss * 1024 <= $max_rss * 1048576" "$(rss_text "$rss")"
    else
      echo "SKIP  $mode: peak RSS <= $max_rss MB  ($(rss_text "$rss"))"
    fi
    continue
  fi
  check "$mode: >= $min_rate MB/s" "$bytes / 1048576 / $wall >= $min_rate" "$(rate "$bytes" "$wall") MB/s"
  check "$mode: >= diff -u" "$wall <= $d_wall" \
    "$(rate "$bytes" "$wall") against $(rate "$bytes" "$d_wall") MB/s of the log's bytes"
  if [[ $(calc "print ($bytes / 1048576 / $wall >= $target_rate) ? 1 : 0") = 1 ]]; then
    echo "      $mode: the target, $target_rate MB/s, is met"
  else
    echo "      $mode: the target, $target_rate MB/s, is not met yet"
  fi
  check "$mode: peak RSS <= $max_rss MB" "$rss * 1024 <= $max_rss * 1048576" "$(mb $((rss * 1024))) MB"
done
((quick)) && echo "(--quick: the bounds are the issue's for the 500 MB log)"
exit "$status"
