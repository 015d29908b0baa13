#!/usr/bin/env bash
# Golden run-tests: every program and project under examples/ runs under `cairn run --engine interp` (a
# library under `cairn test`) and must give the stdout and exit status kept in tests/run/NAME.expected
# (and, for a trap, the CAIRN_TRAP_FD report). CAIRN_UPDATE_GOLDEN=1 rewrites the expectations.
set -u
: "${CAIRN:?path to the cairn binary}" "${CAIRN_SOURCE_DIR:?repository root}"
exec python3 - "$CAIRN" "$CAIRN_SOURCE_DIR" <<'PY'
import json, os, subprocess, sys
cairn, root = sys.argv[1], sys.argv[2]
examples, expected_dir = os.path.join(root, "examples"), os.path.join(root, "tests", "run")
update = os.environ.get("CAIRN_UPDATE_GOLDEN") == "1"
passed = failed = 0
for name in sorted(os.listdir(examples)):
    path = os.path.join(examples, name)
    if not (name.endswith(".cairn") or os.path.isfile(os.path.join(path, "cairn.toml"))):
        continue
    stem = name[:-len(".cairn")] if name.endswith(".cairn") else name
    r, w = os.pipe()
    env = dict(os.environ, CAIRN_TRAP_FD=str(w), CAIRN_FORMAT="human")
    check = subprocess.run([cairn, "check", path, "--format", "json"], capture_output=True)
    record = json.loads(check.stdout)
    has_main = any(f["name"].split(".")[-1] == "main" for f in record.get("functions", []))
    command = "run" if has_main else "test"
    args = [cairn, command, path, "--engine", "interp", "--timeout", "60"]
    if command == "test":
        args += ["--format", "json"]
    proc = subprocess.run(args, capture_output=True, env=env, pass_fds=(w,), timeout=300, cwd=root)
    os.close(w)
    report = os.read(r, 4096).decode("utf-8", "replace").replace(root + "/", "")
    os.close(r)
    stdout = proc.stdout.decode("utf-8", "replace")
    if command == "test":
        blocks = json.loads(proc.stdout)["blocks"]
        stdout = "%s: %d passed, %d failed" % (json.loads(proc.stdout)["status"], blocks["passed"], blocks["failed"])
    got = {"command": command, "exit": proc.returncode, "stdout": stdout}
    if report:
        got["trap_report"] = report
    target = os.path.join(expected_dir, stem + ".expected")
    if update:
        with open(target, "w", encoding="utf-8") as f:
            f.write(json.dumps(got, indent=2, ensure_ascii=False) + "\n")
    want = json.load(open(target, encoding="utf-8")) if os.path.exists(target) else None
    if got == want:
        passed += 1
    else:
        failed += 1
        print("FAIL %s:\n  want %s\n  got  %s" % (name, want, got))
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
PY
