#!/usr/bin/env bash
# End-to-end tests of the native commands: `cairn build` (fresh directories, receipts, compile_commands.json,
# a missing compiler, a compiler refusing generated code, a failing link), `cairn run` natively (stdout, exit
# status, traps through CAIRN_TRAP_FD, --timeout, --memory-mib, the record) and `cairn test` natively.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
exec python3 "$(dirname "${BASH_SOURCE[0]}")/native_cmd.py" "$CAIRN"
