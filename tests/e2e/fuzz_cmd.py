"""End-to-end checks of `cairn fuzz` (tools.md §6): campaign, determinism, replay, usage errors."""
import json
import os
import re
import shutil
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


# The CI campaign (issue: a few hundred programs, fixed seed, every engine here). Under the suite's sanitizer run
# CAIRN_FUZZ_SANITIZE=undefined is set, so the host engines' C++ is compiled with UBSan as well.
CAMPAIGN = 300


def campaign(c, cairn, tmp):
    out = os.path.join(tmp, "kept")
    code, rec, text = run(cairn, ["--seed", "3", "--count", str(CAMPAIGN), "--jobs", "2", "--out", out,
                                  "--format", "json"], tmp)
    c.check(code == 0 and rec is not None,
            "a %d-program campaign agrees (exit %d: %s)" % (CAMPAIGN, code, text[-600:]))
    if rec is None:
        return
    c.check(rec.get("protocol") == "cairn.fuzz/1" and rec.get("mode") == "differential" and rec.get("status") == "agreed",
            "the record's protocol, mode and status")
    c.check(rec.get("seed") == 3 and rec.get("requested") == {"count": CAMPAIGN} and rec.get("programs") == CAMPAIGN,
            "seed, requested and programs")
    engines = rec.get("engines", [])
    c.check(engines[:1] == ["interp"] and len(engines) >= 2, "interp and at least one native engine: %s" % engines)
    ran = rec.get("engine_programs", {})
    skipped = rec.get("engine_skipped", {})
    c.check(all(ran.get(e) == CAMPAIGN for e in engines if e != "qemu-aarch64"),
            "every host engine ran every program (%s)" % ran)
    c.check(rec.get("engine_runs") == sum(ran.values()), "engine_runs is the sum of engine_programs (%s)" % ran)
    if "qemu-aarch64" in engines:
        c.check(ran.get("qemu-aarch64", 0) + skipped.get("qemu-aarch64", 0) == CAMPAIGN,
                "qemu-aarch64 ran or skipped every program (%s, %s)" % (ran, skipped))
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
                                   r"[0-9.]+ engine runs/s\)\nengines: interp, .*\n(qemu-aarch64: \d+ programs? run, "
                                   r"\d+ skipped \(outside the freestanding profile\)\n)?agreed\n$", text),
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
    usage(c, cairn, tmp, ["--engines", "interp,test-miscompile-sub"], "the test-only engine without the variable")
    usage(c, cairn, tmp, ["somefile"], "an operand")
    code, rec, text = run(cairn, ["--seed", "1", "--count", "2", "--engines", "interp,test-miscompile-sub",
                                  "--format", "json"], tmp, {"CAIRN_FUZZ_TEST_ENGINES": "1"})
    c.check(rec is not None and rec.get("engines") == ["interp", "test-miscompile-sub"],
            "the test-only engine under CAIRN_FUZZ_TEST_ENGINES=1 (%s)" % text[-300:])
    code, rec, text = run(cairn, ["--help"], tmp)
    c.check(code == 0 and "--replay" in text and "--engines" in text, "--help lists the flags")


BOARD_TOOLS = ("aarch64-linux-gnu-g++", "aarch64-linux-gnu-nm", "aarch64-linux-gnu-size", "qemu-system-aarch64")


def board_missing():
    """The first tool of the qemu-aarch64 engine missing on PATH, or None."""
    for t in BOARD_TOOLS:
        if shutil.which(t) is None:
            return t
    return None


def path_without_qemu(tmp):
    """PATH with every directory holding qemu-system-aarch64 replaced by a copy of links to all else it holds."""
    dirs = []
    for i, d in enumerate(os.environ.get("PATH", "").split(os.pathsep)):
        if d and os.path.exists(os.path.join(d, "qemu-system-aarch64")):
            shadow = os.path.join(tmp, "path-without-qemu-%d" % i)
            os.makedirs(shadow, exist_ok=True)
            for name in os.listdir(d):
                if name != "qemu-system-aarch64" and not os.path.lexists(os.path.join(shadow, name)):
                    os.symlink(os.path.join(d, name), os.path.join(shadow, name))
            d = shadow
        dirs.append(d)
    return os.pathsep.join(dirs)


# A program inside the freestanding profile (prints, a trap) and one outside it (a Buf: alloc and free).
INSIDE = """fn main() -> i32 {
  let a:u8 = 250;
  let b:u8 = 6;
  println("before");
  let c = a + b;
  println("after ", c);
  return 0;
}
"""
OUTSIDE = """fn main() -> i32 {
  let mut b = Buf[u64](3);
  b[1] = 7;
  println(b[1]);
  return 0;
}
"""
HEADER = """// cairn-fuzz regression 0000000000000000
// found: seed 1 index 2, kind stdout, interp vs qemu-aarch64
// observed qemu-aarch64: exit 0, stdout ""
// expect exit: %d
// expect trap: %s
// expect stdout: %s
"""


def qemu_absent(c, cairn, tmp):
    """Without qemu-system-aarch64 on PATH the engine is listed unavailable with the reason, and naming it is exit 2."""
    env = {"PATH": path_without_qemu(tmp)}
    code, rec, text = run(cairn, ["--seed", "11", "--count", "2", "--jobs", "2", "--out", os.path.join(tmp, "nq"),
                                  "--format", "json"], tmp, env)
    why = (rec or {}).get("engines_unavailable", {}).get("qemu-aarch64", "")
    missing = board_missing() or "qemu-system-aarch64"  # a missing cross tool is named first
    c.check(code == 0 and rec and "qemu-aarch64" not in rec.get("engines", []) and missing in why,
            "without QEMU on PATH qemu-aarch64 is unavailable with the reason (%d, %s)" % (code, text[-400:]))
    code, rec, text = run(cairn, ["--engines", "interp,qemu-aarch64,clang-O0", "--count", "2", "--format", "json"],
                          tmp, env)
    c.check(code == 2 and rec and rec.get("code") == "E-PROJECT-OR-ENVIRONMENT" and missing in text,
            "naming qemu-aarch64 without QEMU on PATH is an environment failure (%d, %s)" % (code, text[-400:]))


def qemu_present(c, cairn, tmp):
    """Where the cross compiler and QEMU are installed: a short campaign on interp, qemu-aarch64 and clang-O0 agrees
    and counts the programs the board ran and skipped; a program outside the profile is skipped, not failed."""
    missing = board_missing()
    if missing:
        print("SKIP: the qemu-aarch64 checks of fuzz_cmd need %s on PATH (scripts/setup installs it)" % missing)
        return
    if shutil.which("clang++") is None:
        print("SKIP: the qemu-aarch64 campaign check needs clang++ on PATH")
        return
    engines = "interp,qemu-aarch64,clang-O0"
    code, rec, text = run(cairn, ["--seed", "3", "--count", "8", "--engines", engines, "--jobs", "2",
                                  "--out", os.path.join(tmp, "q"), "--format", "json"], tmp)
    c.check(code == 0 and rec and rec.get("status") == "agreed"
            and rec.get("engines") == ["interp", "clang-O0", "qemu-aarch64"],
            "a campaign with qemu-aarch64 agrees (%d, %s)" % (code, text[-600:]))
    if rec:
        ran, skipped = rec.get("engine_programs", {}), rec.get("engine_skipped", {})
        c.check(ran.get("interp") == 8 and ran.get("clang-O0") == 8
                and ran.get("qemu-aarch64", -1) + skipped.get("qemu-aarch64", -1) == 8,
                "the record counts the programs qemu-aarch64 ran and skipped (%s, %s)" % (ran, skipped))
        print("fuzz_cmd: qemu-aarch64 ran %s and skipped %s of 8 generated programs"
              % (ran.get("qemu-aarch64"), skipped.get("qemu-aarch64")))
    code, rec, text = run(cairn, ["--seed", "3", "--count", "8", "--engines", engines, "--jobs", "2",
                                  "--out", os.path.join(tmp, "q"), "--format", "human"], tmp)
    c.check(code == 0 and re.search(r"\nqemu-aarch64: \d+ programs? run, \d+ skipped \(outside the freestanding "
                                    r"profile\)\nagreed\n$", text), "the human form counts them (%r)" % text[-300:])
    # Kept cases: the board meets the header of the one inside the profile and skips the other.
    c.write("qcases/inside.cairn", HEADER % (134, "overflow", '"before\\n"') + INSIDE)
    c.write("qcases/outside.cairn", HEADER % (0, "none", '"7\\n"') + OUTSIDE)
    code, rec, text = run(cairn, ["--replay", os.path.join(tmp, "qcases"), "--engines", engines, "--jobs", "2",
                                  "--format", "json"], tmp)
    c.check(code == 0 and rec and [x["status"] for x in rec.get("cases", [])] == ["passed", "passed"]
            and rec.get("engine_programs", {}).get("qemu-aarch64") == 1
            and rec.get("engine_skipped", {}).get("qemu-aarch64") == 1,
            "--replay runs qemu-aarch64 on the case inside the profile and skips the other (%d, %s)" % (code, text[-600:]))
    c.write("qcases/inside.cairn", HEADER % (134, "bounds", '"before\\n"') + INSIDE)
    code, rec, text = run(cairn, ["--replay", os.path.join(tmp, "qcases"), "--engines", engines, "--format", "json"], tmp)
    failing = [x.get("engines", {}) for x in (rec or {}).get("cases", []) if x.get("status") == "failed"]
    c.check(code == 1 and len(failing) == 1 and "qemu-aarch64" in failing[0],
            "a wrong trap kind fails on qemu-aarch64 too (%d, %s)" % (code, text[-400:]))


def main():
    cairn = sys.argv[1]
    with tempfile.TemporaryDirectory(prefix="cairn-fuzz-e2e-") as tmp:
        c = Checks(tmp)
        usage_errors(c, cairn, tmp)
        replay(c, cairn, tmp)
        determinism(c, cairn, tmp)
        qemu_absent(c, cairn, tmp)
        qemu_present(c, cairn, tmp)
        campaign(c, cairn, tmp)
        c.finish("fuzz_cmd")


main()
