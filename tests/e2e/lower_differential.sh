#!/usr/bin/env bash
# The lowering's own programs (tests/golden/lower/*.cairn: defers, owners, collectors, traps in evaluation
# order, float text, ...) built natively must behave exactly as the reference interpreter runs them.
set -u
: "${CAIRN:?path to the cairn binary}" "${CAIRN_SOURCE_DIR:?repository root}"
here="$(cd "$(dirname "$0")" && pwd)"
exec python3 "$here/lower_expect.py" differential "$CAIRN_SOURCE_DIR/tests/golden/lower"
