"""Runs `cairn verify` on every pair of tests/verify/ and checks each answer against the pair's expect.json.

usage: verify_corpus.py CAIRN [--corpus DIR] [--jobs N] [--timeout-ms N] [--solver z3|cvc5|both] [--only SUBSTR]
                        [--list]

A pair is a directory NNN_name/ holding ref.cairn, cand.cairn and expect.json:
  {"symbol": F, "assume": EXPR (optional), "status": S, "reason_contains": TEXT (optional), "timeout_ms": N
   (optional: this pair's --timeout-ms, for one whose decision needs more than the default), "note": ..., ...}
Checked for every pair: the record is cairn.semantic/1 for F with the assume text, its status is S, the exit code is
the one tools.md §3.10 gives the record's status, reason_contains (case-insensitive) is in the reason, and every
counterexample / invalid-reference record carries a witness replayed by the interpreter (concrete_replay: true).
Never asserts on time; a pair that failed while a solver timed out (two pairs share the cores) is run once more,
alone, and that answer counts. Prints one FAIL line per failed check, a table per expected status, then totals.
"""
import argparse
import concurrent.futures
import json
import os
import shlex
import subprocess
import sys

STATUSES = ("smt-equivalent", "counterexample", "invalid-domain", "invalid-reference", "unknown")
# tools.md §3.10, --symbol mode
EXIT_OF_STATUS = {
    "smt-equivalent": 0,
    "counterexample": 1, "rejected": 1, "invalid-contract": 1, "invalid-domain": 1, "invalid-reference": 1,
    "unknown": 2, "solver-disagreement": 2,
}
WITNESS_STATUSES = ("counterexample", "invalid-reference")


def load_pairs(corpus):
    pairs, problems = [], []
    for name in sorted(os.listdir(corpus)):
        d = os.path.join(corpus, name)
        if not os.path.isdir(d) or not name[:3].isdigit():
            continue
        try:
            with open(os.path.join(d, "expect.json"), encoding="utf-8") as f:
                exp = json.load(f)
        except (OSError, ValueError) as e:
            problems.append("%s: expect.json unreadable: %s" % (name, e))
            continue
        for side in ("ref.cairn", "cand.cairn"):
            if not os.path.isfile(os.path.join(d, side)):
                problems.append("%s: missing %s" % (name, side))
        if exp.get("status") not in STATUSES or not isinstance(exp.get("symbol"), str) or not exp.get("note"):
            problems.append("%s: expect.json needs symbol, note and a status in %s" % (name, "|".join(STATUSES)))
            continue
        pairs.append((name, d, exp))
    return pairs, problems


def verify_command(cairn, d, exp, args):
    cmd = [cairn, "verify", os.path.join(d, "ref.cairn"), os.path.join(d, "cand.cairn"),
           "--symbol", exp["symbol"], "--format", "json", "--timeout-ms", str(exp.get("timeout_ms", args.timeout_ms)),
           "--solver", args.solver]
    if "assume" in exp:
        cmd += ["--assume", "%s=%s" % (exp["symbol"], exp["assume"])]
    return cmd


def run_pair(cairn, name, d, exp, args):
    """Returns (name, exp, record or None, exit code, list of failure texts)."""
    cmd = verify_command(cairn, d, exp, args)
    env = dict(os.environ)
    env.pop("CAIRN_FORMAT", None)
    # a solver still busy at twice its limit plus 500 ms is stopped (§3.5); six stages, generous slack
    limit = 60 + 6 * (2 * exp.get("timeout_ms", args.timeout_ms) + 500) * 2 / 1000.0
    try:
        proc = subprocess.run(cmd, capture_output=True, env=env, timeout=limit)
    except subprocess.TimeoutExpired:
        return name, exp, None, None, ["cairn verify did not finish within %.0f s" % limit]
    fails = []
    try:
        rec = json.loads(proc.stdout.decode("utf-8"))
    except ValueError:
        tail = (proc.stdout + proc.stderr)[:300]
        return name, exp, None, proc.returncode, ["no JSON record (exit %d): %r" % (proc.returncode, tail)]
    status = rec.get("status")
    if rec.get("protocol") != "cairn.semantic/1":
        fails.append("protocol %r (status %r, message %r)" % (rec.get("protocol"), status, rec.get("message")))
        return name, exp, rec, proc.returncode, fails
    if status != exp["status"]:
        fails.append("status %s, expected %s%s" % (status, exp["status"], describe(rec)))
    want_exit = EXIT_OF_STATUS.get(status)
    if want_exit is None:
        fails.append("status %r is not a --symbol status of tools.md §3.10" % status)
    elif proc.returncode != want_exit:
        fails.append("exit %d for status %s, §3.10 says %d" % (proc.returncode, status, want_exit))
    if rec.get("symbol") != exp["symbol"]:
        fails.append("record symbol %r" % rec.get("symbol"))
    if rec.get("assume") != exp.get("assume", "true"):
        fails.append("record assume %r, expected %r" % (rec.get("assume"), exp.get("assume", "true")))
    if status == "smt-equivalent" and "sat" in (rec.get("solvers") or {}).values():
        fails.append("smt-equivalent whose solvers field holds a sat: %r" % rec.get("solvers"))
    if status == exp["status"] and "reason_contains" in exp:
        reason = rec.get("reason", "")
        if exp["reason_contains"].lower() not in reason.lower():
            fails.append("reason %r lacks %r" % (reason, exp["reason_contains"]))
    if status in WITNESS_STATUSES:
        if rec.get("concrete_replay") is not True:
            fails.append("%s without concrete_replay: true" % status)
        if "counterexample" not in rec:
            fails.append("%s without the witness inputs (counterexample)" % status)
        if rec.get("native_replay") != "not-run":
            fails.append("%s with native_replay %r (verify never runs native code)" % (status, rec.get("native_replay")))
        if status == "counterexample" and rec.get("expected") == rec.get("actual"):
            fails.append("counterexample whose expected and actual outcomes are equal: %s" % json.dumps(rec.get("expected")))
        if status == "invalid-reference" and (rec.get("expected") or {}).get("defined") is not False:
            fails.append("invalid-reference whose reference outcome is not a trap: %s" % json.dumps(rec.get("expected")))
    if status == "smt-equivalent" and rec.get("agreement") not in ("both", "one"):
        fails.append("smt-equivalent with agreement %r" % rec.get("agreement"))
    return name, exp, rec, proc.returncode, fails


def timed_out(rec):
    return any(q.get("status") == "timeout" for q in (rec or {}).get("queries", []) or [])


def describe(rec):
    bits = []
    if rec.get("reason"):
        bits.append("reason %r" % rec["reason"])
    if "counterexample" in rec:
        bits.append("witness %s" % json.dumps(rec["counterexample"], sort_keys=True))
    if "expected" in rec or "actual" in rec:
        bits.append("expected %s actual %s" % (json.dumps(rec.get("expected")), json.dumps(rec.get("actual"))))
    if rec.get("solvers"):
        bits.append("solvers %s" % json.dumps(rec["solvers"], sort_keys=True))
    return (": " + "; ".join(bits)) if bits else ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cairn")
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--corpus", default=os.path.join(here, "..", "verify"))
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout-ms", type=int, default=3000)
    ap.add_argument("--solver", default="both", choices=("z3", "cvc5", "both"))
    ap.add_argument("--only", default="", help="run only pairs whose directory name contains this text")
    ap.add_argument("--list", action="store_true", help="print the verify command of each pair and stop")
    args = ap.parse_args()

    pairs, problems = load_pairs(os.path.normpath(args.corpus))
    pairs = [p for p in pairs if args.only in p[0]]
    if args.list:
        for name, d, exp in pairs:
            print(" ".join(shlex.quote(a) for a in verify_command(args.cairn, d, exp, args)))
        return 0
    for p in problems:
        print("FAIL corpus: " + p)

    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(run_pair, args.cairn, name, d, exp, args) for name, d, exp in pairs]
        for fut in concurrent.futures.as_completed(futures):
            results.append(fut.result())
    # Two pairs share 2 cores with two solvers each, so a query near its limit can time out under load only.
    # A pair that failed while some solver timed out is run once more, alone; its second answer counts.
    retried = []
    for i, (name, exp, rec, code, fails) in enumerate(results):
        if fails and timed_out(rec):
            d = os.path.join(os.path.normpath(args.corpus), name)
            results[i] = run_pair(args.cairn, name, d, exp, args)
            retried.append(name)
    results.sort(key=lambda r: r[0])

    table = {s: [0, 0] for s in STATUSES}
    failed_pairs = 0
    for name, exp, rec, code, fails in results:
        row = table[exp["status"]]
        row[1] += 1
        if fails:
            failed_pairs += 1
            for f in fails:
                print("FAIL %s: %s" % (name, f))
        else:
            row[0] += 1
    print("| expected status | passed | pairs |")
    print("|---|---|---|")
    for s in STATUSES:
        print("| %s | %d | %d |" % (s, table[s][0], table[s][1]))
    if retried:
        print("run again alone after a solver timeout: %s" % ", ".join(sorted(retried)))
    print("verify corpus (--solver %s, --timeout-ms %d): %d of %d pairs passed, %d failed%s"
          % (args.solver, args.timeout_ms, len(results) - failed_pairs, len(results), failed_pairs,
             ", %d corpus problems" % len(problems) if problems else ""))
    return 1 if failed_pairs or problems or not results else 0


if __name__ == "__main__":
    sys.exit(main())
