#!/usr/bin/env bash
# End-to-end tests of `cairn fuzz --smt`: a short fixed-seed campaign where the SMT encoding (both solvers) and the
# interpreter agree, its cairn.fuzz/1 record in mode smt, the same answer with --jobs 1 and 2, and flags that do
# not go with --smt refused as usage errors; then the test-only planted encoding defect (CAIRN_FUZZ_TEST_SMT_DEFECT)
# found, reduced, kept under DIR/smt/ with its expect smt line, and `--replay DIR` failing while the defect is
# planted and passing once it is not. (Injected mismatches are also tested in tests/unit/fuzz_smt.)
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
# Everything but the wall-clock figures must repeat: the throughput, the count of solver answers past the
# per-query time limit (2 s), which moves with the machine's load (the sanitizer run under -j2 met one), and the
# count of inductive checks, which depends on whether a function's loop summary was proved in that time (a
# summary proof that timed out is among the timeouts; under -j2 load the two runs counted 60 and 64).
def strip(r):
    r = {k: v for k, v in r.items() if k != "throughput"}
    r["smt"] = {k: v for k, v in r.get("smt", {}).items() if k not in ("timeouts", "inductive")}
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

out=$("$CAIRN" fuzz --smt --seed 1 --count 1 --reduce-s 0 --format json)
if [ $? -eq 2 ] && grep -q "reduce-s takes" <<<"$out"; then ok; else bad "--smt --reduce-s 0: $out"; fi
out=$(CAIRN_FUZZ_TEST_SMT_DEFECT=no-such-defect "$CAIRN" fuzz --smt --seed 1 --count 1 --format json)
if [ $? -eq 2 ] && grep -q "names no planted defect" <<<"$out"; then ok; else bad "unknown planted defect: $out"; fi

# The planted defect (integer subtraction encoded as addition): program 3 of seed 1 has a function it breaks.
out=$(CAIRN_FUZZ_TEST_SMT_DEFECT=sub-as-add "$CAIRN" fuzz --smt --seed 1 --index 3 --solver z3 --reduce-s 120 \
      --jobs 2 --out planted --format json)
s=$?
if [ $s -eq 1 ]; then ok; else bad "planted defect: exit $s, not 1: $(head -c 300 <<<"$out")"; fi
python3 - "$out" planted <<'PY' || fail=$((fail + 1))
import hashlib, json, os, sys
r, root = json.loads(sys.argv[1]), sys.argv[2]
errs = []
ms = r.get("smt", {}).get("mismatches", [])
if r.get("status") != "disagreed" or not ms: errs.append("no mismatch found: %s" % json.dumps(r)[:300])
reduced = [m for m in ms if m.get("reduced")]
if len(reduced) != 1: errs.append("%d reduced mismatches, not one (one per function)" % len(reduced))
first_id = reduced[0]["id"] if reduced else None
for m in ms:
    if not m.get("reduced") and m.get("covered_by") != first_id:
        errs.append("an unreduced mismatch not covered by the kept case: %s" % m)
for m in reduced:
    red = m["reduced"]
    if not (red["minimal"] and red["steps"] > 0 and red["to_bytes"] < red["from_bytes"]): errs.append("reduced %s" % red)
    f = m["file"]
    if os.path.dirname(f) != os.path.join(root, "smt") or not os.path.isfile(f): errs.append("file %s" % f)
    text = open(f).read()
    lines = text.split("\n")
    head, program = lines[:5], "\n".join(lines[5:])
    if not head[0].startswith("// cairn-fuzz regression ") or not head[1].startswith("// found: seed 1 index 3, kind smt value, z3"):
        errs.append("header %s" % head[:2])
    if head[4] != m["expect"] or not head[4].startswith("// expect smt: " + m["function"] + "("): errs.append("expect %s" % head[4])
    if hashlib.sha256(program.encode()).hexdigest()[:16] != m["id"] or os.path.basename(f) != m["id"] + ".cairn":
        errs.append("the file is not named by the hash of its program")
    if program.count("\n") > 15: errs.append("the kept program has %d lines" % program.count("\n"))
    if ("fn " + m["function"] + "(") not in program: errs.append("the function is gone from the kept program")
    print("kept %s: %d -> %d bytes, %d steps" % (f, red["from_bytes"], red["to_bytes"], red["steps"]))
for e in errs: print("FAIL planted defect: " + e)
sys.exit(1 if errs else 0)
PY
[ $? -eq 0 ] && pass=$((pass + 1))
out=$(CAIRN_FUZZ_TEST_SMT_DEFECT=sub-as-add "$CAIRN" fuzz --replay planted --format json)
s=$?
if [ $s -eq 1 ] && grep -q '"kind":"smt","status":"failed"' <<<"$out" && grep -q '"smt_cases":1' <<<"$out"; then ok
else bad "replay with the defect planted: exit $s: $(head -c 400 <<<"$out")"; fi
out=$("$CAIRN" fuzz --replay planted --format json)
s=$?
if [ $s -eq 0 ] && grep -q '"kind":"smt","status":"passed"' <<<"$out"; then ok
else bad "replay without the defect: exit $s: $(head -c 400 <<<"$out")"; fi
# A malformed case in DIR/smt is a failing case with its reason.
printf '// cairn-fuzz regression 0000000000000000\nfn main() -> i32 { return 0; }\n' >planted/smt/broken.cairn
out=$("$CAIRN" fuzz --replay planted --format human)
s=$?
if [ $s -eq 1 ] && grep -q "broken.cairn: The header has no well-formed" <<<"$out"; then ok
else bad "replay of a malformed smt case: exit $s: $out"; fi

e2e_finish fuzz_smt_cmd
