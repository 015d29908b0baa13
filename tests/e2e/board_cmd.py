"""The aarch64-virt target end to end (see board_cmd.sh). Prints one line per failure, then totals."""
import json, os, shutil, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e_checks import Checks, record_of, run_cairn  # noqa: E402

cairn, root = sys.argv[1], sys.argv[2]
missing = [t for t in ("aarch64-linux-gnu-g++", "aarch64-linux-gnu-nm", "aarch64-linux-gnu-size",
                       "qemu-system-aarch64") if not shutil.which(t)]
if missing:
    print("SKIP: the aarch64-virt tests need %s on PATH (scripts/setup installs g++-aarch64-linux-gnu and "
          "qemu-system-arm)" % ", ".join(missing))
    sys.exit(77)

tmp = tempfile.mkdtemp(prefix="cairn-board-")
_checks = Checks(tmp)
check, write = _checks.check, _checks.write


def cairn_run(args, env=None, fds=(), timeout=300):
    return run_cairn(cairn, args, tmp, env, fds, timeout)


record = record_of


examples = os.path.join(tmp, "examples")
shutil.copytree(os.path.join(root, "examples", "30_embedded"), examples)
trapdemo = os.path.join(examples, "trap")

# --- build: one ELF image, its size in the record, nothing undefined ---
p = cairn_run(["build", examples, "--format", "json"])
r = record(p)
check(p.returncode == 0 and r.get("status") == "native-built", "build embedded: %s %s" % (p.returncode, p.stdout[:400]))
if r.get("status") == "native-built":
    check(r.get("target") == "aarch64-virt" and r["artifact"].endswith("/embedded.elf"), "build record %s" % r)
    check(r.get("size", {}).get("text", 0) > 0, "build size %s" % r.get("size"))
    check("aarch64-linux-gnu-g++" in r["command"][0] and "-ffreestanding" in r["command"]
          and "-nostdlib" in r["command"], "build command %s" % r["command"])
    nm = subprocess.run(["aarch64-linux-gnu-nm", "-u", r["artifact"]], capture_output=True, text=True)
    check(nm.returncode == 0 and nm.stdout == "", "nm -u: %r" % nm.stdout)
    rec = json.load(open(r["receipt"]))
    check(rec["hashes"]["artifact"] == r["artifact_sha256"], "receipt artifact hash")
    check(rec.get("target") == "aarch64-virt" and rec.get("size") == r["size"]
          and [f["file"] for f in rec["hashes"].get("target_files", [])] == ["link.ld", "start.S", "support.S"],
          "receipt target %s" % {k: rec.get(k) for k in ("target", "size")})
    for f in ("start.S", "support.S", "link.ld"):
        check(os.path.isfile(os.path.join(r["directory"], f)), "build dir has " + f)

# --- run: the UART is stdout, main's value the exit status; the same as hosted ---
want_out = "reading 17: level 420, mean of window 421.5\nfib 20 = 6765\n"
p = cairn_run(["run", examples])
check(p.returncode == 3 and p.stdout.decode() == want_out, "run embedded: %s %r %r" % (p.returncode, p.stdout, p.stderr[:300]))
p = cairn_run(["run", examples, "--target", "hosted"])
check(p.returncode == 3 and p.stdout.decode() == want_out, "run embedded hosted: %s %r" % (p.returncode, p.stdout))
p = cairn_run(["run", examples, "--format", "json"])
r = record(p)
check(p.returncode == 1 and r.get("exit_code") == 3 and r.get("stdout") == want_out and r.get("target") == "aarch64-virt"
      and r.get("emulator", [""])[0] == "qemu-system-aarch64", "run record %s" % r)

# --- a trap: status 134, nothing after it; with --trap-report its line goes to CAIRN_TRAP_FD ---
p = cairn_run(["run", trapdemo])
check(p.returncode == 134 and p.stdout.decode() == "trap demo: reading window[4] of 4\n"
      and b"trapdemo exited with status 134" in p.stderr, "run trap: %s %r %r" % (p.returncode, p.stdout, p.stderr))
rd, wr = os.pipe()
p = cairn_run(["run", trapdemo, "--trap-report"], env={"CAIRN_TRAP_FD": str(wr)}, fds=(wr,))
os.close(wr)
report = os.read(rd, 4096).decode()
os.close(rd)
check(p.returncode == 134 and report == "trap: bounds at src/main.cairn:2\n"
      and p.stdout.decode() == "trap demo: reading window[4] of 4\n", "trap report: %s %r %r" % (p.returncode, report, p.stdout))
p = cairn_run(["run", trapdemo, "--trap-report", "--format", "json"])
r = record(p)
check(r.get("exit_code") == 134 and r.get("trap") == "bounds at src/main.cairn:2", "trap record %s" % r)

# --- --target on a single file, an unbuilt option, refusals before any compiler runs ---
hello = write("hello/main.cairn", 'fn main() -> i32 {\n  println("hi ", 2.5, " ", -7);\n  return 300;\n}\n')
p = cairn_run(["run", hello, "--target", "aarch64-virt", "--timeout", "30"])
check(p.returncode == 44 and p.stdout == b"hi 2.5 -7\n", "run --target: %s %r %r" % (p.returncode, p.stdout, p.stderr[:300]))
fill = write("fill/main.cairn", "fn fill(n:usize) -> u64 {\n  let b = Buf[u64](n);\n  return b[0];\n}\n"
             "fn main() -> i32 {\n  let v = fill(3);\n  println(v);\n  return 0;\n}\n")
p = cairn_run(["build", fill, "--target", "aarch64-virt", "--format", "json"])
r = record(p)
check(p.returncode == 2 and r.get("code") == "E-PROJECT-OR-ENVIRONMENT"
      and r.get("message") == "A freestanding target has no hosted runtime: fill has effect 'alloc'."
      and not os.path.isdir(os.path.join(tmp, "fill", "build")), "profile refusal: %s %s" % (p.returncode, p.stdout[:400]))
p = cairn_run(["run", fill, "--target", "aarch64-virt"])
check(p.returncode == 2 and b"fill has effect 'alloc'" in p.stderr, "run profile refusal: %s %r" % (p.returncode, p.stderr))
callf = write("callf/main.cairn", "fn one() -> i32 = 1;\nfn main() -> i32 {\n  let f = one;\n  return f();\n}\n")
p = cairn_run(["build", callf, "--target", "aarch64-virt", "--format", "json"])
check(record(p).get("message") == "A freestanding target has no hosted runtime: main has effect 'indirect_call'.",
      "indirect_call refusal: %s" % p.stdout[:300])
tests = write("tests/main.cairn", "fn add(a:u32, b:u32) -> u32 = a + b;\ntest adds {\n  assert(add(1, 2) == 3);\n}\n"
              "fn main() -> i32 = 0;\n")
p = cairn_run(["build", tests, "--target", "aarch64-virt", "--format", "json"])
r = record(p)
check(p.returncode == 1 and r.get("code") == "E-TEST", "E-TEST on build: %s %s" % (p.returncode, p.stdout[:300]))
p = cairn_run(["test", tests, "--target", "aarch64-virt", "--format", "json"])
check(p.returncode == 1 and record(p).get("code") == "E-TEST", "E-TEST on test: %s %s" % (p.returncode, p.stdout[:300]))
p = cairn_run(["build", hello, "--target", "riscv", "--format", "json"])
check(p.returncode == 2, "unknown target: %s" % p.returncode)
p = cairn_run(["build", hello, "--trap-report", "--format", "json"])
check(p.returncode == 2 and "--trap-report" in record(p).get("message", ""), "--trap-report hosted: %s" % p.stdout[:200])

shutil.rmtree(tmp, ignore_errors=True)
_checks.finish("")
