#!/usr/bin/env bash
# End-to-end tests of `cairn doctor`: on this machine a compiler is found (exit 0) and every tool of the table is
# listed with what it enables; with an empty PATH nothing but the linked solvers is found, the record says
# no-compiler, every missing tool says what it disables, and the exit status is 2.
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
e2e_start

out=$("$CAIRN" doctor --format json)
status=$?
if [ "$status" -eq 0 ]; then ok; else bad "doctor here: exit $status"; fi
has "doctor here" '"protocol":"cairn.doctor/1"'
for tool in clang++ g++ z3 cvc5 git qemu-system-aarch64 aarch64-linux-gnu-g++ "clang AddressSanitizer+UBSan" "clang libFuzzer" "gcc ThreadSanitizer"; do
  has "doctor lists $tool" "\"name\":\"$tool\""
done
has "doctor here" '"name":"z3","kind":"solver","found":true,"version":"'

mkdir "$tmp/empty"
out=$(PATH="$tmp/empty" "$CAIRN" doctor --format json)
status=$?
if [ "$status" -eq 2 ]; then ok; else bad "doctor with an empty PATH: exit $status, want 2"; fi
has "empty PATH" '"status":"no-compiler"'
has "empty PATH" '"name":"qemu-system-aarch64","kind":"program","found":false,"disables":"'
has "empty PATH" '"why":"clang++ is not on PATH"'
has "empty PATH" '"name":"cvc5","kind":"solver","found":true'
out=$(PATH="$tmp/empty" "$CAIRN" doctor --format human)
has "empty PATH, human" "missing  git (git is not on PATH)"
has "empty PATH, human" "no-compiler: neither clang++ nor g++ is on PATH"

e2e_finish doctor_cmd
