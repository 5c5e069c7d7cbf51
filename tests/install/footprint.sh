#!/bin/bash
# What the recording library adds to a compiler that links it: the tile_pipeline example (examples/) built in
# Release against the installed library (`cmake --install` into a scratch prefix) and against a no-op stub of
# the same API (tests/install/stub/), both stripped; the difference must be at most 4 MiB. Prints the figures.
# Usage: footprint.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
src=$(cd "$2" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
limit=$((4 * 1024 * 1024))

cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
# The installed archive carries no debug info.
debug=$(readelf -S --wide "$tmp/prefix/lib/libirtrace.a" | grep -c '\.debug_info' || true)
[ "$debug" = 0 ] || fail "the installed libirtrace.a has debug info ($debug members with .debug_info)"

example=$src/examples/tile_pipeline
build_one() {  # build_one DIR CMAKE_ARGS...
  local dir=$1
  shift
  cmake -S "$example" -B "$tmp/$dir" -DCMAKE_BUILD_TYPE=Release "$@" >"$tmp/$dir.log" 2>&1 &&
    cmake --build "$tmp/$dir" >>"$tmp/$dir.log" 2>&1 || { cat "$tmp/$dir.log" >&2; fail "building the example ($dir)"; }
  strip -o "$tmp/$dir.stripped" "$tmp/$dir/tile_pipeline"
  stat -c %s "$tmp/$dir.stripped"
}
real=$(build_one real -DCMAKE_PREFIX_PATH="$tmp/prefix")
stub=$(build_one stub -Dirtrace_DIR="$src/tests/install/stub" -DIRTRACE_STUB_INCLUDE="$src/lib/record")
grown=$((real - stub))
printf 'footprint: the example stripped is %d bytes with the library, %d with a no-op stub: +%d bytes (%.2f MiB; limit 4 MiB); the installed libirtrace.a is %d bytes\n' \
  "$real" "$stub" "$grown" "$(awk -v g="$grown" 'BEGIN { print g / 1048576 }')" "$(stat -c %s "$tmp/prefix/lib/libirtrace.a")"
(( grown <= limit )) || fail "linking the library adds $grown bytes, over $limit"
echo "ok"
