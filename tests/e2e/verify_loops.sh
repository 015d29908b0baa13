#!/usr/bin/env bash
# End-to-end tests of proofs for every trip count: every pair of tests/verify/loops/ (lockstep loops, early exits,
# rw updates, loops in a row, twins that differ only past the unrolling bound, structures not paired yet) gets its
# expected status and reason from `cairn verify --symbol`, with a replayed witness for every counterexample. Two
# pairs at a time, --timeout-ms 3000; asserts nothing on time. (test_verify's LoopCorpus tests run the same pairs in
# the interpreter on inputs up to 200 elements.)
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
exec python3 "$(dirname "${BASH_SOURCE[0]}")/verify_corpus.py" "$CAIRN" --corpus "$CAIRN_SOURCE_DIR/tests/verify/loops" \
  --jobs 2 --timeout-ms 3000 "$@"
