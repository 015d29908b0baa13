"""End-to-end checks of `cairn fuzz` (tools.md §6): campaign, determinism, replay, usage errors."""
import json
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e_checks import Checks  # noqa: E402


def run(cairn, args, cwd, env=None):
    e = dict(os.environ)
    e.pop("CAIRN_FUZZ_TEST_ENGINES", None)
    e.update(env or {})
    p = subprocess.run([cairn, "fuzz"] + args, cwd=cwd, capture_output=True, text=True, timeout=900, env=e)
    try:
        rec = json.loads(p.stdout)
    except ValueError:
        rec = None
    return p.returncode, rec, p.stdout + p.stderr


def without_times(rec):
    rec = dict(rec)
    rec.pop("throughput", None)
    for d in rec.get("disagreements", []):
        d.get("reduced", {}).pop("seconds", None)
    return rec


def usage(c, cairn, tmp, args, what, status="unknown"):
    code, rec, out = run(cairn, args + ["--format", "json"], tmp)
    c.check(code == 2 and rec is not None and rec.get("protocol") == "cairn.diagnostic/2"
            and rec.get("code") == "E-PROJECT-OR-ENVIRONMENT" and rec.get("status") == status,
            "%s: exit 2 with E-PROJECT-OR-ENVIRONMENT (%d, %s)" % (what, code, out[-300:]))


def campaign(c, cairn, tmp):
    out = os.path.join(tmp, "kept")
    code, rec, text = run(cairn, ["--seed", "3", "--count", "30", "--jobs", "2", "--out", out, "--format", "json"], tmp)
    c.check(code == 0 and rec is not None, "a 30-program campaign agrees (exit %d: %s)" % (code, text[-600:]))
    if rec is None:
        return
    c.check(rec.get("protocol") == "cairn.fuzz/1" and rec.get("mode") == "differential" and rec.get("status") == "agreed",
            "the record's protocol, mode and status")
    c.check(rec.get("seed") == 3 and rec.get("requested") == {"count": 30} and rec.get("programs") == 30,
            "seed, requested and programs")
    engines = rec.get("engines", [])
    c.check(engines[:1] == ["interp"] and len(engines) >= 2, "interp and at least one native engine: %s" % engines)
    c.check(rec.get("engine_runs") == 30 * len(engines), "every engine ran every program (%s)" % rec.get("engine_runs"))
    c.check("qemu-aarch64" in rec.get("engines_unavailable", {}) or "qemu-aarch64" in engines,
            "qemu-aarch64 is an engine or listed unavailable with its reason")
    c.check(rec.get("generator_defects") == [] and rec.get("disagreements") == [], "no defect, no disagreement")
    for k in ("constructs", "intended_traps", "throughput"):
        c.check(k in rec, "the record has %s" % k)
    st = rec.get("throughput", {}).get("stage_seconds", {})
    c.check(sorted(st) == sorted(["generate", "check", "interp", "build", "run", "reduce"]), "the stages: %s" % st)
    c.check(not os.path.exists(out) or os.listdir(out) == [], "an agreed campaign keeps nothing")


def determinism(c, cairn, tmp):
    recs = []
    for jobs in ("1", "2"):
        code, rec, text = run(cairn, ["--seed", "11", "--count", "4", "--jobs", jobs, "--out", os.path.join(tmp, "d"),
                                      "--format", "json"], tmp)
        recs.append(without_times(rec) if rec else None)
    c.check(recs[0] is not None and recs[0] == recs[1], "the same record with --jobs 1 and --jobs 2")
    shards = []
    for shard in ("1/2", "2/2"):
        code, rec, text = run(cairn, ["--seed", "11", "--count", "3", "--shard", shard, "--format", "json"], tmp)
        shards.append(rec.get("programs") if rec else None)
    c.check(shards == [2, 1], "--shard 1/2 and 2/2 split 3 programs as 2 and 1 (%s)" % shards)
    usage(c, cairn, tmp, ["--shard", "3/2"], "--shard 3/2")
    code, rec, text = run(cairn, ["--seed", "11", "--index", "5", "--format", "json"], tmp)
    c.check(code == 0 and rec and rec.get("programs") == 1 and rec.get("requested") == {"count": 1, "index": 5},
            "--index runs one program (%s)" % text[-300:])
    code, rec, text = run(cairn, ["--seed", "11", "--count", "3", "--format", "human"], tmp)
    c.check(code == 0 and re.match(r"fuzz seed 11: 3 programs, \d+ engine runs in [0-9.]+ s \([0-9.]+ programs/s, "
                                   r"[0-9.]+ engine runs/s\)\nengines: interp, .*\nagreed\n$", text),
            "the human form (%r)" % text[-300:])


CASE = """// cairn-fuzz regression 0000000000000000
// found: seed 1 index 2, kind stdout, interp vs gcc-O2
// observed gcc-O2: exit 0, stdout "4\\n"
// expect exit: %d
// expect trap: %s
// expect stdout: %s
fn main() -> i32 {
  let a:i32 = 7;
  println(a - 4);
  return 0;
}
"""


def replay(c, cairn, tmp):
    good = os.path.join(tmp, "good")
    os.makedirs(good)
    c.write("good/a.cairn", CASE % (0, "none", '"3\\n"'))
    code, rec, text = run(cairn, ["--replay", good, "--format", "json"], tmp)
    c.check(code == 0 and rec and rec.get("mode") == "replay" and rec.get("status") == "agreed"
            and [x["status"] for x in rec.get("cases", [])] == ["passed"], "a case every engine meets replays (%s)" % text[-400:])
    empty = os.path.join(tmp, "empty")
    os.makedirs(empty)
    code, rec, text = run(cairn, ["--replay", empty, "--format", "json"], tmp)
    c.check(code == 0 and rec and rec.get("programs") == 0, "an empty directory replays nothing (%s)" % text[-300:])
    c.write("bad/a.cairn", CASE % (0, "none", '"4\\n"'))
    code, rec, text = run(cairn, ["--replay", os.path.join(tmp, "bad"), "--format", "json"], tmp)
    failing = rec.get("cases", [{}])[0].get("engines", {}) if rec else {}
    c.check(code == 1 and rec and rec.get("status") == "disagreed" and "interp" in failing,
            "a wrong expectation fails on every engine (%s)" % text[-400:])
    c.write("torn/a.cairn", "fn main() -> i32 {\n  return 0;\n}\n")
    code, rec, text = run(cairn, ["--replay", os.path.join(tmp, "torn"), "--format", "json"], tmp)
    c.check(code == 1 and rec and "error" in rec.get("cases", [{}])[0], "a file without a header fails (%s)" % text[-300:])
    usage(c, cairn, tmp, ["--replay", os.path.join(tmp, "absent")], "a missing replay directory")


def usage_errors(c, cairn, tmp):
    usage(c, cairn, tmp, ["--count", "5", "--seconds", "3"], "--count with --seconds")
    usage(c, cairn, tmp, ["--engines", "interp,clang-O7"], "an unknown engine")
    usage(c, cairn, tmp, ["--engines", "interp"], "interp alone")
    for bad in ("-1", "abc", "18446744073709551616", ""):
        usage(c, cairn, tmp, ["--seed", bad], "the seed %r" % bad)
    usage(c, cairn, tmp, ["--count", "0"], "--count 0")
    usage(c, cairn, tmp, ["--seed", "1", "--index", "2", "--count", "3"], "--index with --count")
    usage(c, cairn, tmp, ["--engines", "interp,qemu-aarch64"], "a named engine missing here")
    usage(c, cairn, tmp, ["--engines", "interp,test-miscompile-sub"], "the test-only engine without the variable")
    usage(c, cairn, tmp, ["somefile"], "an operand")
    code, rec, text = run(cairn, ["--seed", "1", "--count", "2", "--engines", "interp,test-miscompile-sub",
                                  "--format", "json"], tmp, {"CAIRN_FUZZ_TEST_ENGINES": "1"})
    c.check(rec is not None and rec.get("engines") == ["interp", "test-miscompile-sub"],
            "the test-only engine under CAIRN_FUZZ_TEST_ENGINES=1 (%s)" % text[-300:])
    code, rec, text = run(cairn, ["--help"], tmp)
    c.check(code == 0 and "--replay" in text and "--engines" in text, "--help lists the flags")


def main():
    cairn = sys.argv[1]
    with tempfile.TemporaryDirectory(prefix="cairn-fuzz-e2e-") as tmp:
        c = Checks(tmp)
        usage_errors(c, cairn, tmp)
        replay(c, cairn, tmp)
        determinism(c, cairn, tmp)
        campaign(c, cairn, tmp)
        c.finish("fuzz_cmd")


main()
