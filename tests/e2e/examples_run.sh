#!/usr/bin/env bash
# Golden and differential run-tests: every program and project under examples/ runs under the reference
# interpreter and natively under clang++ and g++ at -O0 and -O2 and under clang's AddressSanitizer and UBSan
# (`cairn run`; a library under `cairn test`), and, as the qemu-aarch64 engine, as an aarch64-virt image under
# qemu-system-aarch64 when the freestanding profile accepts it (language.md §14.7; skipped, with a line saying
# so, when the cross compiler or QEMU is absent). A project whose manifest targets aarch64-virt runs hosted on
# the host engines (--target hosted).
# Every engine must give the stdout, exit status and CAIRN_TRAP_FD report kept in tests/run/NAME.expected.
# CAIRN_UPDATE_GOLDEN=1 rewrites the expectations from the interpreter. CAIRN_ENGINES limits the engines: a
# comma list of interp (always run), native, asan, qemu; "interp" alone as before.
set -u
: "${CAIRN:?path to the cairn binary}" "${CAIRN_SOURCE_DIR:?repository root}"
exec python3 - "$CAIRN" "$CAIRN_SOURCE_DIR" <<'PY'
import concurrent.futures, json, os, shutil, subprocess, sys, tempfile
cairn, root = sys.argv[1], sys.argv[2]
expected_dir = os.path.join(root, "tests", "run")
update = os.environ.get("CAIRN_UPDATE_GOLDEN") == "1"
chosen = os.environ.get("CAIRN_ENGINES", "all")
chosen = {"interp", "native", "asan", "qemu"} if chosen == "all" else set(chosen.split(","))
engines = [("interp", [])]
if "native" in chosen:
    for cc in ("clang", "gcc"):
        for opt in ("0", "2"):
            engines.append(("%s -O%s" % (cc, opt), ["--engine", "native", "--cc", cc, "--opt", opt]))
if "asan" in chosen:
    # The generated C++ has no undefined behaviour: AddressSanitizer and UBSan end the run on any report.
    engines.append(("clang asan+ubsan", ["--engine", "native", "--cc", "clang", "--sanitize", "address"]))
QEMU = "qemu-aarch64"
if "qemu" in chosen:
    absent = [t for t in ("aarch64-linux-gnu-g++", "qemu-system-aarch64") if not shutil.which(t)]
    if absent:
        print("SKIP engine %s: %s not on PATH (scripts/setup installs g++-aarch64-linux-gnu and qemu-system-arm)"
              % (QEMU, ", ".join(absent)))
    else:
        engines.append((QEMU, ["--engine", "native", "--target", "aarch64-virt", "--trap-report"]))

work = tempfile.mkdtemp(prefix="cairn-examples-")
examples = os.path.join(work, "examples")  # a copy: native builds write build/ beside the programs
shutil.copytree(os.path.join(root, "examples"), examples)

def board_manifest(path):
    manifest = os.path.join(path, "cairn.toml")
    return os.path.isfile(manifest) and 'target = "aarch64-virt"' in open(manifest, encoding="utf-8").read()


def run_one(name, engine_flags):
    path = os.path.join(examples, name)
    qemu = "aarch64-virt" in engine_flags
    r, w = os.pipe()
    env = dict(os.environ, CAIRN_TRAP_FD=str(w), CAIRN_FORMAT="human")
    check = subprocess.run([cairn, "check", path, "--format", "json"], capture_output=True)
    record = json.loads(check.stdout)
    has_main = any(f["name"].split(".")[-1] == "main" for f in record.get("functions", []))
    command = "run" if has_main else "test"
    flags = list(engine_flags) or ["--engine", "interp"]
    if qemu and command == "test":
        return None, "test blocks run hosted only"
    if not qemu and board_manifest(path):
        flags += ["--target", "hosted"]
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
    # Not for the board: outside the profile, or test blocks beside main (E-TEST on a freestanding target).
    if qemu and ((proc.returncode == 2 and b"A freestanding target has no hosted runtime" in proc.stderr) or
                 (proc.returncode == 1 and b"error[E-TEST]: A freestanding target has no test blocks" in proc.stderr)):
        return None, proc.stderr.decode("utf-8", "replace").strip()
    got = {"command": command, "exit": proc.returncode, "stdout": stdout}
    if report:
        got["trap_report"] = report
    return got, proc.stderr.decode("utf-8", "replace")

names = [n for n in sorted(os.listdir(examples))
         if n.endswith(".cairn") or os.path.isfile(os.path.join(examples, n, "cairn.toml"))]
jobs = [(n, e) for n in names for e in engines]
with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
    results = list(pool.map(lambda job: run_one(job[0], job[1][1]), jobs))
passed = failed = outside = 0
for (name, (engine, _)), (got, err) in zip(jobs, results):
    if got is None:  # outside the freestanding profile, or test blocks: not for the board
        outside += 1
        continue
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
print("%d passed, %d failed (%d programs x %d engines; %d program runs outside the %s profile)" %
      (passed, failed, len(names), len(engines), outside, QEMU))
sys.exit(1 if failed else 0)
PY
