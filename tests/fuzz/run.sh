#!/usr/bin/env bash
# Fuzzing: tests/fuzz/run.sh SECONDS [TARGET...]
#
# Builds the libFuzzer targets (clang-19, ASan + UBSan, in build-fuzz/) and runs each for SECONDS, seeded
# with the committed corpus (tests/fuzz/corpus/<target>/) plus seeds made at run time from testdata/ and
# ../shared/fixtures (never committed). Targets: dump_names text_decode scope diff payload dump_log (default: all).
# Findings (crash-*, leak-*, timeout-* files) are left in build-fuzz/findings/<target>/: minimise one
# (`build-fuzz/fuzz_<target> -minimize_crash=1 FILE`), fix the fault, and commit the reproducer to
# tests/fuzz/crashes/<target>/, where tests/fuzz_replay_test.cpp replays it in the normal suite.
# Needs: apt-get install clang-19 libclang-rt-19-dev (plus the project's usual build packages).
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:?usage: tests/fuzz/run.sh SECONDS [TARGET...]}
shift
targets=("$@")
((${#targets[@]})) || targets=(dump_names text_decode scope diff payload dump_log)
command -v clang++-19 >/dev/null || { echo "run.sh: clang++-19 missing (apt-get install clang-19 libclang-rt-19-dev)" >&2; exit 2; }

CXX=clang++-19 cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DIRTRACE_FUZZ=ON -DIRTRACE_TESTS=OFF >/dev/null
cmake --build build-fuzz -j "$(nproc)" --target $(printf 'fuzz_%s ' "${targets[@]}") >/dev/null

seeds=$(mktemp -d "${TMPDIR:-/tmp}/ir-trace-seeds.XXXXXX")
trap 'rm -rf "$seeds"' EXIT
dumps=(testdata/sample_dump)
[[ -d ../shared/fixtures ]] && mapfile -t -O 1 dumps < <(find ../shared/fixtures -type d -name passes_dump | sort)
lang_byte() { case $1 in *.py) printf '\x00';; *.mlir) printf '\x01';; *.ll) printf '\x02';; *.cpp) printf '\x03';; *) printf '\x04';; esac; }
n=0
for d in "${dumps[@]}"; do
  mapfile -t snaps < <(find "$d" -maxdepth 1 -type f ! -name '*.log' -printf '%f\n' | sort -V)
  mkdir -p "$seeds"/{dump_names,text_decode,scope,diff,payload,dump_log}
  ls -1 "$d" > "$seeds/dump_names/$n"
  prev=''
  for s in "${snaps[@]}"; do
    f=$d/$s; n=$((n + 1))
    head -c 8192 "$f" > "$seeds/text_decode/$n"
    { lang_byte "$f"; head -c 8192 "$f"; } > "$seeds/scope/$n"
    if [[ -n $prev ]]; then
      { lang_byte "$f"; head -c 4096 "$prev"; printf '\x1e'; head -c 4096 "$f"; } > "$seeds/diff/$n"
      { printf '\x03'; head -c 2048 "$prev"; printf '\x1e'; head -c 2048 "$f"; } > "$seeds/payload/$n"
    fi
    prev=$f
  done
done

status=0
for t in "${targets[@]}"; do
  work=build-fuzz/corpus/$t findings=build-fuzz/findings/$t
  mkdir -p "$work" "$findings"
  echo "== $t: ${seconds}s" >&2
  # -timeout: one input taking over 10 s is a finding (a hang); -rss_limit_mb: 2 GB.
  if ! build-fuzz/fuzz_"$t" "$work" tests/fuzz/corpus/"$t" "$seeds/$t" -max_total_time="$seconds" \
      -max_len=16384 -timeout=10 -rss_limit_mb=2048 -artifact_prefix="$findings/" -print_final_stats=1 \
      2> build-fuzz/"$t".log; then
    status=1
  fi
  grep -E '^stat::number_of_executed_units|^stat::peak_rss_mb|^==[0-9]+==ERROR|^SUMMARY' build-fuzz/"$t".log >&2 || true
  ls "$findings" >&2
done
exit $status
