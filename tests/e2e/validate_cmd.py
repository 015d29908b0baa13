"""End-to-end checks of `cairn validate` over tests/validate/*/ (prog.cairn + expect.json) and its bad input."""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e_checks import Checks  # noqa: E402


def run(cairn, args, cwd):
    p = subprocess.run([cairn] + args, cwd=cwd, capture_output=True, text=True, timeout=600)
    try:
        rec = json.loads(p.stdout)
    except ValueError:
        rec = None
    return p.returncode, rec, p.stdout + p.stderr


def fixture(c, cairn, corpus, name, tmp):
    work = os.path.join(tmp, name)
    shutil.copytree(os.path.join(corpus, name), work)
    want = json.load(open(os.path.join(work, "expect.json")))
    args = ["validate", "prog.cairn", "--symbol", want["symbol"], "--format", "json"] + want.get("args", [])
    code, rec, out = run(cairn, args, work)
    c.check(rec is not None and rec.get("schema") == "cairn.validation/1", "%s: a cairn.validation/1 record (%s)" % (name, out[-300:]))
    if rec is None:
        return
    c.check(rec.get("status") == want["status"], "%s: status %r, expected %r (%s)" % (name, rec.get("status"), want["status"], rec.get("reason")))
    c.check(code == {"passed": 0, "failed": 1}.get(want["status"], 2), "%s: exit %d for %s" % (name, code, want["status"]))
    if want["status"] != "failed":
        c.check(not os.path.exists(os.path.join(work, "regressions")), "%s: a pass writes no regressions file" % name)
        return
    fail = rec.get("finite", {}).get("failed") or rec.get("smt", {}).get("replay", {})
    got = fail.get("inputs")
    if "shrunk" in want:
        c.check(got == want["shrunk"], "%s: shrunk to %s, expected %s" % (name, json.dumps(got), json.dumps(want["shrunk"])))
    if want.get("crash"):
        ends = [(fail.get(k) or {}).get("end") for k in ("implementation", "dispatch")]
        c.check("crash" in ends, "%s: the failing case ended as a crash (%s), and the validation went on" % (name, ends))
    ref = rec.get("reference")
    kept = os.path.join(work, "regressions", ref + ".json")
    c.check(os.path.exists(kept), "%s: the failure is kept in regressions/%s.json" % (name, ref))
    if not os.path.exists(kept):
        return
    before = open(kept, "rb").read()
    if want.get("crash"):
        return  # where the stack runs out moves from run to run, so a second run may shrink further
    doc = json.loads(before)
    c.check(doc.get("schema") == "cairn.regressions/1" and doc.get("reference") == ref, "%s: the kept file's schema and reference" % name)
    c.check(any(k.get("args") == got for k in doc.get("cases", [])), "%s: the kept file holds the shrunk case" % name)
    c.check(before.endswith(b"\n") and json.dumps(doc, indent=2, sort_keys=True).encode() + b"\n" == before,
            "%s: the kept file is written with sorted keys and two-space indent" % name)
    code2, rec2, _ = run(cairn, args, work)
    c.check(code2 == 1 and rec2 and rec2.get("finite", {}).get("kept_cases", 0) >= 1,
            "%s: a second run runs the kept case first" % name)
    c.check(open(kept, "rb").read() == before, "%s: a case already kept leaves the file byte for byte" % name)


def bad_input(c, cairn, corpus, tmp):
    work = os.path.join(tmp, "bad")
    shutil.copytree(os.path.join(corpus, "off_by_one_tile"), work)
    code, rec, out = run(cairn, ["validate", "prog.cairn", "--symbol", "sum", "--format", "json"], work)
    c.check(code == 2 and rec and rec.get("status") == "invalid", "the reference itself is `invalid` (%s)" % out[-200:])
    code, rec, out = run(cairn, ["validate", "prog.cairn", "--symbol", "nothere", "--format", "json"], work)
    c.check(code == 2 and rec and rec.get("status") == "invalid", "an unknown symbol is `invalid`")
    code, rec, out = run(cairn, ["validate", "prog.cairn", "--format", "json"], work)
    c.check(code == 2, "no --symbol is a usage error")
    os.makedirs(os.path.join(work, "regressions"))
    corrupt = os.path.join(work, "regressions", "sum.json")
    open(corrupt, "w").write("{\"schema\": \"cairn.regressions/1\", \"cases\": [")
    code, rec, out = run(cairn, ["validate", "prog.cairn", "--symbol", "sum_by8", "--format", "json"], work)
    c.check(code == 2 and "E-VALIDATION" in out and "sum.json" in out, "a corrupted regressions file: E-VALIDATION naming it (%s)" % out[-200:])
    c.check(open(corrupt).read().endswith("["), "a corrupted regressions file is not overwritten")
    os.remove(corrupt)
    pol = os.path.join(work, "policy.json")
    open(pol, "w").write('{"tolerance": {"absolute": -1}}')
    code, rec, out = run(cairn, ["validate", "prog.cairn", "--symbol", "sum_by8", "--policy", "policy.json", "--format", "json"], work)
    c.check(code == 2 and "E-TOLERANCE" in out, "a negative tolerance: E-TOLERANCE (%s)" % out[-200:])  # produces E-TOLERANCE
    open(pol, "w").write('{"domain": {"extents": {"n": [9, 3]}}}')
    code, rec, out = run(cairn, ["validate", "prog.cairn", "--symbol", "sum_by8", "--policy", "policy.json", "--format", "json"], work)
    c.check(code == 2 and "E-DOMAIN" in out, "an extent range with lo > hi: E-DOMAIN (%s)" % out[-200:])  # produces E-DOMAIN
    open(pol, "w").write('{"budget": 10, "colour": 1}')
    code, rec, out = run(cairn, ["validate", "prog.cairn", "--symbol", "sum_by8", "--policy", "policy.json", "--format", "json"], work)
    c.check(code == 2 and "E-VALIDATION" in out, "an unknown policy key: E-VALIDATION")  # produces E-VALIDATION
    rec_prog = c.write("records/prog.cairn", "struct P { x:u32; }\nfn f(p:P) -> u32 { return p.x; }\n"
                       "fn g(p:P) -> u32 implements f { return p.x; }\n")
    code, rec, out = run(cairn, ["validate", rec_prog, "--symbol", "g", "--format", "json"], tmp)
    c.check(code == 2 and rec and rec.get("status") == "unknown" and "feed" in rec.get("reason", ""),
            "a record parameter: `unknown` naming what cannot be fed (%s)" % out[-200:])


def replayed_by_test(c, cairn, corpus, tmp):
    work = os.path.join(tmp, "project")
    os.makedirs(os.path.join(work, "src"))
    shutil.copy(os.path.join(corpus, "off_by_one_tile", "prog.cairn"), os.path.join(work, "src", "main.cairn"))
    manifest = '[project]\nname = "kept"\nsources = ["src/main.cairn"]\n%s\n[build]\nkind = "library"\n'
    open(os.path.join(work, "cairn.toml"), "w").write(manifest % "")
    code, rec, out = run(cairn, ["validate", ".", "--symbol", "sum_by8", "--format", "json"], work)
    c.check(code == 1 and os.path.exists(os.path.join(work, "regressions", "sum.json")), "a project keeps its failure (%s)" % out[-200:])
    open(os.path.join(work, "cairn.toml"), "w").write(manifest % 'tests = ["regressions/sum.json"]\n')
    for engine in ("interp", "native"):
        code, rec, out = run(cairn, ["test", ".", "--engine", engine, "--format", "json"], work)
        files = (rec or {}).get("regressions") or []
        c.check(code == 1 and any(f.get("status") == "failed" for f in files),
                "cairn test --engine %s replays the kept case and fails (%s)" % (engine, out[-300:]))


def main():
    cairn, corpus = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    tmp = tempfile.mkdtemp(prefix="cairn-validate-e2e-")
    c = Checks(tmp)
    try:
        for name in sorted(os.listdir(corpus)):
            if os.path.isfile(os.path.join(corpus, name, "expect.json")):
                fixture(c, cairn, corpus, name, tmp)
        bad_input(c, cairn, corpus, tmp)
        replayed_by_test(c, cairn, corpus, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    c.finish("validate_cmd")


main()
