#!/usr/bin/env bash
# Golden and differential run-tests: every program and project under examples/ runs under the reference
# interpreter and natively under clang++ and g++ at -O0 and -O2 and under clang's AddressSanitizer and UBSan
# (`cairn run`; a library under `cairn test`).
# Every engine must give the stdout, exit status and CAIRN_TRAP_FD report kept in tests/run/NAME.expected.
# CAIRN_UPDATE_GOLDEN=1 rewrites the expectations from the interpreter. CAIRN_ENGINES=interp limits the engines.
set -u
: "${CAIRN:?path to the cairn binary}" "${CAIRN_SOURCE_DIR:?repository root}"
exec python3 - "$CAIRN" "$CAIRN_SOURCE_DIR" <<'PY'
import concurrent.futures, json, os, shutil, subprocess, sys, tempfile
cairn, root = sys.argv[1], sys.argv[2]
expected_dir = os.path.join(root, "tests", "run")
update = os.environ.get("CAIRN_UPDATE_GOLDEN") == "1"
engines = [("interp", [])]
if os.environ.get("CAIRN_ENGINES", "all") != "interp":
    for cc in ("clang", "gcc"):
        for opt in ("0", "2"):
            engines.append(("%s -O%s" % (cc, opt), ["--engine", "native", "--cc", cc, "--opt", opt]))
    # The generated C++ has no undefined behaviour: AddressSanitizer and UBSan end the run on any report.
    engines.append(("clang asan+ubsan", ["--engine", "native", "--cc", "clang", "--sanitize", "address"]))

work = tempfile.mkdtemp(prefix="cairn-examples-")
examples = os.path.join(work, "examples")  # a copy: native builds write build/ beside the programs
shutil.copytree(os.path.join(root, "examples"), examples)

def run_one(name, engine_flags):
    path = os.path.join(examples, name)
    r, w = os.pipe()
    env = dict(os.environ, CAIRN_TRAP_FD=str(w), CAIRN_FORMAT="human")
    check = subprocess.run([cairn, "check", path, "--format", "json"], capture_output=True)
    record = json.loads(check.stdout)
    has_main = any(f["name"].split(".")[-1] == "main" for f in record.get("functions", []))
    command = "run" if has_main else "test"
    flags = list(engine_flags) or ["--engine", "interp"]
    if command == "test":
        flags = [f for f in flags if f not in ("--opt", "0", "2", "--sanitize", "address")]
    args = [cairn, command, path] + flags + ["--timeout", "60"]
    if command == "test":
        args += ["--format", "json"]
    proc = subprocess.run(args, capture_output=True, env=env, pass_fds=(w,), timeout=300, cwd=work)
    os.close(w)
    report = os.read(r, 4096).decode("utf-8", "replace").replace(work + "/", "")
    os.close(r)
    stdout = proc.stdout.decode("utf-8", "replace")
    if command == "test":
        try:
            rec = json.loads(proc.stdout)
            stdout = "%s: %d passed, %d failed" % (rec["status"], rec["blocks"]["passed"], rec["blocks"]["failed"])
        except (ValueError, KeyError):
            stdout = "unreadable record: " + stdout[:300] + proc.stderr.decode("utf-8", "replace")[:300]
    got = {"command": command, "exit": proc.returncode, "stdout": stdout}
    if report:
        got["trap_report"] = report
    return got, proc.stderr.decode("utf-8", "replace")

names = [n for n in sorted(os.listdir(examples))
         if n.endswith(".cairn") or os.path.isfile(os.path.join(examples, n, "cairn.toml"))]
jobs = [(n, e) for n in names for e in engines]
with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    results = list(pool.map(lambda job: run_one(job[0], job[1][1]), jobs))
passed = failed = 0
for (name, (engine, _)), (got, err) in zip(jobs, results):
    stem = name[:-len(".cairn")] if name.endswith(".cairn") else name
    target = os.path.join(expected_dir, stem + ".expected")
    if update and engine == "interp":
        with open(target, "w", encoding="utf-8") as f:
            f.write(json.dumps(got, indent=2, ensure_ascii=False) + "\n")
    want = json.load(open(target, encoding="utf-8")) if os.path.exists(target) else None
    if got == want:
        passed += 1
    else:
        failed += 1
        print("FAIL %s [%s]:\n  want %s\n  got  %s\n  stderr %s" % (name, engine, want, got, err[:400]))
shutil.rmtree(work, ignore_errors=True)
print("%d passed, %d failed (%d programs x %d engines)" % (passed, failed, len(names), len(engines)))
sys.exit(1 if failed else 0)
PY
