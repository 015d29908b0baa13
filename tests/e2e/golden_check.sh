#!/usr/bin/env bash
# Golden files of the checker (tests/golden/check/*.cairn): a fail_ file is refused with the code and line
# of its `// EXPECT: E-CODE LINE`; any other file is accepted, and its `// EXPECT:` lines are the checked
# signatures with their effect rows. CAIRN_UPDATE_GOLDEN=1 rewrites the expectations (review with git diff).
set -u
: "${CAIRN:?path to the cairn binary}" "${CAIRN_SOURCE_DIR:?repository root}"
exec python3 "$CAIRN_SOURCE_DIR/tests/e2e/golden_check.py" "$CAIRN" "$CAIRN_SOURCE_DIR/tests/golden/check"
