#!/usr/bin/env bash
# The shared conformance suite: every refuse/ program is refused with its expected code and line;
# every run/ and tests/ program is accepted by `cairn check`. One line per failure, then the totals.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
conf="$CAIRN_SHARED_DIR/conformance"
if [ ! -d "$conf" ]; then
  echo "conformance: no suite at $conf"
  exit 1
fi
pass=0 fail=0
for f in "$conf"/refuse/*.cairn; do
  expected="${f%.cairn}.expected"
  want_code=$(json_str code < <(tr -d ' \n' < "$expected"))
  want_line=$(json_int line < <(tr -d ' \n' < "$expected"))
  out=$("$CAIRN" check "$f" --format json 2>/dev/null)
  status=$?
  got_code=$(printf '%s' "$out" | json_str code)
  got_line=$(printf '%s' "$out" | json_int line)
  if [ "$status" -eq 1 ] && [ "$got_code" = "$want_code" ] && [ "$got_line" = "$want_line" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL refuse/$(basename "$f"): want $want_code line $want_line, got exit $status ${got_code:-?} line ${got_line:-?}"
  fi
done
for f in "$conf"/run/*.cairn "$conf"/tests/*.cairn; do
  out=$("$CAIRN" check "$f" --format json 2>/dev/null)
  status=$?
  if [ "$status" -eq 0 ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    rel="${f#"$conf"/}"
    echo "FAIL $rel: want accepted, got exit $status $(printf '%s' "$out" | json_str code) line $(printf '%s' "$out" | json_int line)"
  fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
