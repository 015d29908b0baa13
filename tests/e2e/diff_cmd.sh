#!/usr/bin/env bash
# End-to-end tests of `cairn diff` beyond the fixture corpus (diff_corpus.sh): git revision sides in temporary
# repositories (a single-file project, a project directory under --in, a branch, a path against a revision, --in
# outside the work tree), a work tree, index and HEAD never modified (also in the middle of a conflicted merge) and
# no scratch directory left in TMPDIR, bad input (a missing revision, a side that does not check, a solver timeout,
# a spent budget, usage errors), the flags (--require, --markdown, --replays 0, --jobs, --solver, --no-predict,
# --format human) and the exit codes of tools.md §4.9. Asserts nothing on time. (The golden runner compares the
# Markdown report of the same pair with tests/golden/diff_markdown/expected.md.)
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
exec python3 "$(dirname "${BASH_SOURCE[0]}")/diff_cmd.py" "$CAIRN" "$CAIRN_SOURCE_DIR"
