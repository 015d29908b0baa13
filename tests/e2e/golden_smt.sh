#!/usr/bin/env bash
# Golden files of the SMT encoding: `cairn emit --dump=smt` of each tests/golden/smt/NAME.cairn must print exactly
# tests/golden/smt/NAME.smt2 (each function's inputs, its entry guards and the terms of its outcome as SMT-LIB2).
# CAIRN_UPDATE_GOLDEN=1 rewrites the .smt2 files (review them with git diff).
set -u
source "$(dirname "${BASH_SOURCE[0]}")/golden_emit.bash"
golden_emit smt smt2 --dump=smt
# The json form wraps the same text.
one="$CAIRN_SOURCE_DIR/tests/golden/smt/scalar_guards.cairn"
if ! (cd "$(dirname "$one")" && "$CAIRN" emit "$(basename "$one")" --dump=smt --format json) |
    python3 -c 'import json,sys; r=json.load(sys.stdin); sys.exit(0 if r["dump"]=="smt" and "(check-sat)" in r["text"] else 1)'; then
  echo "FAIL smt: the json form is not a cairn.emit/1 record with the script"
  failures=$((failures + 1))
fi
echo "golden_smt: $checked checked, $failures failed"
[ "$failures" -eq 0 ]
