#!/usr/bin/env bash
# The batch benchmark (issue 10): tests/bench/batch_bench.sh [BUILD_DIR]   (default BUILD_DIR: build)
#
# Makes BENCH_DUMPS copies of one dump (default: 1,000 of the real qwen3 dump) in a temporary directory
# (removed on exit), measures single-dump runs, then converts them all in one batch run with `-j BENCH_JOBS`,
# and prints the figures and PASS/FAIL lines for the bounds on stdout; progress goes to stderr.
# Builds nothing: run `cmake --build BUILD_DIR --target ir-trace` first.
#
# Bounds: the batch's CPU (user + system) <= 1.2x the sum of the single-dump CPU times; its peak RSS <= 2x
# one dump's; and memory held by the dumps in flight only: a second, smaller batch (a tenth of the copies)
# gives the peak RSS each further dump adds, which must stay under 1% of a dump's bytes (what a finished
# dump leaves is its line in the run's results, for the index and summaries, not its contents).
#
# Environment:
#   BENCH_DUMPS=N          copies to make and convert (default 1000)
#   BENCH_SINGLE_RUNS=N    single-dump runs measured, on N copies spread over the batch (default 20)
#   BENCH_JOBS=N           the batch's -j (default 2)
#   BENCH_SOURCE=DIR       the dump to copy (default ../shared/fixtures/pypto/qwen3_32b_training/passes_dump)
#   BENCH_IRTRACE          binary to use instead of BUILD_DIR/ir-trace
#
# Exit status: 0 when both bounds are met; 1 when one is missed or ir-trace exits non-zero; 2 when it
# cannot run (no binary, no /usr/bin/time, bad variable).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-build}
[[ -d $build || $build = /* ]] || build=$root/$build
irtrace=${BENCH_IRTRACE:-$build/ir-trace}
dumps=${BENCH_DUMPS:-1000}
single_runs=${BENCH_SINGLE_RUNS:-20}
jobs=${BENCH_JOBS:-2}
source_dump=${BENCH_SOURCE:-$(cd "$root/.." && pwd)/shared/fixtures/pypto/qwen3_32b_training/passes_dump}
time_v=/usr/bin/time
cpu_bound=1.2 rss_bound=2

log() { printf '%s\n' "$*" >&2; }
die() { log "batch_bench.sh: $*"; exit 2; }

[[ -x $irtrace ]] || die "no ir-trace at $irtrace (build it, or set BENCH_IRTRACE)"
# Peak RSS needs it; scripts/setup.sh --tests installs it.
[[ -x $time_v ]] || die "$time_v is missing (apt-get install time)"
[[ -d $source_dump ]] || die "no dump at $source_dump (set BENCH_SOURCE)"
positive() { [[ $2 =~ ^[1-9][0-9]*$ ]] || die "$1 must be a positive number, got '$2'"; }
positive BENCH_DUMPS "$dumps"
positive BENCH_SINGLE_RUNS "$single_runs"
positive BENCH_JOBS "$jobs"
((single_runs <= dumps)) || die "BENCH_SINGLE_RUNS ($single_runs) exceeds BENCH_DUMPS ($dumps)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ir-trace-batch-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

now_ns() { date +%s%N; }
calc() { awk "BEGIN { $1 }"; }
# Field of a `/usr/bin/time -v` report: user + system seconds, or the peak RSS in bytes.
cpu_of() { awk -F': ' '/User time|System time/ {s += $2} END {print s}' "$1"; }
rss_of() { awk -F': ' '/Maximum resident set size/ {print $2 * 1024}' "$1"; }
mb() { calc "printf \"%.1f\", $1 / 1048576"; }

# ---- the dumps: ROOT/NNNN/passes_dump, hard links to one private copy of the source (so the batch reads
# about one dump's worth of distinct pages and measures ir-trace, not the disk), except the frontend,
# which is a real copy with its first line rewritten: no two dumps are byte-identical (and in qwen3 the
# first line is the program name, so each report has its own title; pass 1 then changes that line).
frontend=$(cd "$source_dump" && find . -maxdepth 1 -type f -name '00_frontend.*' -printf '%f\n' | head -1)
[[ -n $frontend ]] || die "$source_dump holds no 00_frontend.<ext>"
log "== making $dumps copies of $source_dump"
t0=$(now_ns)
base=$tmp/base
mkdir "$base"
cp -p "$source_dump"/* "$base"/
chmod u+r "$base"/*
dump_bytes=$(find "$base" -maxdepth 1 -type f -printf '%s\n' | awk '{s += $1} END {print s + 0}')
dump_root=$tmp/dumps
for ((i = 1; i <= dumps; i++)); do
  d=$(printf '%s/%04d/passes_dump' "$dump_root" "$i")
  mkdir -p "$d"
  ln "$base"/* "$d"/ 2>/dev/null || cp "$base"/* "$d"/  # a filesystem without hard links: copies
  rm "$d/$frontend"
  sed "1s/\$/_copy$i/" "$base/$frontend" >"$d/$frontend"
done
log "   made in $(calc "printf \"%.1f\", ($(now_ns) - $t0) / 1e9") s"

# ---- one dump at a time: BENCH_SINGLE_RUNS runs, each on another copy, as `ir-trace DUMP -o FILE`.
# They run in one shell loop under one `time -v`, because time prints CPU seconds to 2 decimals (a 40 ms
# run would round by up to 12%); the loop's own cost (the shell forking) is counted too, about a
# millisecond a run. The peak RSS is that of the largest run (the shell's is smaller).
picks=()
for ((k = 0; k < single_runs; k++)); do
  picks+=("$(printf '%s/%04d/passes_dump' "$dump_root" $((1 + k * dumps / single_runs)))")
done
log "== $single_runs single-dump runs"
"$irtrace" "${picks[0]}" -o "$tmp/single.html" -q  # warm-up, untimed (page cache, binary)
single_ok=1
# shellcheck disable=SC2016  # the loop's variables are bash -c's own
"$time_v" -v -o "$tmp/single.time" bash -c '
  irtrace=$1 out=$2; shift 2
  for d; do "$irtrace" "$d" -o "$out" -q || exit 1; done' _ "$irtrace" "$tmp/single.html" "${picks[@]}" ||
  single_ok=0
((single_ok)) || { log "FAILED: a single-dump run exited non-zero"; exit 1; }
single_cpu=$(calc "print $(cpu_of "$tmp/single.time") / $single_runs")
single_rss=$(rss_of "$tmp/single.time")
single_sum=$(calc "print $single_cpu * $dumps")

# ---- the batch: every copy in one run.
log "== batch: $dumps dumps, -j $jobs"
out=$tmp/out/
t0=$(now_ns)
batch_ok=1
"$time_v" -v -o "$tmp/batch.time" "$irtrace" --find "$dump_root" -o "$out" -j "$jobs" -q 2>"$tmp/batch.err" ||
  batch_ok=0
t1=$(now_ns)
if ((!batch_ok)); then
  log "FAILED: ir-trace --find $dump_root -o $out -j $jobs"
  tail -20 "$tmp/batch.err" | sed 's/^/   | /' >&2
  exit 1
fi
reports=$(find "$out" -maxdepth 1 -name '*.html' ! -name index.html | wc -l)
((reports == dumps)) || { log "FAILED: $reports reports for $dumps dumps"; exit 1; }
batch_wall=$(calc "print ($t1 - $t0) / 1e9")
batch_cpu=$(cpu_of "$tmp/batch.time")
batch_rss=$(rss_of "$tmp/batch.time")
cpu_ratio=$(calc "print $batch_cpu / $single_sum")
rss_ratio=$(calc "print $batch_rss / $single_rss")

# ---- a tenth of the batch (the first copies, named on the command line), for the RSS a dump adds.
# The allocator moves a peak by a few hundred KB from run to run: below 200 dumps that is more than the
# bound, so the figure is left out.
small=$((dumps / 10))
growth=n/a
if ((small >= 20)); then
  log "== batch: $small dumps, -j $jobs (RSS per dump)"
  small_dumps=()
  for ((i = 1; i <= small; i++)); do small_dumps+=("$(printf '%s/%04d/passes_dump' "$dump_root" "$i")"); done
  "$time_v" -v -o "$tmp/small.time" "$irtrace" "${small_dumps[@]}" -o "$tmp/small/" -j "$jobs" -q \
    2>"$tmp/small.err" || { log "FAILED: the small batch"; exit 1; }
  small_rss=$(rss_of "$tmp/small.time")
  growth=$(calc "print ($batch_rss - $small_rss) / ($dumps - $small)")
fi

# ---- figures
echo
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
echo "dumps: $dumps copies of $source_dump ($(calc "printf \"%.0f\", $dump_bytes / 1024") KB each, first line of the frontend varied)"
echo "single dump: ir-trace DUMP -o FILE, $single_runs runs on $single_runs of the copies:" \
  "cpu $(calc "printf \"%.3f\", $single_cpu") s mean, peak RSS $(mb "$single_rss") MB"
echo "sum of single-dump cpu: mean x $dumps = $(calc "printf \"%.1f\", $single_sum") s"
echo "batch: ir-trace --find ROOT -o OUTDIR/ -j $jobs: wall $(calc "printf \"%.1f\", $batch_wall") s," \
  "cpu $(calc "printf \"%.1f\", $batch_cpu") s, peak RSS $(mb "$batch_rss") MB," \
  "$(calc "printf \"%.1f\", $dumps / $batch_wall") dumps/s"
if [[ $growth = n/a ]]; then
  echo "RSS each further dump adds: not measured (needs BENCH_DUMPS >= 200)"
else
  echo "batch of $small (the first copies): peak RSS $(mb "$small_rss") MB;" \
    "each further dump adds $(calc "printf \"%.1f\", $growth / 1024") KB"
fi
echo

status=0
# check LABEL EXPR DETAIL: EXPR is awk, true when the bound is met
check() {
  if [[ $(calc "print ($2) ? 1 : 0") = 1 ]]; then echo "PASS  $1  ($3)"; else echo "FAIL  $1  ($3)"; status=1; fi
}
check "batch cpu <= $cpu_bound x the single-dump sum" "$cpu_ratio <= $cpu_bound" \
  "$(calc "printf \"%.2f\", $cpu_ratio")x"
check "batch peak RSS <= $rss_bound x one dump's" "$rss_ratio <= $rss_bound" \
  "$(calc "printf \"%.2f\", $rss_ratio")x: $(mb "$batch_rss") MB vs $(mb "$single_rss") MB"
if [[ $growth != n/a ]]; then
  check "peak RSS a dump adds <= 1% of its bytes" "$growth <= 0.01 * $dump_bytes" \
    "$(calc "printf \"%.1f\", $growth / 1024") KB per dump of $(calc "printf \"%.0f\", $dump_bytes / 1024") KB"
fi
exit "$status"
