#!/usr/bin/env bash
# A user program never outlives a killed cairn: `kill -9` of cairn run / cairn test (native and interp) while the
# program loops, then no process of the program's is left; the program holds an RLIMIT_CPU above its time limit.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
exec python3 "$(dirname "${BASH_SOURCE[0]}")/orphans.py"
