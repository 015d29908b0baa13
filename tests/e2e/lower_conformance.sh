#!/usr/bin/env bash
# The shared conformance suite built natively: every run/ program emitted by `cairn emit`, compiled with
# clang++ and g++ at -O0 and -O2 against runtime/, run with CAIRN_TRAP_FD; then the tests/ programs through
# the test-block harness (--harness tests). Comparison logic: lower_expect.py.
set -u
: "${CAIRN:?path to the cairn binary}" "${CAIRN_SOURCE_DIR:?repository root}" "${CAIRN_SHARED_DIR:?the shared folder}"
here="$(cd "$(dirname "$0")" && pwd)"
status=0
python3 "$here/lower_expect.py" run "$CAIRN_SHARED_DIR/conformance/run" || status=1
python3 "$here/lower_expect.py" tests "$CAIRN_SHARED_DIR/conformance/tests" || status=1
exit $status
