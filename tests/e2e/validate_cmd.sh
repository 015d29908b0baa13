#!/usr/bin/env bash
# End-to-end tests of `cairn validate`: every pair of tests/validate/ (a correct implementation passes; wrong ones
# fail and shrink to the exact case expect.json names, which is kept in the regressions file), the kept file
# replayed first and left byte for byte, `cairn test` replaying it, and bad input (not an implementation, a
# template, a signature that cannot be fed, a corrupted regressions file, a bad policy).
# validate_cmd.py checks each policy and regressions-file refusal by its code:
#   a corrupted regressions file, an unknown policy key  # produces E-VALIDATION
#   a negative tolerance                                 # produces E-TOLERANCE
#   an extent range with lo > hi                          # produces E-DOMAIN
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
exec python3 "$(dirname "${BASH_SOURCE[0]}")/validate_cmd.py" "$CAIRN" "$CAIRN_SOURCE_DIR/tests/validate"
