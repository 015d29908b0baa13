# Shared helpers of the end-to-end scripts (sourced, not a test): the cairn binary, field extraction.
: "${CAIRN:?CAIRN must name the cairn executable}"
: "${CAIRN_SOURCE_DIR:=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
: "${CAIRN_SHARED_DIR:=$CAIRN_SOURCE_DIR/../shared}"
unset NO_COLOR CAIRN_FORMAT

# The first (top-level) value of a string or integer field in one compact JSON record.
json_str() { grep -o "\"$1\":\"[^\"]*\"" | head -1 | sed -E "s/^\"$1\":\"(.*)\"$/\\1/"; }
json_int() { grep -o "\"$1\":[0-9-]*" | head -1 | sed -E "s/^\"$1\"://"; }

# The tally of a scripted test: e2e_start makes $tmp (removed at exit) and zeroes the counts; ok and bad count
# one check (bad prints a FAIL line); has NAME TEXT checks that $out holds TEXT; e2e_finish NAME prints the
# totals and fails the script when a check failed.
e2e_start() {
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  pass=0 fail=0
}
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }
has() { if grep -q -- "$2" <<<"$out"; then ok; else bad "$1: output lacks '$2': $(head -c 300 <<<"$out")"; fi; }
e2e_finish() {
  echo "$1: $pass passed, $fail failed"
  [ "$fail" -eq 0 ]
}
