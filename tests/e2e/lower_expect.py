#!/usr/bin/env python3
"""Natively built CAIRN programs against their expectations (the lowering's end-to-end check).

Emits C++ with `cairn emit`, compiles it with each configuration (compiler x optimisation), runs it with
CAIRN_TRAP_FD set, and compares stdout, exit status, stderr strings and the trap report with the
expectation. The comparison functions (check_run, check_tests) do not care how the program was built, so
a later `cairn run --engine native` driver can reuse them.

usage: lower_expect.py SUITE FOLDER   (SUITE: run | tests | examples | differential)
  differential: every checked program with `main` in FOLDER against the reference interpreter
  (`cairn run --engine interp`): same stdout, exit status and trap report; native stderr within the
  interpreter's (which adds its own line on a trap).
env:   CAIRN, CAIRN_SOURCE_DIR, LOWER_CONFIGS ("clang++:-O0,clang++:-O2,g++:-O0,g++:-O2"), LOWER_JOBS (2),
       LOWER_FILTER (substring of the file names to keep), LOWER_EXTRA_FLAGS (added to every compile, e.g.
       "-fsanitize=address,undefined -fno-sanitize-recover=all"), LOWER_EMIT_FLAGS (added to `cairn emit`,
       e.g. "--keep-guards")
"""
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile
import time

# The semantic flags of every native build (targets/toolchain.cpp, semantic_flags), warnings off as cairn builds.
CXXFLAGS = ["-std=c++20", "-ffp-contract=off", "-fno-fast-math", "-fno-finite-loops", "-w"]


def check_run(path, want, stdout, stderr, code, report):
    """Problems of one run against a run/ expectation (empty: it agrees)."""
    problems = []
    if code != want["exit"]:
        problems.append("exit %d, want %d" % (code, want["exit"]))
    if stdout != want["stdout"].encode("utf-8"):
        problems.append("stdout %r, want %r" % (stdout[:200], want["stdout"][:200]))
    for s in want.get("stderr_contains", []):
        if s.encode("utf-8") not in stderr:
            problems.append("stderr lacks %r" % s)
    if "trap" in want:
        expect = "trap: %s at %s:%d\n" % (want["trap"], path, want["trap_line"])
        if report != expect:
            problems.append("trap report %r, want %r" % (report, expect))
    elif report:
        problems.append("unexpected trap report %r" % report)
    return problems


def check_tests(want, passed, failed):
    """Problems of a test-block run against a tests/ expectation."""
    problems = []
    code = 1 if failed else 0
    if code != want["exit"]:
        problems.append("exit %d, want %d" % (code, want["exit"]))
    if sorted(passed) != sorted(want["passed"]) or sorted(failed) != sorted(want["failed"]):
        problems.append("passed %s failed %s, want %s / %s" % (passed, failed, want["passed"], want["failed"]))
    return problems


def run_binary(binary, args=(), timeout=30):
    r, w = os.pipe()
    env = dict(os.environ, CAIRN_TRAP_FD=str(w))
    try:
        proc = subprocess.run([binary] + list(args), capture_output=True, env=env, pass_fds=(w,), timeout=timeout)
        code = proc.returncode if proc.returncode >= 0 else 128 - proc.returncode
        out, err = proc.stdout, proc.stderr
    except subprocess.TimeoutExpired:
        code, out, err = 124, b"", b"timeout"
    os.close(w)
    report = os.read(r, 65536).decode("utf-8", "replace")
    os.close(r)
    return out, err, code, report


def emit(cairn, path, harness):
    args = [cairn, "emit", path] + os.environ.get("LOWER_EMIT_FLAGS", "").split()
    if harness != "exe":
        args += ["--harness", harness]
    proc = subprocess.run(args, capture_output=True)
    if proc.returncode != 0:
        return None, proc.stderr.decode("utf-8", "replace")[:400]
    return proc.stdout, ""


def compile_cpp(cpp_path, binary, config, runtime):
    cc, opt = config.split(":")
    extra = os.environ.get("LOWER_EXTRA_FLAGS", "").split()
    proc = subprocess.run([cc, opt] + CXXFLAGS + extra + ["-I", runtime, cpp_path, "-o", binary], capture_output=True)
    return proc.returncode == 0, proc.stderr.decode("utf-8", "replace")[:600]


def one(job):
    """Emits, builds and checks one program under every configuration: [(config, problems)]."""
    cairn, runtime, suite, path, want, configs, workdir, root = job
    if suite == "differential":
        want = interp_outcome(cairn, path)
    harness = "tests" if suite == "tests" or (suite == "examples" and want.get("command") == "test") else "exe"
    cpp, err = emit(cairn, path, harness)
    if cpp is None:
        return [(c, ["emit failed: " + err]) for c in configs]
    stem = os.path.join(workdir, os.path.basename(path.rstrip("/")))
    with open(stem + ".cpp", "wb") as f:
        f.write(cpp)
    results = []
    for config in configs:
        binary = stem + "." + config.replace(":", "").replace("+", "x")
        ok, msg = compile_cpp(stem + ".cpp", binary, config, runtime)
        if not ok:
            results.append((config, ["compile failed: " + msg]))
            continue
        results.append((config, check_binary(suite, binary, path, want, root)))
    return results


def test_blocks(binary):
    out, _, code, _ = run_binary(binary, ["--cairn-list"])
    names = out.decode("utf-8").split("\n")[:-1] if code == 0 else []
    passed, failed = [], []
    for name in names:
        _, _, c, _ = run_binary(binary, ["--cairn-run", name], timeout=60)
        (passed if c == 0 else failed).append(name)
    return passed, failed


def interp_outcome(cairn, path):
    return run_binary(cairn, ["run", path, "--engine", "interp", "--timeout", "60"], timeout=120)


def check_binary(suite, binary, path, want, root):
    if suite == "differential":
        out, err, code, report = run_binary(binary)
        i_out, i_err, i_code, i_report = want
        problems = []
        if (out, code, report) != (i_out, i_code, i_report):
            problems.append("native %r exit %d report %r; interp %r exit %d report %r" %
                            (out[:200], code, report, i_out[:200], i_code, i_report))
        if err not in i_err:
            problems.append("native stderr %r not within interp's %r" % (err[:200], i_err[:200]))
        return problems
    if suite == "run":
        out, err, code, report = run_binary(binary)
        return check_run(path, want, out, err, code, report)
    if suite == "tests":
        passed, failed = test_blocks(binary)
        return check_tests(want, [n.split(".")[-1] for n in passed], [n.split(".")[-1] for n in failed])
    if want.get("command") == "test":
        passed, failed = test_blocks(binary)
        status = "passed-finite-tests" if passed and not failed else "test-blocks-failed"
        got = {"command": "test", "exit": 1 if failed or not passed else 0,
               "stdout": "%s: %d passed, %d failed" % (status, len(passed), len(failed))}
    else:
        out, _, code, report = run_binary(binary, timeout=60)
        got = {"command": "run", "exit": code, "stdout": out.decode("utf-8", "replace")}
        if report:
            got["trap_report"] = report.replace(root + "/", "")
    return [] if got == want else ["got %s, want %s" % (got, want)]


def programs(suite, folder, root):
    out = []
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if suite == "differential":
            if name.endswith(".cairn"):
                out.append((path, None))
            continue
        if suite == "examples":
            if not (name.endswith(".cairn") or os.path.isfile(os.path.join(path, "cairn.toml"))):
                continue
            stem = name[:-len(".cairn")] if name.endswith(".cairn") else name
            target = os.path.join(root, "tests", "run", stem + ".expected")
        else:
            if not name.endswith(".cairn"):
                continue
            target = path[:-len(".cairn")] + ".expected"
        if not os.path.exists(target):
            continue
        out.append((path, json.load(open(target, encoding="utf-8"))))
    return out


def main():
    suite, folder = sys.argv[1], sys.argv[2]
    cairn, root = os.environ["CAIRN"], os.environ["CAIRN_SOURCE_DIR"]
    runtime = os.path.join(root, "runtime")
    configs = os.environ.get("LOWER_CONFIGS", "clang++:-O0,clang++:-O2,g++:-O0,g++:-O2").split(",")
    jobs = int(os.environ.get("LOWER_JOBS", "2"))
    keep = os.environ.get("LOWER_FILTER", "")
    start = time.time()
    counts = {c: [0, 0] for c in configs}
    with tempfile.TemporaryDirectory(prefix="lower_") as workdir:
        work = [(cairn, runtime, suite, p, w, configs, workdir, root)
                for p, w in programs(suite, folder, root) if keep in os.path.basename(p)]
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
            for (cairn_, runtime_, suite_, path, want, *_), results in zip(work, pool.map(one, work)):
                for config, problems in results:
                    counts[config][0 if not problems else 1] += 1
                    if problems:
                        print("FAIL [%s] %s: %s" % (config, os.path.basename(path), "; ".join(problems)))
    failed = 0
    for config in configs:
        print("%s: %d passed, %d failed" % (config, counts[config][0], counts[config][1]))
        failed += counts[config][1]
    print("%s suite: %.1f s" % (suite, time.time() - start))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
