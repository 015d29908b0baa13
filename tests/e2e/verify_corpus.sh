#!/usr/bin/env bash
# End-to-end tests of `cairn verify --symbol`: every pair of tests/verify/ (reference, candidate, expect.json)
# gets the expected status and reason, the §3.10 exit code, and a witness replayed by the interpreter for
# every counterexample and invalid reference. Two pairs at a time, --timeout-ms 3000; asserts nothing on time.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
exec python3 "$(dirname "${BASH_SOURCE[0]}")/verify_corpus.py" "$CAIRN" --corpus "$CAIRN_SOURCE_DIR/tests/verify" \
  --jobs 2 --timeout-ms 3000 "$@"
