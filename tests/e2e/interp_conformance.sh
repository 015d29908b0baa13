#!/usr/bin/env bash
# Every program of the shared conformance suite's run/ folder under `cairn run --engine interp`: stdout
# byte for byte, exit status, the strings stderr must contain, and the trap kind and line reported through
# CAIRN_TRAP_FD (language.md §16.4).
set -u
: "${CAIRN:?path to the cairn binary}" "${CAIRN_SHARED_DIR:?the shared folder}"
exec python3 - "$CAIRN" "$CAIRN_SHARED_DIR/conformance/run" "$(dirname "${BASH_SOURCE[0]}")" <<'PY'
import json, os, subprocess, sys
sys.path.insert(0, sys.argv[3])
from lower_expect import check_run  # the comparison every engine's conformance run shares
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
    problems = check_run(path, want, proc.stdout, proc.stderr, proc.returncode, report)
    if problems:
        failed += 1
        print("FAIL %s: %s" % (name, "; ".join(problems)))
    else:
        passed += 1
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
PY
