#!/usr/bin/env bash
# Every program and project under examples/ built natively (clang++/g++, -O0/-O2) gives the stdout, exit
# status and trap report kept for the interpreter in tests/run/NAME.expected. Comparison: lower_expect.py.
set -u
: "${CAIRN:?path to the cairn binary}" "${CAIRN_SOURCE_DIR:?repository root}"
here="$(cd "$(dirname "$0")" && pwd)"
exec python3 "$here/lower_expect.py" examples "$CAIRN_SOURCE_DIR/examples"
