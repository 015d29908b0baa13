#!/usr/bin/env bash
# The refusal table tests/refusals/CODE_n.cairn: each file is refused (exit 1) with the code and line of
# its `// EXPECT: CODE LINE` comment, and the code matches the file name.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
pass=0 fail=0
for f in "$CAIRN_SOURCE_DIR"/tests/refusals/*.cairn; do
  name=$(basename "$f" .cairn)
  expect=$(grep -E '^// EXPECT: E-[A-Z-]+ [0-9]+$' "$f" | head -1)
  want_code=$(echo "$expect" | awk '{print $3}')
  want_line=$(echo "$expect" | awk '{print $4}')
  if [ -z "$expect" ] || [ "${name%_*}" != "$want_code" ]; then
    fail=$((fail + 1))
    echo "FAIL $name: no '// EXPECT: CODE LINE' comment naming the file's code"
    continue
  fi
  out=$("$CAIRN" check "$f" --format json 2>/dev/null)
  status=$?
  got_code=$(printf '%s' "$out" | json_str code)
  got_line=$(printf '%s' "$out" | json_int line)
  if [ "$status" -eq 1 ] && [ "$got_code" = "$want_code" ] && [ "$got_line" = "$want_line" ]; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL $name: want $want_code line $want_line, got exit $status ${got_code:-?} line ${got_line:-?}"
  fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
