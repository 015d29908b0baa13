#!/usr/bin/env bash
# End-to-end tests of `cairn diff`: every fixture of tests/diff/ (old.cairn, new.cairn, expect.json) gets exactly
# the expected class for every function, `from` for renamed ones, the expected semver level, the §4.9 exit code, and
# a witness that agrees with the value model and lists each native compiler present for every behavior-changed
# function. Two fixtures at a time, --budget-s 120, --timeout-ms 8000 (so that a loaded machine does not turn a proof into
# a timeout); asserts nothing on time.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
exec python3 "$(dirname "${BASH_SOURCE[0]}")/diff_corpus.py" "$CAIRN" --corpus "$CAIRN_SOURCE_DIR/tests/diff" \
  --jobs 2 --budget-s 120 --timeout-ms 8000 "$@"
