"""Runs `cairn diff` on every fixture of tests/diff/ and checks each record against the fixture's expect.json.

usage: diff_corpus.py CAIRN [--corpus DIR] [--jobs N] [--budget-s S] [--timeout-ms N] [--solver z3|cvc5|both]
                      [--only SUBSTR] [--list]

A fixture is a directory NNN_name/ holding old.cairn, new.cairn and expect.json:
  {"functions": {NAME: CLASS, ...},          every function of both sides (a renamed one under its NEW name)
   "renamed_from": {NEW: OLD},               required for each `renamed` entry
   "semver": LEVEL,                          none | patch | minor | major | unknown
   "semver_at_least": LEVEL,                 optional: semver.at_least (when the level is unknown)
   "types": {NAME: added|removed|changed},   optional: the record's `types`, exactly (absent: must be empty)
   "tests": {NAME: identical-code|changed|added|removed},   optional: the record's `tests`, exactly
   "template": [NAME, ...],                  entries with template: true (every other entry has none)
   "found_where": {NAME: TEXT},              optional: witness.found_where of a behavior-changed entry
   "bounded": {NAME: {"where": TEXT, "status": "smt-equivalent"}},   optional: an unknown entry's bounded
   "reason_contains": {NAME: TEXT},          optional: case-insensitive text of the entry's reason
   "deltas": {NAME: [KEY, ...]},             optional: keys that must appear in the entry's deltas
   "require": "equivalent"|"identical", "require_holds": BOOL,      optional: run with --require and check it
   "note": why}
Each fixture runs as `cairn diff old.cairn new.cairn --format json --budget-s S` in the fixture's directory (so the
names in the record are short). Checked (tools.md §4): the record is cairn.diff/1 with formal_status not-verified;
the set of function names is exactly the expected one and every class is exactly the expected one (so a function
cannot pass with a neighbour's class); `from` for renamed; semver.level (and at_least); summary agrees with the
classes; every unknown has a reason; every smt-equivalent has evidence.agreement both|one; every behavior-changed
has witness.value_model "agrees", inputs, before != after, and witness.native with an entry per native compiler
found on PATH (clang++, g++), each holding before and after; the exit code is 0, 1 when a --require fails, 2 when
some entry met a solver disagreement (§4.9). Never asserts on time; a fixture that failed while some comparison hit
a limit (solver timeout, child limit, budget) is run once more, alone, and that answer counts. Prints one line per
fixture, a table per expected class, and totals; exits 1 on any mismatch.
"""
import argparse
import collections
import concurrent.futures
import json
import os
import shlex
import shutil
import subprocess
import sys
import time

CLASSES = ("identical-code", "identical-source", "smt-equivalent", "behavior-changed", "signature-changed",
           "added", "removed", "renamed", "unknown")
LEVELS = ("none", "patch", "minor", "major", "unknown")
COMPILERS = ("clang++", "g++")
NATIVE_PREFIXES = ("agrees", "disagrees: ", "not replayed: ")
# words of a reason or record that show a comparison stopped at a limit rather than answering (§4.6, §3.5)
LIMIT_WORDS = ("timeout", "ran past", "budget ran out", "was stopped", "without an answer")


def load_fixtures(corpus):
    fixtures, problems = [], []
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
        for side in ("old.cairn", "new.cairn"):
            if not os.path.isfile(os.path.join(d, side)):
                problems.append("%s: missing %s" % (name, side))
        funcs = exp.get("functions")
        bad = [] if isinstance(funcs, dict) and funcs else ["functions"]
        bad += [n for n, c in (funcs or {}).items() if c not in CLASSES]
        if exp.get("semver") not in LEVELS:
            bad.append("semver")
        if not exp.get("note"):
            bad.append("note")
        for new, cls in (funcs or {}).items():
            if cls == "renamed" and new not in exp.get("renamed_from", {}):
                bad.append("renamed_from[%s]" % new)
        if "require" in exp and (exp["require"] not in ("equivalent", "identical")
                                 or not isinstance(exp.get("require_holds"), bool)):
            bad.append("require/require_holds")
        if bad:
            problems.append("%s: expect.json is malformed at: %s" % (name, ", ".join(bad)))
            continue
        fixtures.append((name, d, exp))
    return fixtures, problems


def diff_command(cairn, exp, args):
    cmd = [cairn, "diff", "old.cairn", "new.cairn", "--format", "json", "--budget-s", str(args.budget_s)]
    if args.timeout_ms:
        cmd += ["--timeout-ms", str(args.timeout_ms)]
    if args.solver:
        cmd += ["--solver", args.solver]
    if "require" in exp:
        cmd += ["--require", exp["require"]]
    return cmd


def check_record(rec, code, exp, compilers):
    """The list of failure texts for one record against its expectation."""
    fails = []
    if rec.get("schema") != "cairn.diff/1":
        fails.append("not a cairn.diff/1 record (schema %r, protocol %r, code %r, message %r)"
                     % (rec.get("schema"), rec.get("protocol"), rec.get("code"), rec.get("message")))
        return fails
    if rec.get("formal_status") != "not-verified":
        fails.append("formal_status %r, expected not-verified" % rec.get("formal_status"))
    got = rec.get("functions")
    if not isinstance(got, dict):
        return fails + ["functions is not an object"]
    want = exp["functions"]
    for name in sorted(set(want) - set(got)):
        fails.append("%s: missing from the record (expected %s)" % (name, want[name]))
    for name in sorted(set(got) - set(want)):
        fails.append("%s: unexpected entry, class %s" % (name, (got[name] or {}).get("class")))
    disagreement = False
    for name in sorted(set(want) & set(got)):
        e = got[name] or {}
        cls, wcls = e.get("class"), want[name]
        if "solver_disagreement" in e:
            disagreement = True
        if cls != wcls:
            fails.append("%s: class %s, expected %s%s" % (name, cls, wcls, describe(e)))
            continue
        fails += ["%s: %s" % (name, f) for f in check_entry(name, e, exp, compilers)]
    # the summary counts the classes, nonzero only (§4.9)
    counts = collections.Counter((e or {}).get("class") for e in got.values())
    if rec.get("summary") != dict(counts):
        fails.append("summary %s does not count the classes %s" % (json.dumps(rec.get("summary"), sort_keys=True),
                                                                    json.dumps(dict(counts), sort_keys=True)))
    sem = rec.get("semver") or {}
    if sem.get("level") != exp["semver"]:
        fails.append("semver.level %r, expected %r (reasons %s)" % (sem.get("level"), exp["semver"],
                                                                   json.dumps(sem.get("reasons"))))
    if "semver_at_least" in exp and sem.get("at_least") != exp["semver_at_least"]:
        fails.append("semver.at_least %r, expected %r" % (sem.get("at_least"), exp["semver_at_least"]))
    if sem.get("level") == "unknown" and not sem.get("unproven"):
        fails.append("semver level unknown without unproven functions")
    types = rec.get("types", {})
    if types != exp.get("types", {}):
        fails.append("types %s, expected %s" % (json.dumps(types, sort_keys=True),
                                                json.dumps(exp.get("types", {}), sort_keys=True)))
    if "tests" in exp and rec.get("tests") != exp["tests"]:
        fails.append("tests %s, expected %s" % (json.dumps(rec.get("tests"), sort_keys=True),
                                                json.dumps(exp["tests"], sort_keys=True)))
    if "require" in exp:
        req = rec.get("require") or {}
        if req.get("level") != exp["require"] or req.get("holds") is not exp["require_holds"]:
            fails.append("require %s, expected {level: %s, holds: %s}" % (json.dumps(req), exp["require"],
                                                                         json.dumps(exp["require_holds"])))
    # §4.9: 2 after a solver disagreement; 1 when --require fails; else 0
    if disagreement:
        want_code = 2
    elif "require" in exp and not exp["require_holds"]:
        want_code = 1
    else:
        want_code = 0
    if code != want_code:
        fails.append("exit %s, expected %d" % (code, want_code))
    return fails


def check_entry(name, e, exp, compilers):
    fails = []
    cls = e["class"]
    is_template = e.get("template") is True
    if is_template != (name in exp.get("template", [])):
        fails.append("template %r, expected %s" % (e.get("template"), name in exp.get("template", [])))
    if cls == "renamed" and e.get("from") != exp["renamed_from"][name]:
        fails.append("from %r, expected %r" % (e.get("from"), exp["renamed_from"][name]))
    if cls == "unknown" and not e.get("reason"):
        fails.append("unknown without a reason")
    want_reason = exp.get("reason_contains", {}).get(name)
    if want_reason and want_reason.lower() not in (e.get("reason") or "").lower():
        fails.append("reason %r lacks %r" % (e.get("reason"), want_reason))
    if cls == "smt-equivalent" and (e.get("evidence") or {}).get("agreement") not in ("both", "one"):
        fails.append("smt-equivalent with evidence.agreement %r" % (e.get("evidence") or {}).get("agreement"))
    if cls == "behavior-changed":
        w = e.get("witness") or {}
        if w.get("value_model") != "agrees":
            fails.append("witness.value_model %r, expected agrees" % w.get("value_model"))
        for key in ("inputs", "before", "after"):
            if key not in w:
                fails.append("witness without %s" % key)
        if "before" in w and w.get("before") == w.get("after"):
            fails.append("witness whose before and after are equal: %s" % json.dumps(w.get("before")))
        native = w.get("native") or {}
        for cc in compilers:
            sides = native.get(cc)
            if not isinstance(sides, dict) or "before" not in sides or "after" not in sides:
                fails.append("witness.native[%s] %s, expected {before, after}" % (cc, json.dumps(sides)))
                continue
            for side in ("before", "after"):
                v = sides[side]
                if not isinstance(v, str) or not v.startswith(NATIVE_PREFIXES):
                    fails.append("witness.native[%s].%s %r is not agrees / disagrees: / not replayed:" % (cc, side, v))
    want_where = exp.get("found_where", {}).get(name)
    if want_where is not None and (e.get("witness") or {}).get("found_where") != want_where:
        fails.append("witness.found_where %r, expected %r" % ((e.get("witness") or {}).get("found_where"), want_where))
    want_bounded = exp.get("bounded", {}).get(name)
    if want_bounded is not None:
        b = e.get("bounded") or {}
        if b.get("where") != want_bounded["where"] or b.get("status") != want_bounded["status"]:
            fails.append("bounded %s, expected %s" % (json.dumps(b), json.dumps(want_bounded)))
    for key in exp.get("deltas", {}).get(name, []):
        if key not in (e.get("deltas") or {}):
            fails.append("deltas lacks %s (has %s)" % (key, ", ".join(sorted(e.get("deltas") or {})) or "nothing"))
    return fails


def describe(e):
    bits = []
    if e.get("reason"):
        bits.append("reason %r" % e["reason"])
    if e.get("own_code"):
        bits.append("own_code %r" % e["own_code"])
    if "witness" in e:
        w = e["witness"]
        bits.append("witness %s: before %s, after %s" % (json.dumps(w.get("inputs"), sort_keys=True),
                                                         json.dumps(w.get("before")), json.dumps(w.get("after"))))
    if "evidence" in e:
        bits.append("solvers %s" % json.dumps((e["evidence"] or {}).get("solvers"), sort_keys=True))
    if "from" in e:
        bits.append("from %r" % e["from"])
    return (": " + "; ".join(bits)) if bits else ""


def run_fixture(cairn, name, d, exp, args, compilers):
    """Returns (name, exp, record or None, exit code, failure texts, seconds)."""
    cmd = diff_command(cairn, exp, args)
    env = dict(os.environ)
    env.pop("CAIRN_FORMAT", None)
    limit = args.budget_s + 180  # the diff's own deadline plus native replays and slack
    start = time.monotonic()
    try:
        proc = subprocess.run(cmd, cwd=d, capture_output=True, env=env, timeout=limit)
    except subprocess.TimeoutExpired:
        return name, exp, None, None, ["cairn diff did not finish within %d s" % limit], time.monotonic() - start
    took = time.monotonic() - start
    try:
        rec = json.loads(proc.stdout.decode("utf-8"))
    except ValueError:
        tail = (proc.stdout + proc.stderr)[:300]
        return name, exp, None, proc.returncode, ["no JSON record (exit %d): %r" % (proc.returncode, tail)], took
    if not isinstance(rec, dict):
        return name, exp, None, proc.returncode, ["the record is not a JSON object"], took
    return name, exp, rec, proc.returncode, check_record(rec, proc.returncode, exp, compilers), took


def hit_limit(rec):
    text = json.dumps(rec or {}).lower()
    return any(w in text for w in LIMIT_WORDS)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("cairn")
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--corpus", default=os.path.join(here, "..", "diff"))
    ap.add_argument("--jobs", type=int, default=2, help="fixtures processed at once")
    ap.add_argument("--budget-s", type=int, default=120)
    ap.add_argument("--timeout-ms", type=int, default=0, help="passed to cairn diff when given (its default otherwise)")
    ap.add_argument("--solver", default="", choices=("", "z3", "cvc5", "both"))
    ap.add_argument("--only", default="", help="run only fixtures whose directory name contains this text")
    ap.add_argument("--list", action="store_true", help="print the diff command of each fixture and stop")
    args = ap.parse_args()
    cairn = os.path.abspath(args.cairn) if os.sep in args.cairn else args.cairn

    fixtures, problems = load_fixtures(os.path.normpath(args.corpus))
    fixtures = [f for f in fixtures if args.only in f[0]]
    if args.list:
        for name, d, exp in fixtures:
            print("(cd %s && %s)" % (shlex.quote(d), " ".join(shlex.quote(a) for a in diff_command(cairn, exp, args))))
        return 0
    for p in problems:
        print("FAIL corpus: " + p)
    compilers = [cc for cc in COMPILERS if shutil.which(cc)]

    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        futures = [pool.submit(run_fixture, cairn, name, d, exp, args, compilers) for name, d, exp in fixtures]
        for fut in concurrent.futures.as_completed(futures):
            results.append(fut.result())
    # Fixtures share the cores, so a comparison near its limit can be stopped under load only: a fixture that
    # failed while something hit a limit is run again, alone, and its second answer counts.
    retried = []
    for i, (name, exp, rec, code, fails, took) in enumerate(results):
        if fails and (rec is None or hit_limit(rec)):
            d = os.path.join(os.path.normpath(args.corpus), name)
            results[i] = run_fixture(cairn, name, d, exp, args, compilers)
            retried.append(name)
    results.sort(key=lambda r: r[0])

    table = {c: [0, 0] for c in CLASSES}
    failed = 0
    for name, exp, rec, code, fails, took in results:
        got = (rec or {}).get("functions") or {}
        for fname, cls in exp["functions"].items():
            row = table[cls]
            row[1] += 1
            entry = got.get(fname) or {}
            if entry.get("class") == cls and not any(f.startswith(fname + ":") for f in fails):
                row[0] += 1
        shown = ", ".join("%s %s" % (f, c) for f, c in sorted(exp["functions"].items()))
        if fails:
            failed += 1
            print("FAIL %-40s %6.1f s  %s; semver %s" % (name, took, shown, exp["semver"]))
            for f in fails:
                print("     %s: %s" % (name, f))
        else:
            print("ok   %-40s %6.1f s  %s; semver %s" % (name, took, shown, exp["semver"]))
    print()
    print("| expected class | functions as expected | functions |")
    print("|---|---|---|")
    for c in CLASSES:
        print("| %s | %d | %d |" % (c, table[c][0], table[c][1]))
    if retried:
        print("run again alone after a limit was hit: %s" % ", ".join(sorted(retried)))
    print("native compilers on PATH: %s" % (", ".join(compilers) or "none"))
    print("diff corpus (--budget-s %d%s): %d of %d fixtures passed, %d failed%s"
          % (args.budget_s, ", --solver %s" % args.solver if args.solver else "", len(results) - failed, len(results),
             failed, ", %d corpus problems" % len(problems) if problems else ""))
    sarif_failed = validate_sarif(cairn, results)
    return 1 if failed or problems or sarif_failed or not results else 0


def validate_sarif(cairn, results):
    """Every fixture's record rendered as SARIF (`cairn diff --merge REC --format sarif` renders one record again)
    and validated against the vendored SARIF 2.1.0 schema by Debian's python3-jsonschema. True when some failed."""
    import tempfile
    here = os.path.dirname(os.path.abspath(__file__))
    scratch = tempfile.mkdtemp(prefix="cairn-diffcorpus-sarif-")
    logs = []
    for name, exp, rec, code, fails, took in results:
        if not rec or "functions" not in rec:
            continue
        rec_path = os.path.join(scratch, name + ".json")
        with open(rec_path, "w", encoding="utf-8") as f:
            json.dump(rec, f)
        p = subprocess.run([cairn, "diff", "--merge", rec_path, "--format", "sarif"], capture_output=True)
        log_path = os.path.join(scratch, name + ".sarif")
        with open(log_path, "wb") as f:
            f.write(p.stdout)
        logs.append(log_path)
    p = subprocess.run(["/usr/bin/python3", os.path.join(here, "sarif_validate.py")] + logs, capture_output=True,
                       text=True)
    bad = [l for l in p.stdout.splitlines() if l.startswith("FAIL")]
    for l in bad:
        print(l)
    print(("ok   " if p.returncode == 0 else "FAIL ") + "SARIF of every fixture's record valid against the 2.1.0 "
          "schema (%d logs)%s" % (len(logs), "" if p.returncode == 0 else ": " + p.stderr[-300:]))
    if p.returncode == 0:
        shutil.rmtree(scratch, ignore_errors=True)
    return p.returncode != 0


if __name__ == "__main__":
    sys.exit(main())
