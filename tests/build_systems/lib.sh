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

# touch_newer FILE THAN: touches FILE until its mtime is strictly newer than THAN's, so that the build tool
# sees the change however coarse the filesystem's timestamps are or however loaded the machine is (a fixed
# short sleep was not always enough).
touch_newer() {
  local tries=0
  touch "$1"
  while [[ ! "$1" -nt "$2" ]]; do
    ((tries++ < 300)) || fail "cannot make $1 newer than $2"
    sleep 0.01
    touch "$1"
  done
}
