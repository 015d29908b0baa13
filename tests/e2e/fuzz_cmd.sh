#!/usr/bin/env bash
# End-to-end tests of `cairn fuzz`: a short deterministic campaign (fixed seed, 30 programs, every engine available
# here: the compilers take about 0.4 CPU-seconds per generated program, and the test stays near 2 minutes on a
# loaded machine) that must agree, the same record whatever --jobs, --index alone, the human form, --replay of good, failing
# and malformed kept cases, and usage errors (--count with --seconds, an unknown engine, a bad seed, a missing named
# engine, the test-only engine without CAIRN_FUZZ_TEST_ENGINES) as coded diagnostics. The qemu-aarch64 engine: with
# a PATH lacking qemu-system-aarch64 it is listed unavailable with the reason and naming it is exit 2; where the
# cross compiler and QEMU are installed, a short campaign on interp,qemu-aarch64,clang-O0 agrees and counts the
# programs the board ran and skipped, and --replay runs a kept case inside the profile on the board and skips one
# outside it (these checks print SKIP, and do not fail, when the tools are absent).
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
exec python3 "$(dirname "${BASH_SOURCE[0]}")/fuzz_cmd.py" "$CAIRN"
