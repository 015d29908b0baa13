#!/usr/bin/env bash
# End-to-end tests of recursion related by induction: every pair of tests/verify/recursion/ (factorial, Fibonacci,
# Ackermann, McCarthy 91, sums, gcd, parity through a mutual recursion, twins that differ, shapes the rule cannot
# match) gets its expected status and reason from `cairn verify --symbol`, with a replayed witness for every
# counterexample. Two pairs at a time, --timeout-ms 3000; asserts nothing on time. (test_verify's RecursionCorpus test
# runs the same pairs in the interpreter on drawn inputs.)
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
exec python3 "$(dirname "${BASH_SOURCE[0]}")/verify_corpus.py" "$CAIRN" --corpus "$CAIRN_SOURCE_DIR/tests/verify/recursion" \
  --jobs 2 --timeout-ms 3000 "$@"
