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
    args = ["validate", want.get("path", "prog.cairn"), "--symbol", want["symbol"], "--format", "json"] + want.get("args", [])
    code, rec, out = run(cairn, args, work)
    c.check(rec is not None and rec.get("schema") == "cairn.validation/1", "%s: a cairn.validation/1 record (%s)" % (name, out[-300:]))
    if rec is None:
        return
    c.check(rec.get("status") == want["status"], "%s: status %r, expected %r (%s)" % (name, rec.get("status"), want["status"], rec.get("reason")))
    c.check(code == {"passed": 0, "failed": 1}.get(want["status"], 2), "%s: exit %d for %s" % (name, code, want["status"]))
    if "timed_out" in want:
        fin = rec.get("finite", {})
        c.check(fin.get("cases") == want["cases"] and fin.get("timed_out") == want["timed_out"],
                "%s: %d cases ran and exactly %s timed out, each alone (%s)" % (name, want["cases"], json.dumps(want["timed_out"]), json.dumps(fin)[:300]))
    if "smt" in want:
        smt = rec.get("smt", {})
        c.check(smt.get("status") == want["smt"], "%s: smt part %r, expected %r (%s)" % (name, smt.get("status"), want["smt"], smt.get("reason")))
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
    # a well-formed file kept for another function is refused before anything runs, and left as it is
    other = json.dumps({"schema": "cairn.regressions/1", "reference": "other", "policy": {},
                        "cases": [{"args": {"n": 1, "xs": [5]}, "why": "kept for other"}]}, indent=2) + "\n"
    open(corrupt, "w").write(other)
    code, rec, out = run(cairn, ["validate", "prog.cairn", "--symbol", "sum_by8", "--format", "json"], work)
    c.check(code == 2 and "E-VALIDATION" in out and "holds cases of other, not of sum" in out,
            "a regressions file of another reference: E-VALIDATION (%s)" % out[-300:])  # produces E-VALIDATION
    c.check(open(corrupt).read() == other, "a regressions file of another reference is left byte for byte")
    os.remove(corrupt)
    # a failing case that cannot be kept says so (not "kept in not kept: ...")
    blocker = os.path.join(work, "blocker")
    open(blocker, "w").write("x")
    p = subprocess.run([cairn, "validate", "prog.cairn", "--symbol", "sum_by8", "--regressions", "blocker/sum.json",
                        "--format", "human"], cwd=work, capture_output=True, text=True, timeout=600)
    c.check(p.returncode == 1 and "; not kept: Cannot write the regressions file blocker/sum.json" in p.stdout
            and "kept in not kept" not in p.stdout, "an unkeepable case: `not kept: WHY` (%s)" % p.stdout[-300:])
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
    c.check(rec and rec.get("regressions", {}).get("replayed_by_cairn_test") is False,
            "a regressions file the manifest does not list: replayed_by_cairn_test false (%s)" % (rec or {}).get("regressions"))
    open(os.path.join(work, "cairn.toml"), "w").write(manifest % 'tests = ["regressions/sum.json"]\n')
    # tools.md §5.8: the record says whether the manifest lists the file under `tests`, however the path is written.
    for extra in ([], ["--regressions", "src/../regressions/sum.json"]):
        code, rec, out = run(cairn, ["validate", ".", "--symbol", "sum_by8", "--format", "json"] + extra, work)
        c.check(rec and rec.get("regressions", {}).get("replayed_by_cairn_test") is True,
                "validate %s: the listed regressions file is replayed_by_cairn_test (%s)" % (extra, (rec or {}).get("regressions")))
    code, rec, out = run(cairn, ["validate", ".", "--symbol", "sum_by8", "--regressions", "other/sum.json", "--format", "json"], work)
    c.check(rec and rec.get("regressions", {}).get("replayed_by_cairn_test") is False,
            "a regressions file other than the listed one: replayed_by_cairn_test false (%s)" % (rec or {}).get("regressions"))
    for engine in ("interp", "native"):
        code, rec, out = run(cairn, ["test", ".", "--engine", engine, "--format", "json"], work)
        files = (rec or {}).get("regressions") or []
        c.check(code == 1 and any(f.get("status") == "failed" for f in files),
                "cairn test --engine %s replays the kept case and fails (%s)" % (engine, out[-300:]))
        # tools.md §2.7: each regressions entry names its reference and counts the implementations replayed.
        c.check(files and files[0].get("reference") == "sum" and files[0].get("implementations") == 1
                and list(files[0]) [:5] == ["file", "status", "reference", "cases", "implementations"],
                "cairn test --engine %s: the regressions entry's fields (%s)" % (engine, files))
    # A kept file whose reference has no implementation left: `unknown`, not a pass over nothing (tools.md §2.7).
    with open(os.path.join(work, "src", "main.cairn"), "a") as f:
        f.write("\nfn lonely(n:usize, xs:ro<u32>[n]) -> u32 {\n  return 0;\n}\n")
    doc = json.load(open(os.path.join(work, "regressions", "sum.json")))
    doc["reference"] = "lonely"
    json.dump(doc, open(os.path.join(work, "regressions", "lonely.json"), "w"))
    open(os.path.join(work, "cairn.toml"), "w").write(manifest % 'tests = ["regressions/lonely.json"]\n')
    code, rec, out = run(cairn, ["test", ".", "--engine", "interp", "--format", "json"], work)
    files = (rec or {}).get("regressions") or []
    c.check(code == 2 and rec.get("status") == "unknown" and files and files[0].get("status") == "unknown"
            and files[0].get("implementations") == 0 and "no implementation" in files[0].get("reason", ""),
            "a kept file of a reference without implementations: unknown (%s)" % out[-300:])


def history(c, cairn, corpus, tmp):
    work = os.path.join(tmp, "history")
    shutil.copytree(os.path.join(corpus, "pass_total_by2"), work)
    shutil.copy(os.path.join(corpus, "off_by_one_tile", "prog.cairn"), os.path.join(work, "wrong.cairn"))
    hist = os.path.join(work, "hist")
    records = os.path.join(hist, "records.jsonl")
    ids = []
    for _ in range(2):
        code, rec, out = run(cairn, ["validate", "prog.cairn", "--symbol", "total_by2", "--history", "hist", "--format", "json"], work)
        ids.append((rec or {}).get("history"))
        c.check(code == 0 and rec and len(rec.get("identity", {})) == 5 and all(rec["identity"].values()),
                "a pass with --history: exit 0 and all five identity digests (%s)" % out[-200:])
    lines = [json.loads(l) for l in open(records)] if os.path.exists(records) else []
    c.check(len(lines) == 1 and ids[0] == ids[1] == lines[0].get("id"),
            "the same validation twice appends one cairn.history/1 line whose id the record names (%s, %d lines)" % (ids, len(lines)))
    if lines:
        l = lines[0]
        c.check(l.get("protocol") == "cairn.history/1" and l.get("kind") == "validation" and l.get("function") == "total"
                and l.get("candidate") == "plan total use total_by2;" and l["detail"].get("evidence") == "finite-tested"
                and "policy" in l["detail"] and l.get("at", "").endswith("Z"), "the pass's history line (%s)" % json.dumps(l)[:300])
    code, rec, out = run(cairn, ["validate", "wrong.cairn", "--symbol", "sum_by8", "--history", "hist", "--format", "json"], work)
    lines = [json.loads(l) for l in open(records)] if os.path.exists(records) else []
    c.check(code == 1 and len(lines) == 2 and lines[1].get("kind") == "failure" and lines[1]["detail"].get("stage") == "validation"
            and lines[1]["detail"].get("why", "").startswith("E-VALIDATION: failed")
            and lines[1]["detail"].get("inputs") == {"n": 8, "xs": [0, 0, 0, 0, 0, 0, 0, 1]},
            "a failure appends a failure line with its shrunk inputs (%s)" % (lines[-1] if lines else out[-200:]))
    open(os.path.join(work, "notadir"), "w").write("x")
    code, rec, out = run(cairn, ["validate", "prog.cairn", "--symbol", "total_by2", "--history", "notadir", "--format", "json"], work)
    c.check(code == 2 and rec and rec.get("status") == "passed" and "history_error" in rec,
            "a history that cannot be written: the result stands, history_error says why, exit 2 (%s)" % out[-200:])


def progress(c, cairn, corpus, tmp):
    if not shutil.which("script"):
        print("SKIP progress line: `script` (util-linux) is not installed here, so no terminal can be given")
        return
    work = os.path.join(tmp, "progress")
    shutil.copytree(os.path.join(corpus, "pass_total_by2"), work)
    env = dict(os.environ, CAIRN_VALIDATE_PROGRESS_AT_ONCE="1")
    cmd = "%s validate prog.cairn --symbol total_by2" % cairn
    # Bytes, not text: universal newlines would turn each carriage return into a newline.
    p = subprocess.run(["script", "-qec", cmd, "/dev/null"], cwd=work, capture_output=True, timeout=600, env=env)
    out = p.stdout.decode("utf-8", "replace")
    c.check("\rvalidate total_by2: cases " in out and "\rvalidate total_by2: smt part" in out,
            "on a terminal a progress line names the stage and counts the cases (%r)" % out[-300:])
    c.check(out.replace("\r\n", "\n").split("\r")[-1].lstrip(" ").startswith("passed: total_by2 against total"),
            "the progress line is erased before the claims (%r)" % out[-300:])
    p = subprocess.run([cairn, "validate", "prog.cairn", "--symbol", "total_by2", "--format", "human"], cwd=work,
                       capture_output=True, timeout=600, env=env)
    c.check(b"\r" not in p.stdout + p.stderr, "off a terminal there is no progress line")


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
        history(c, cairn, corpus, tmp)
        progress(c, cairn, corpus, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    c.finish("validate_cmd")


main()
