#!/usr/bin/env bash
# End-to-end tests of `cairn fuzz --smt`: a short fixed-seed campaign where the SMT encoding (both solvers) and the
# interpreter agree, its cairn.fuzz/1 record in mode smt, the same answer with --jobs 1 and 2, and flags that do
# not go with --smt refused as usage errors. (Injected mismatches are tested in tests/unit/fuzz_smt.)
set -u
source "$(dirname "${BASH_SOURCE[0]}")/lib.bash"
e2e_start

cd "$tmp" || exit 1
out1=$("$CAIRN" fuzz --smt --seed 7 --count 12 --jobs 1 --out kept --format json)
s1=$?
out2=$("$CAIRN" fuzz --smt --seed 7 --count 12 --jobs 2 --out kept --format json)
if [ $s1 -eq 0 ]; then ok; else bad "12 programs: exit $s1: $(head -c 300 <<<"$out1")"; fi
python3 - "$out1" "$out2" <<'PY' || fail=$((fail + 1))
import json, sys
a, b = (json.loads(x) for x in sys.argv[1:3])
# Everything but the wall-clock figures must repeat: the throughput, and the count of solver answers past the
# per-query time limit (2 s), which moves with the machine's load (the sanitizer run under -j2 met one).
def strip(r):
    r = {k: v for k, v in r.items() if k != "throughput"}
    r["smt"] = {k: v for k, v in r.get("smt", {}).items() if k != "timeouts"}
    return r
errs = []
if a.get("protocol") != "cairn.fuzz/1" or a.get("mode") != "smt" or a.get("status") != "agreed": errs.append("protocol/mode/status")
smt = a.get("smt", {})
if not (smt.get("functions", 0) > 0 and smt.get("inputs", 0) > smt.get("functions", 0)): errs.append("counts %s" % smt)
for k in ("outside_fragment", "beyond_bound", "timeouts", "mismatches"):
    if k not in smt: errs.append("smt lacks " + k)
if a.get("programs") != 12 or a.get("solvers") != ["z3", "cvc5"]: errs.append("programs/solvers")
if strip(a) != strip(b): errs.append("--jobs 1 and --jobs 2 differ")
for e in errs: print("FAIL --smt record: " + e)
sys.exit(1 if errs else 0)
PY
[ $? -eq 0 ] && pass=$((pass + 1))
for flags in "--engines interp" "--replay" "--shard 1/2"; do
  out=$("$CAIRN" fuzz --smt --seed 1 --count 1 $flags --format json)
  if [ $? -eq 2 ] && grep -q '"code":"E-PROJECT-OR-ENVIRONMENT"' <<<"$out"; then ok; else bad "--smt $flags: $out"; fi
done
out=$("$CAIRN" fuzz --seed 1 --count 1 --solver z3 --format json)
if [ $? -eq 2 ] && grep -q "goes with --smt" <<<"$out"; then ok; else bad "--solver without --smt: $out"; fi

e2e_finish fuzz_smt_cmd
