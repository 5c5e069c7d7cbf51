# Shared by the build-system tests: failing with a message, and a generated dump whose pass names hold
# what a shell loop or a build tool reads specially.

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# make_dump DIR NAME...: a dump in DIR with a frontend and one pass per NAME (NN_after_NAME.py), each
# snapshot a different function body so every pass changes something.
make_dump() {
  local dir=$1 n=1 name
  shift
  mkdir -p "$dir"
  printf 'def f():\n    return 0\n' >"$dir/00_frontend.py"
  for name in "$@"; do
    printf 'def f():\n    return %d\n' "$n" >"$dir/$(printf %02d "$n")_after_$name.py"
    n=$((n + 1))
  done
}
