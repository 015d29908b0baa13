#!/usr/bin/env bash
# The shared conformance suite on the board (language.md §14.7): every run/ program the freestanding profile
# accepts, built for aarch64-virt with the trap report and run under qemu-system-aarch64, gives the expected
# stdout, exit status and trap kind and line; a program is refused by the profile exactly when main's row holds
# alloc, free or indirect_call. Skipped (exit 77) when the cross compiler or QEMU is absent.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
exec python3 "$(dirname "${BASH_SOURCE[0]}")/board_conformance.py" "$CAIRN" "$CAIRN_SHARED_DIR/conformance/run"
