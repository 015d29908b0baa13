"""Native build, run and test end to end (see native_cmd.sh). Prints one line per failure, then totals."""
import hashlib, json, os, stat, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e_checks import Checks, record_of, run_cairn  # noqa: E402

cairn = sys.argv[1]
tmp = tempfile.mkdtemp(prefix="cairn-native-")


_checks = Checks(tmp)
check, write = _checks.check, _checks.write


def cairn_run(args, env=None, fds=(), timeout=300):
    return run_cairn(cairn, args, tmp, env, fds, timeout)


record = record_of


def sha(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


hello = write("hello/main.cairn", 'fn main() -> i32 {\n  println("hi");\n  return 3;\n}\n')

# --- build: a fresh directory each time, with the C++, the runtime, compile_commands.json and a receipt ---
dirs = []
for cc in ("clang", "gcc"):
    p = cairn_run(["build", hello, "--cc", cc, "--format", "json"])
    r = record(p)
    check(p.returncode == 0 and r.get("status") == "native-built", "build %s: %s %s" % (cc, p.returncode, p.stdout[:300]))
    if r.get("status") != "native-built":
        continue
    dirs.append(r["directory"])
    check(r["compiler"]["name"] == cc and r["compiler"]["version"], "build %s: compiler %s" % (cc, r["compiler"]))
    check(os.path.dirname(r["directory"]) == os.path.join(tmp, "hello", "build"), "build dir %s" % r["directory"])
    check(sha(r["artifact"]) == r["artifact_sha256"], "artifact hash")
    rec = json.load(open(r["receipt"]))
    check(rec["hashes"]["sources"][0]["sha256"] == sha(hello), "receipt source hash")
    check(rec["hashes"]["artifact"] == r["artifact_sha256"], "receipt artifact hash")
    check(len(rec["hashes"]["runtime_headers"]) > 0, "receipt runtime headers")
    cpp = [f for f in os.listdir(r["directory"]) if f.endswith(".cpp")]
    check(len(cpp) == 1 and rec["hashes"]["cpp"] == sha(os.path.join(r["directory"], cpp[0])), "receipt cpp hash")
    check([f["name"] for f in rec["functions"]] == ["main"], "receipt functions %s" % rec["functions"])
    cc_json = json.load(open(os.path.join(r["directory"], "compile_commands.json")))
    check(cc_json[0]["arguments"] == r["command"], "compile_commands.json matches the command")
    check(all(f in r["command"] for f in ("-ffp-contract=off", "-fno-fast-math", "-fno-finite-loops")), "semantic flags")
    out = subprocess.run([r["artifact"]], capture_output=True)
    check(out.returncode == 3 and out.stdout == b"hi\n", "artifact runs: %s %r" % (out.returncode, out.stdout))
check(len(set(dirs)) == len(dirs), "build directories are fresh: %s" % dirs)
p = cairn_run(["build", hello, "--opt", "7"])
check(p.returncode == 2, "--opt 7 is a usage error")

# --- no compiler on PATH: an environment failure, never a hang ---
empty = os.path.join(tmp, "empty-path")
os.makedirs(empty)
p = cairn_run(["build", hello, "--cc", "gcc", "--format", "json"], env={"PATH": empty})
r = record(p)
check(p.returncode == 2 and r.get("status") == "build-failed" and "g++" in r.get("error", ""), "missing g++: %s" % p.stdout[:300])

# --- a compiler that refuses the generated C++: the fault is cairn's, blamed on a .cairn line ---
fake = os.path.join(tmp, "fake")
os.makedirs(fake)
script = os.path.join(fake, "clang++")
with open(script, "w") as f:
    f.write("""#!/bin/sh
if [ "$1" = "--version" ]; then echo "fake clang 1.0"; exit 0; fi
for a in "$@"; do case "$a" in *.cpp) src="$a";; esac; done
if [ -n "$FAKE_LINK" ]; then echo "/usr/bin/ld: cannot find -lnothing" >&2; exit 1; fi
line=$(grep -n '"hi"' "$src" | head -1 | cut -d: -f1)
echo "$src:${line:-1}:5: error: no matching function" >&2
exit 1
""")
os.chmod(script, 0o755)
p = cairn_run(["build", hello, "--cc", "clang", "--format", "json"], env={"PATH": fake + ":" + os.environ["PATH"]})
r = record(p)
check(p.returncode == 2 and r.get("compiler_defect") is True, "compiler defect: %s" % p.stdout[:400])
check(r.get("refused_at") == "%s:2" % hello, "refused_at %s, want %s:2" % (r.get("refused_at"), hello))
check("no matching function" in r.get("message", ""), "message quotes the compiler")
p = cairn_run(["build", hello, "--cc", "clang", "--format", "json"],
              env={"PATH": fake + ":" + os.environ["PATH"], "FAKE_LINK": "1"})
r = record(p)
check(p.returncode == 2 and r.get("status") == "build-failed" and "compiler_defect" not in r, "link failure: %s" % p.stdout[:300])

# --- run natively: the program's streams and status; a trap; the record ---
p = cairn_run(["run", hello])
check(p.returncode == 3 and p.stdout == b"hi\n", "run native: %s %r %r" % (p.returncode, p.stdout, p.stderr[:300]))
p = cairn_run(["run", hello, "--format", "json", "--cc", "gcc", "--opt", "0"])
r = record(p)
check(r.get("engine") == "native" and r.get("exit_code") == 3 and r.get("stdout") == "hi\n" and r.get("build_dir"),
      "run record: %s" % p.stdout[:400])
check(p.returncode == 1, "with the record, a nonzero program status exits 1")
traps = write("traps.cairn", 'fn main() -> i32 {\n  let xs = Array[u8, 2]();\n  let i:usize = 5;\n  println("before");\n'
                             '  return i32(xs[i]);\n}\n')
rfd, wfd = os.pipe()
p = cairn_run(["run", traps], env={"CAIRN_TRAP_FD": str(wfd)}, fds=(wfd,))
os.close(wfd)
report = os.read(rfd, 4096).decode()
os.close(rfd)
check(p.returncode == 134 and p.stdout == b"before\n", "native trap: %s %r" % (p.returncode, p.stdout))
check(report == "trap: bounds at %s:5\n" % traps, "native trap report %r" % report)
check(b"trap bounds" in p.stderr, "cairn names the trap: %r" % p.stderr[:300])

# --- limits: --timeout stops a program that never ends (124); --memory-mib caps the heap (alloc trap) ---
forever = write("forever.cairn", "fn main() {\n  let mut k:u64 = 0;\n  while true {\n    k = add_wrap(k, 1);\n  }\n}\n")
p = cairn_run(["run", forever, "--timeout", "1"], timeout=120)
check(p.returncode == 124, "native --timeout: %s" % p.returncode)
hungry = write("hungry.cairn", "fn main() -> i32 {\n  let n:usize = 1073741824;\n  let b = Buf[u8](n * 4);\n"
                               "  return i32(len(b) & 1);\n}\n")
rfd, wfd = os.pipe()
p = cairn_run(["run", hungry, "--memory-mib", "64"], env={"CAIRN_TRAP_FD": str(wfd)}, fds=(wfd,))
os.close(wfd)
report = os.read(rfd, 4096).decode()
os.close(rfd)
check(p.returncode == 134 and report.startswith("trap: alloc at "), "native memory cap: %s %r %r" % (p.returncode, report, p.stderr[:300]))

# --- a program that crashes natively (unbounded recursion exhausts the stack, §16.5): 128 + the signal ---
deep = write("deep.cairn", "fn down(n:u64) -> u64 {\n  return down(add_wrap(n, 1)) + 1;\n}\nfn main() -> i32 {\n"
                           "  return i32(down(0) & 1);\n}\n")
p = cairn_run(["run", deep, "--opt", "0", "--timeout", "20"], timeout=120)
check(p.returncode in (128 + 11, 128 + 7) and b"stopped by SIG" in p.stderr,
      "native crash: %s %r" % (p.returncode, p.stderr[-300:]))

# --- a library: C entry points; an rw view overlapping another view argument traps `disjoint` (§10.7) ---
write("lib/lib.cairn", "pub fn copy_into(n:usize, dst:rw<u8>[n], src:ro<u8>[n]) {\n  for i in 0..n {\n"
                       "    dst[i] = src[i];\n  }\n}\n")
write("lib/cairn.toml", '[project]\nname = "bytes"\nsources = ["lib.cairn"]\n[build]\nkind = "library"\n')
p = cairn_run(["build", os.path.join(tmp, "lib"), "--format", "json"])
r = record(p)
check(r.get("status") == "native-built" and r.get("artifact", "").endswith("libbytes.so"), "library build: %s" % p.stdout[:300])
if r.get("status") == "native-built":
    harness = write("harness.cpp", """#include <dlfcn.h>
#include <cstdint>
#include <cstdio>
#include <cstring>
int main(int argc, char** argv) {
  void* lib = dlopen(argv[1], RTLD_NOW);
  if (!lib) return 70;
  auto f = reinterpret_cast<void (*)(uint64_t, uint8_t*, uint64_t, const uint8_t*, uint64_t)>(dlsym(lib, "cairn_copy__into"));
  if (!f) return 71;
  uint8_t buf[8] = {1, 2, 3, 4, 5, 6, 7, 8}, out[4] = {0, 0, 0, 0};
  if (std::strcmp(argv[2], "apart") == 0) {
    f(4, out, 4, buf, 4);
    std::printf("%d %d %d %d\\n", out[0], out[1], out[2], out[3]);
  } else {
    f(4, buf + 2, 4, buf, 4);  // dst overlaps src
  }
  return 0;
}
""")
    exe = os.path.join(tmp, "harness")
    subprocess.run(["g++", "-std=c++20", "-o", exe, harness, "-ldl"], check=True)
    out = subprocess.run([exe, r["artifact"], "apart"], capture_output=True)
    check(out.returncode == 0 and out.stdout == b"1 2 3 4\n", "library call: %s %r" % (out.returncode, out.stdout))
    rfd, wfd = os.pipe()
    out = subprocess.run([exe, r["artifact"], "overlap"], capture_output=True, env=dict(os.environ, CAIRN_TRAP_FD=str(wfd)),
                         pass_fds=(wfd,))
    os.close(wfd)
    report = os.read(rfd, 4096).decode()
    os.close(rfd)
    check(out.returncode == -6 and report == "trap: disjoint at lib.cairn:1\n", "disjoint: %s %r" % (out.returncode, report))

# --- sanitizer builds: UBSan alone, and ASan + UBSan; the memory cap does not apply ---
for san in ("undefined", "address"):
    p = cairn_run(["run", hello, "--sanitize", san, "--format", "json"])
    r = record(p)
    check(r.get("exit_code") == 3 and r.get("stdout") == "hi\n" and r.get("sanitizer") == san, "--sanitize %s: %s" % (san, p.stdout[:300]))

# --- usage: compiler flags with the interpreter ---
p = cairn_run(["run", hello, "--engine", "interp", "--cc", "gcc"])
check(p.returncode == 2, "--cc with --engine interp is a usage error")

# --- test natively: one executable, each block in its own process ---
mixed = write("mixed.cairn", """fn pred(n:u8) -> u8 = n - 1;
test good {
  assert_eq(pred(1), 0);
}
test wrong {
  assert_eq(pred(5), 3, "off");
}
test traps {
  let p = pred(0);
  assert(p == 255);
}
test forever {
  let mut k:u64 = 0;
  while true {
    k = add_wrap(k, 1);
  }
}
""")
junit = os.path.join(tmp, "junit.xml")
for cc in ("clang", "gcc"):
    p = cairn_run(["test", mixed, "--cc", cc, "--timeout", "1", "--junit", junit, "--format", "json"], timeout=300)
    r = record(p)
    got = {t["name"]: t["status"] for t in r.get("blocks", {}).get("tests", [])}
    check(p.returncode == 1 and r.get("status") == "test-blocks-failed", "native test %s: %s %s" % (cc, p.returncode, p.stdout[:300]))
    check(got == {"good": "passed", "wrong": "failed", "traps": "failed", "forever": "failed"}, "native test %s: %s" % (cc, got))
    reasons = {t["name"]: t.get("reason", "") for t in r.get("blocks", {}).get("tests", [])}
    check(reasons.get("traps", "").startswith("trap overflow at "), "trap reason %r" % reasons.get("traps"))
    check("timed out" in reasons.get("forever", ""), "timeout reason %r" % reasons.get("forever"))
    check("assertion failed at" in reasons.get("wrong", ""), "assert reason %r" % reasons.get("wrong"))
    x = open(junit).read()
    check(x.count("<testcase") == 4 and 'type="timeout"' in x and 'type="assert"' in x, "junit %s" % x[:300])
p = cairn_run(["test", mixed, "--test", "good", "--format", "json"])
check(p.returncode == 0 and record(p).get("status") == "passed-finite-tests", "native --test good: %s" % p.stdout[:300])

_checks.finish("")
