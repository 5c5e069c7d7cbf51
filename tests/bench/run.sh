#!/usr/bin/env bash
# The scale benchmark: tests/bench/run.sh [BUILD_DIR]   (default BUILD_DIR: build)
#
# Generates each case into a temporary directory (removed on exit), converts it with ir-trace and
# prints a Markdown table and PASS/FAIL lines for the targets on stdout; progress goes to stderr.
# Builds nothing: run `cmake --build BUILD_DIR --target ir-trace ir-trace-gen-dump` first.
#
# Environment:
#   BENCH_CASES="edits-100x5k qwen3"  run a subset (names below; default: all)
#   BENCH_RUNS=N                      timed runs per measurement, median taken (default 5)
#   BENCH_IRTRACE, BENCH_GEN          binaries to use instead of BUILD_DIR/ir-trace, BUILD_DIR/ir-trace-gen-dump
#   BENCH_BROWSER=0                   skip the browser columns
#
# Exit status: 0 whatever the targets say; 1 if a conversion failed (ir-trace exit != 0).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-build}
[[ -d $build || $build = /* ]] || build=$root/$build
irtrace=${BENCH_IRTRACE:-$build/ir-trace}
gen=${BENCH_GEN:-$build/ir-trace-gen-dump}
runs=${BENCH_RUNS:-5}
qwen3=$(cd "$root/.." && pwd)/shared/fixtures/pypto/qwen3_32b_training/passes_dump

# name | generator flags (or a dump directory)
all_cases=(
  "edits-100x5k|--passes 100 --lines 5000 --shape edits"
  "edits-30x5k|--passes 30 --lines 5000 --shape edits"
  "edits-300x5k|--passes 300 --lines 5000 --shape edits"
  "edits-300x20k|--passes 300 --lines 20000 --shape edits"
  "ssa-100x5k|--passes 100 --lines 5000 --shape ssa"
  "rewrite-10x50k|--passes 10 --lines 50000 --shape rewrite"
  "longline-10x5k|--passes 10 --lines 5000 --shape edits --long-line-bytes 1000000"
  "qwen3|$qwen3"
  "llvm-200x10k|--lang llvm --passes 200 --lines 10000 --shape edits"
  "llvm-fns-200x14k|--lang llvm --passes 200 --lines 14000 --functions 2000 --shape edits"
  "mlir-200x10k|--lang mlir --passes 200 --lines 10000 --shape edits"
  "mlir-fns-200x14k|--lang mlir --passes 200 --lines 14000 --functions 2000 --shape edits"
  "onefn-1x1m|--lang llvm --passes 1 --lines 1000000 --functions 1 --edits 17625"
)

log() { printf '%s\n' "$*" >&2; }
die() { log "run.sh: $*"; exit 2; }

[[ -x $irtrace ]] || die "no ir-trace at $irtrace (build it, or set BENCH_IRTRACE)"
[[ -x $gen ]] || die "no generator at $gen (cmake --build $build --target ir-trace-gen-dump, or set BENCH_GEN)"
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "BENCH_RUNS must be a positive number"
time_v=/usr/bin/time
[[ -x $time_v ]] || { log "note: /usr/bin/time missing (apt-get install time): no peak RSS"; time_v=; }
browser=1
if [[ ${BENCH_BROWSER:-1} = 0 ]] || ! command -v node >/dev/null; then browser=0; fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ir-trace-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

now_ns() { date +%s%N; }
# median of the numbers given as arguments
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
# awk arithmetic on numbers that may be "n/a"
calc() { awk "BEGIN { $1 }"; }
fmt() { if [[ $2 = n/a ]]; then echo n/a; else calc "printf \"$1\", $2"; fi; }

# Snapshots of a dump in numeric order (logs are not snapshots).
snapshots() { find "$1" -maxdepth 1 -type f ! -name '*.log' -printf '%f\n' | sort -V | sed "s|^|$1/|"; }

# Field $1 of the JSON line in $json ("n/a" when absent or null).
get() {
  printf '%s' "$json" | node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
    let v = null; try { v = JSON.parse(s)[process.argv[1]]; } catch {}
    process.stdout.write(v == null ? "n/a" : String(v)); })' "$1"
}

# The floor: `diff -u` over every adjacent pair, once.
floor_once() {
  local prev='' f
  for f in "${files[@]}"; do
    if [[ -n $prev ]]; then diff -u "$prev" "$f" >/dev/null || (($? == 1)); fi
    prev=$f
  done
}

declare -A R  # R[case,field]
failed=0
selected=${BENCH_CASES:-}
ran=()

for entry in "${all_cases[@]}"; do
  name=${entry%%|*} spec=${entry#*|}
  if [[ -n $selected && " $selected " != *" $name "* ]]; then continue; fi
  if [[ $spec = /* ]]; then
    dump=$spec
    [[ -d $dump ]] || { log "skip $name: no dump at $dump"; continue; }
    log "== $name: $dump"
  else
    dump=$tmp/$name
    log "== $name: generating ($spec)"
    t0=$(now_ns)
    # shellcheck disable=SC2086  # spec is a list of flags
    "$gen" --out "$dump" $spec
    log "   generated in $(calc "printf \"%.2f\", ($(now_ns) - $t0) / 1e9") s"
  fi
  ran+=("$name")
  mapfile -t files < <(snapshots "$dump")
  lines=$(cat "${files[@]}" | wc -l)
  R[$name,shape]="$((${#files[@]} - 1)) x $((lines / ${#files[@]}))"
  R[$name,input]=$(find "$dump" -maxdepth 1 -type f -printf '%s\n' | awk '{s+=$1} END {print s+0}')
  cat "${files[@]}" >/dev/null  # page cache warm for both sides

  # ir-trace: median wall time, the largest peak RSS of the runs.
  log "   ir-trace x $runs"
  report=$tmp/$name.html
  times=() cpus=() rss=0 ok=1
  for ((i = 0; i < runs; i++)); do
    rm -f "$report"
    t0=$(now_ns)
    if [[ -n $time_v ]]; then
      "$time_v" -v -o "$tmp/time.txt" "$irtrace" "$dump" -o "$report" >"$tmp/out.txt" 2>&1 || ok=0
    else
      "$irtrace" "$dump" -o "$report" >"$tmp/out.txt" 2>&1 || ok=0
    fi
    t1=$(now_ns)
    if ((!ok)); then
      log "   FAILED: ir-trace $dump -o $report"; sed 's/^/   | /' "$tmp/out.txt" | tail -20 >&2
      failed=1
      break
    fi
    times+=("$(calc "print ($t1 - $t0) / 1e9")")
    if [[ -n $time_v ]]; then
      kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$tmp/time.txt")
      ((kb > rss)) && rss=$kb
      cpus+=("$(awk -F': ' '/User time|System time/ {s += $2} END {print s}' "$tmp/time.txt")")
    fi
  done
  if ((!ok)); then
    R[$name,status]=failed
    [[ $spec = /* ]] || rm -rf "$dump"
    continue
  fi
  R[$name,status]=ok
  R[$name,time]=$(median "${times[@]}")
  R[$name,cpu]=$([[ -n $time_v ]] && median "${cpus[@]}" || echo n/a)
  R[$name,rss]=$([[ -n $time_v ]] && calc "print $rss * 1024" || echo n/a)
  R[$name,report]=$(stat -c %s "$report")

  log "   floor (diff -u) x $runs"
  floor_once  # warm-up, untimed
  times=()
  for ((i = 0; i < runs; i++)); do
    t0=$(now_ns); floor_once; t1=$(now_ns)
    times+=("$(calc "print ($t1 - $t0) / 1e9")")
  done
  R[$name,floor]=$(median "${times[@]}")

  R[$name,paint]=n/a R[$name,step]=n/a
  if ((browser)); then
    log "   browser"
    json=$(node "$here/browser_bench.mjs" "$report" 2>>"$tmp/node.err" || true)
    R[$name,paint]=$(get first_paint_ms) R[$name,step]=$(get j_step_ms)
    err=$(get error)
    [[ $err = n/a ]] || log "   browser: $err"
  fi
  rm -f "$report"
  [[ $spec = /* ]] || rm -rf "$dump"
done

# ---- table
mb() { if [[ $1 = n/a ]]; then echo n/a; else calc "printf \"%.1f\", $1 / 1048576"; fi; }
echo
echo "| case | passes x lines | input MB | ir-trace s | cpu s | floor s | ratio | peak RSS MB | report MB | report % of input | first paint ms | j step ms |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
for name in "${ran[@]}"; do
  in=${R[$name,input]}
  if [[ ${R[$name,status]} = failed ]]; then
    echo "| $name | ${R[$name,shape]} | $(mb "$in") | FAILED | | | | | | | | |"
    continue
  fi
  rss=${R[$name,rss]}
  echo "| $name | ${R[$name,shape]} | $(mb "$in") | $(fmt %.3f "${R[$name,time]}") | $(fmt %.3f "${R[$name,cpu]}")" \
    "| $(fmt %.3f "${R[$name,floor]}")" \
    "| $(calc "printf \"%.2f\", ${R[$name,time]} / ${R[$name,floor]}") | $(mb "$rss")" \
    "| $(mb "${R[$name,report]}") | $(calc "printf \"%.1f\", 100 * ${R[$name,report]} / $in")" \
    "| $(fmt %.0f "${R[$name,paint]}") | $(fmt %.1f "${R[$name,step]}") |"
done

# ---- targets
echo
# check LABEL EXPR-or-n/a DETAIL: EXPR is awk, true when the target is met
check() {
  local verdict
  if [[ $2 = *n/a* ]]; then verdict=SKIP
  elif [[ $(calc "print ($2) ? 1 : 0") = 1 ]]; then verdict=PASS
  else verdict=FAIL; fi
  echo "$verdict  $1  ($3)"
}
has() { [[ ${R[$1,status]:-} = ok ]]; }
if has edits-100x5k; then
  c=edits-100x5k t=${R[$c,time]} f=${R[$c,floor]} in=${R[$c,input]} rep=${R[$c,report]}
  check "$c: time <= 2x floor" "$t <= 2 * $f" "$(fmt %.3f "$t") s vs floor $(fmt %.3f "$f") s"
  check "$c: report <= 5% of input" "$rep <= 0.05 * $in" "$(mb "$rep") MB of $(mb "$in") MB"
  check "$c: first paint <= 1000 ms" "${R[$c,paint]} <= 1000" "$(fmt %.0f "${R[$c,paint]}") ms"
  check "$c: j step <= 50 ms" "${R[$c,step]} <= 50" "$(fmt %.1f "${R[$c,step]}") ms"
fi
if has qwen3; then
  check "qwen3: report <= 50% of input" "${R[qwen3,report]} <= 0.5 * ${R[qwen3,input]}" \
    "$(mb "${R[qwen3,report]}") MB of $(mb "${R[qwen3,input]}") MB"
fi
if has edits-30x5k && has edits-300x5k; then
  check "edits-300x5k: time <= 11x edits-30x5k" "${R[edits-300x5k,time]} <= 11 * ${R[edits-30x5k,time]}" \
    "$(fmt %.3f "${R[edits-300x5k,time]}") s vs $(fmt %.3f "${R[edits-30x5k,time]}") s"
fi
if has ssa-100x5k; then
  check "ssa-100x5k: report < 50% of input" "${R[ssa-100x5k,report]} < 0.5 * ${R[ssa-100x5k,input]}" \
    "$(mb "${R[ssa-100x5k,report]}") MB of $(mb "${R[ssa-100x5k,input]}") MB"
fi
# Many functions cost what changed: 2,000 functions against the usual ~100 in a dump of the same size and
# pass count (the same bytes within a few percent).
for lang in llvm mlir; do
  many=$lang-fns-200x14k usual=$lang-200x10k
  if has "$many" && has "$usual"; then
    check "$many: report <= 2x $usual report" "${R[$many,report]} <= 2 * ${R[$usual,report]}" \
      "$(mb "${R[$many,report]}") MB vs $(mb "${R[$usual,report]}") MB"
    check "$many: cpu <= 2x $usual cpu" "${R[$many,cpu]} <= 2 * ${R[$usual,cpu]}" \
      "$(fmt %.3f "${R[$many,cpu]}") s vs $(fmt %.3f "${R[$usual,cpu]}") s"
  fi
done
for name in "${ran[@]}"; do
  has "$name" || continue
  rss=${R[$name,rss]} in=${R[$name,input]}
  check "$name: peak RSS <= input + 64 MB" "$rss <= $in + 64 * 1048576" \
    "$(mb "$rss") MB vs $(mb "$in") MB input"
done
for name in "${ran[@]}"; do
  [[ ${R[$name,status]} = failed ]] && echo "FAIL  $name: ir-trace exited non-zero"
done

exit "$failed"
