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

# log_has LOG TEXT WHAT: fails with WHAT unless a line of LOG holds TEXT (a fixed string, not a pattern).
# The failure shows the log and the bytes (od -c) of its lines that name an error, so that a difference of
# quoting, locale or line ending between what the test expects and what the tool wrote is visible.
log_has() {
  grep -qF -- "$2" "$1" && return 0
  echo "--- $1 (expected a line holding: $2)" >&2
  cat "$1" >&2
  echo "--- its lines naming an error, as bytes:" >&2
  grep -i -- 'error' "$1" | od -c >&2
  fail "$3"
}

# log_lacks LOG TEXT WHAT: fails with WHAT when a line of LOG holds TEXT; the failure shows those lines' bytes.
log_lacks() {
  grep -qF -- "$2" "$1" || return 0
  echo "--- $1 (expected no line holding: $2)" >&2
  cat "$1" >&2
  echo "--- the lines holding it, as bytes:" >&2
  grep -F -- "$2" "$1" | od -c >&2
  fail "$3"
}
