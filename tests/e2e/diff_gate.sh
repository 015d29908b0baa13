#!/usr/bin/env bash
# End-to-end tests of what CI and reviewers read from `cairn diff` and `cairn check`: shard records joined by
# `cairn diff --merge` (the same record, verdict, Markdown and SARIF as one run; every bad set of records refused)
# and SARIF logs validated against the vendored OASIS 2.1.0 schema by Debian's python3-jsonschema (columns in code
# points, URIs relative to the repository root, revision sides, suppressions). Asserts nothing on time.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
exec python3 "$(dirname "${BASH_SOURCE[0]}")/diff_gate.py" "$CAIRN" "$CAIRN_SOURCE_DIR"
