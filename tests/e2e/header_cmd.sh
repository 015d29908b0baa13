#!/usr/bin/env bash
# End-to-end tests of `cairn build --kind library --header` (tools.md §2.5): the stats fixture's libstats.so and
# stats.h, called from C++17 under clang++ and g++ with AddressSanitizer and UBSan and from C11; the entry checks
# (overlap, misalignment, null views and borrows, tags) abort as a failed guard does; a program built against
# another interface fails to link; --kind exe and a freestanding target refuse --header.
# produces E-HEADER
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
exec python3 "$(dirname "${BASH_SOURCE[0]}")/header_cmd.py" "$CAIRN" "$CAIRN_SOURCE_DIR"
