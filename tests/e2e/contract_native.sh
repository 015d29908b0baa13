#!/usr/bin/env bash
# End-to-end tests of task contracts under both engines: each case an isolated call in the interpreter
# (--engine interp) or in the natively built call harness (clang++ and g++), with identical statuses,
# reasons and JUnit failure types; a call harness the compiler refuses fails the run like a test build.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
exec python3 "$(dirname "${BASH_SOURCE[0]}")/contract_native.py" "$CAIRN"
