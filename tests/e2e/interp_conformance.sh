#!/usr/bin/env bash
# Every program of the shared conformance suite's run/ folder under `cairn run --engine interp`: stdout
# byte for byte, exit status, the strings stderr must contain, and the trap kind and line reported through
# CAIRN_TRAP_FD (language.md §16.4).
set -u
: "${CAIRN:?path to the cairn binary}" "${CAIRN_SHARED_DIR:?the shared folder}"
exec python3 - "$CAIRN" "$CAIRN_SHARED_DIR/conformance/run" <<'PY'
import json, os, subprocess, sys
cairn, folder = sys.argv[1], sys.argv[2]
passed = failed = 0
for name in sorted(os.listdir(folder)):
    if not name.endswith(".cairn"):
        continue
    path = os.path.join(folder, name)
    want = json.load(open(path[:-len(".cairn")] + ".expected", encoding="utf-8"))
    r, w = os.pipe()
    env = dict(os.environ, CAIRN_TRAP_FD=str(w))
    proc = subprocess.run([cairn, "run", path, "--engine", "interp", "--timeout", "30"], capture_output=True,
                          env=env, pass_fds=(w,), timeout=120)
    os.close(w)
    report = os.read(r, 4096).decode("utf-8", "replace")
    os.close(r)
    problems = []
    if proc.returncode != want["exit"]:
        problems.append("exit %d, want %d" % (proc.returncode, want["exit"]))
    if proc.stdout != want["stdout"].encode("utf-8"):
        problems.append("stdout %r, want %r" % (proc.stdout[:200], want["stdout"][:200]))
    for s in want.get("stderr_contains", []):
        if s.encode("utf-8") not in proc.stderr:
            problems.append("stderr lacks %r" % s)
    if "trap" in want:
        expect = "trap: %s at %s:%d\n" % (want["trap"], path, want["trap_line"])
        if report != expect:
            problems.append("trap report %r, want %r" % (report, expect))
    elif report:
        problems.append("unexpected trap report %r" % report)
    if problems:
        failed += 1
        print("FAIL %s: %s" % (name, "; ".join(problems)))
    else:
        passed += 1
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
PY
