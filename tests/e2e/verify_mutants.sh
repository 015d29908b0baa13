#!/usr/bin/env bash
# Soundness against mutants (verify_mutants.py): loop pairs proved for every n, one version made to stop an iteration
# early from n = 21 on; cairn verify must never call a mutant smt-equivalent. Two at a time, --timeout-ms 3000,
# at most 14 mutants (spread over the corpus), to keep the suite's time; asserts nothing on time.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
exec python3 "$(dirname "${BASH_SOURCE[0]}")/verify_mutants.py" "$CAIRN" --corpus "$CAIRN_SOURCE_DIR/tests/verify/loops" \
  --jobs 2 --timeout-ms 3000 --limit 14 "$@"
