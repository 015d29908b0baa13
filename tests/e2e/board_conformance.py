"""Conformance run/ programs on the aarch64-virt board (see board_conformance.sh)."""
import concurrent.futures, json, os, shutil, subprocess, sys, tempfile

cairn, suite = sys.argv[1], sys.argv[2]
missing = [t for t in ("aarch64-linux-gnu-g++", "qemu-system-aarch64") if not shutil.which(t)]
if missing:
    print("SKIP: the board conformance run needs %s on PATH (scripts/setup installs g++-aarch64-linux-gnu and "
          "qemu-system-arm)" % ", ".join(missing))
    sys.exit(77)
if not os.path.isdir(suite):
    print("board conformance: no suite at " + suite)
    sys.exit(1)

REFUSED = ("alloc", "free", "indirect_call")
work = tempfile.mkdtemp(prefix="cairn-board-conf-")


def record(proc):
    try:
        return json.loads(proc.stdout)
    except ValueError:
        return {}


def one(name):
    src = os.path.join(work, name)
    shutil.copy(os.path.join(suite, name), src)  # builds go beside the program: a scratch copy
    env = dict(os.environ)
    env.pop("CAIRN_FORMAT", None)
    check = record(subprocess.run([cairn, "check", src, "--format", "json"], capture_output=True, env=env))
    main_row = next((f["effects"] for f in check.get("functions", []) if f["name"] == "main"), [])
    outside = any(label in main_row for label in REFUSED)
    p = subprocess.run([cairn, "run", src, "--target", "aarch64-virt", "--trap-report", "--timeout", "30",
                        "--format", "json"], capture_output=True, env=env, cwd=work, timeout=600)
    r = record(p)
    want = json.load(open(os.path.join(suite, name[:-len(".cairn")] + ".expected"), encoding="utf-8"))
    refused = p.returncode == 2 and r.get("code") == "E-PROJECT-OR-ENVIRONMENT" and \
        r.get("message", "").startswith("A freestanding target has no hosted runtime: ")
    if outside or refused:
        if outside and refused:
            return "outside", ""
        return "fail", "profile: main's row %s, cairn run exit %s %s" % (main_row, p.returncode, p.stdout[:300])
    problems = []
    if r.get("exit_code") != want["exit"]:
        problems.append("exit %s, want %s" % (r.get("exit_code"), want["exit"]))
    if r.get("stdout") != want["stdout"]:
        problems.append("stdout %r, want %r" % (r.get("stdout", "")[:200], want["stdout"][:200]))
    if "trap" in want:
        trap = r.get("trap", "")
        kind, _, at = trap.partition(" at ")
        if kind != want["trap"] or ("trap_line" in want and not at.endswith(":%d" % want["trap_line"])):
            problems.append("trap %r, want %s line %s" % (trap, want["trap"], want.get("trap_line")))
    if not r:
        problems.append("no record: exit %s %r" % (p.returncode, p.stderr[:300]))
    return ("fail", "; ".join(problems)) if problems else ("pass", "")


names = sorted(n for n in os.listdir(suite) if n.endswith(".cairn"))
with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    results = list(pool.map(one, names))
counts = {"pass": 0, "fail": 0, "outside": 0}
for name, (status, why) in zip(names, results):
    counts[status] += 1
    if status == "fail":
        print("FAIL run/%s: %s" % (name, why))
shutil.rmtree(work, ignore_errors=True)
print("%d passed, %d failed, %d outside the freestanding profile (refused as §14.7 says)" %
      (counts["pass"], counts["fail"], counts["outside"]))
sys.exit(1 if counts["fail"] else 0)
