#!/usr/bin/env bash
# End-to-end tests of `--format sarif` (cairn check and cairn diff): every log has the properties SARIF 2.1.0
# requires, and matches its golden file under tests/golden/sarif/ (CAIRN_UPDATE_GOLDEN=1 rewrites them).
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
exec python3 "$(dirname "${BASH_SOURCE[0]}")/sarif_cmd.py" "$CAIRN" "$CAIRN_SOURCE_DIR"
