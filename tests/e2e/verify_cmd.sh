#!/usr/bin/env bash
# End-to-end tests of `cairn verify`: an equivalent pair, a replayed counterexample, invalid domains and
# references, an unbounded loop, rejected files, usage errors, --all, --solver, --queries and determinism.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
exec python3 "$(dirname "${BASH_SOURCE[0]}")/verify_cmd.py" "$CAIRN"
