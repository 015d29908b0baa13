#!/usr/bin/env bash
# The freestanding aarch64-virt target end to end (language.md §14.7, docs/targets.md): build records (size,
# nothing undefined), runs under qemu-system-aarch64 (UART output, exit status, a trap's 134 and report), the
# refusals before any compiler runs (the profile, E-TEST), and the example projects under examples/30_embedded.
# Skipped (exit 77) with a message when the cross compiler or QEMU is absent; scripts/setup installs both.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
exec python3 "$(dirname "${BASH_SOURCE[0]}")/board_cmd.py" "$CAIRN" "$CAIRN_SOURCE_DIR"
