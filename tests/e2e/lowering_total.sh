#!/usr/bin/env bash
# Every accepted program the repository and the conformance suite hold must build its core IR and lower to
# C++: `cairn emit --dump=ir` and `cairn emit` exit 0 wherever `cairn check` accepts (a crash or a refusal
# there is a defect of cairn, never of the program).
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
pass=0 fail=0
while IFS= read -r -d '' src; do
  "$CAIRN" check "$src" --format json >/dev/null 2>&1 || continue
  for dump in ir cpp; do
    if "$CAIRN" emit "$src" --dump=$dump >/dev/null 2>"${TMPDIR:-/tmp}/lowering_total.err"; then
      pass=$((pass + 1))
    else
      fail=$((fail + 1))
      echo "FAIL $src: emit --dump=$dump: $(head -c 300 "${TMPDIR:-/tmp}/lowering_total.err")"
    fi
  done
done < <(find "$CAIRN_SOURCE_DIR/tests/golden" "$CAIRN_SOURCE_DIR/examples" "$CAIRN_SHARED_DIR/conformance" \
           -name '*.cairn' -print0 | sort -z)
echo "lowering_total: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
