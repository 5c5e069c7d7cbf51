#!/usr/bin/env bash
# The "no behaviour change" check of refactoring commits (issue 22): every testdata/ dump and every
# ../shared/fixtures dump converted with --no-compress (and one compare report of the fixtures' real pair),
# each report's payload (the <script id="ir-trace-data"> element's text) hashed, one line per report:
#   <sha256>  <input label>/<report file>
# Usage: tests/arch/payload_baseline.sh IR_TRACE [OUT.txt]   (run from anywhere; prints to OUT or stdout)
# Compare two runs with diff: the lines are sorted, so a changed payload is one line.
set -euo pipefail
bin=$(realpath "$1")
out=${2:-/dev/stdout}
root=$(cd "$(dirname "$0")/../.." && pwd)
fixtures=$root/../shared/fixtures
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

inputs=()
for d in "$root"/testdata/*/; do
  # oracle/: C programs and MLIR inputs, their logs generated; triton_stream/: a log and its generator
  case $d in */oracle/ | */triton_stream/) continue ;; esac
  inputs+=("${d%/}")
done
inputs+=("$root/testdata/pypto_build/passes_dump")
if [[ -d $fixtures ]]; then
  while IFS= read -r d; do inputs+=("$d"); done < <(find "$fixtures" -type d -name passes_dump | sort)
fi

# The text of a report's data element alone (it opens and closes on one line, before the viewer's script: a
# range of lines up to the next "</script>" would take the script in too).
payload() { perl -0777 -ne 'print $1 if /<script type="application\/json" id="ir-trace-data">(.*?)<\/script>/s' "$1"; }

n=0
for d in "${inputs[@]}"; do
  label=${d#"$root/"}; label=${label#"$root/../shared/"}
  dir=$tmp/$n; n=$((n + 1)); mkdir -p "$dir"
  # -o DIR/ writes one report per report the input makes (an XLA dump: one per module).
  (cd "$(dirname "$d")" && "$bin" "$(basename "$d")" --no-compress -q -o "$dir/") >"$dir.log" 2>&1 \
    || echo "exit $? $label: $(head -c 300 "$dir.log")" >>"$tmp/status"
  for f in "$dir"/*.html; do
    [[ -e $f && $(basename "$f") != index.html ]] || continue
    h=$(payload "$f" | sha256sum | cut -d' ' -f1)
    echo "$h  $label/$(basename "$f")" >>"$tmp/lines"
  done
done
if [[ -d $fixtures/pypto/pa4_build_previous ]]; then
  (cd "$fixtures/pypto" && "$bin" compare pa4_build_previous/passes_dump pa4_build/passes_dump --no-compress \
     -q -o "$tmp/compare.html") >"$tmp/compare.log" 2>&1 || echo "exit $? compare: $(head -c 300 "$tmp/compare.log")" >>"$tmp/status"
  h=$(payload "$tmp/compare.html" | sha256sum | cut -d' ' -f1)
  echo "$h  compare pa4_build_previous pa4_build" >>"$tmp/lines"
fi
# The run model (report/run_result.h) as its writers spell it: one batch run over the pypto fixtures with
# --baseline (a diverged, a same and a missing baseline) and an invalid dump, its --json / --junit /
# --markdown summaries and index data hashed with the timings taken out, its error lines kept verbatim.
if [[ -d $fixtures/pypto/pa4_build_previous ]]; then
  b=$tmp/batch; mkdir -p "$b/root/bad/passes_dump" "$b/base/pa4_build" "$b/base/bad"
  for d in batch_hash_lookup pa4_build qwen3_32b_training; do ln -s "$fixtures/pypto/$d" "$b/root/$d"; done
  ln -s "$fixtures/pypto/pa4_build_previous/passes_dump" "$b/base/pa4_build/passes_dump"
  ln -s "$fixtures/pypto/batch_hash_lookup" "$b/base/batch_hash_lookup"
  printf 'x = 1\n' >"$b/root/bad/passes_dump/00_frontend.py"
  printf 'x = 2\n' >"$b/root/bad/passes_dump/02_after_Gap.py"
  (cd "$b/root" && "$bin" --find . --baseline ../base --no-compress -q -o ../out/ --json ../s.json \
     --junit ../s.xml --markdown ../s.md) >"$b/stdout" 2>"$b/stderr" || echo "exit $? batch" >>"$tmp/status"
  untime() { sed -E 's/"seconds":[0-9.e+-]+/"seconds":T/g; s/time="[^"]*"/time="T"/g' "$@"; }
  for f in s.json s.xml s.md; do echo "$(untime "$b/$f" | sha256sum | cut -d' ' -f1)  batch $f" >>"$tmp/lines"; done
  echo "$(sed -n '/id="ir-trace-index"/,/<\/script>/p' "$b/out/index.html" | untime | sha256sum | cut -d' ' -f1)  batch index.html" >>"$tmp/lines"
  sed 's/^/batch stderr: /' "$b/stderr" >>"$tmp/status"
fi
{ sort -k2 "$tmp/lines"; [[ -e $tmp/status ]] && sort "$tmp/status"; true; } >"$out"
