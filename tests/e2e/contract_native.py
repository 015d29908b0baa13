"""Task contracts natively and in the interpreter (see contract_native.sh). One line per failure, then totals."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e_checks import Checks  # noqa: E402

cairn = sys.argv[1]
tmp = tempfile.mkdtemp(prefix="cairn_contract_native_")


_checks = Checks(tmp)
check, write = _checks.check, _checks.write


def cairn_test(project, config, extra=(), env=None):
    args = [cairn, "test", project, "--format", "json", "--timeout", "1"] + list(config) + list(extra)
    full_env = dict(os.environ, **(env or {}))
    p = subprocess.run(args, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=600, env=full_env)
    try:
        r = json.loads(p.stdout)
    except ValueError:
        r = {}
    return p, r


CONFIGS = {"interp": ["--engine", "interp"], "clang": ["--cc", "clang"], "gcc": ["--cc", "gcc"]}

SOURCE = """// Functions under task contracts.
fn average(a:u32, b:u32) -> u32 = a / 2 + b / 2 + (a % 2 + b % 2) / 2;
fn ratio(a:i64, b:i64) -> i64 = a / b;
fn fill(n:usize, out:rw<u8>[n], v:u8) {
  for i in 0..n {
    out[i] = v;
  }
}
fn scale(x:f32, k:f32) -> f32 = x * k;
fn spin(n:u64) -> u64 {
  let mut k:u64 = n;
  while true {
    k = add_wrap(k, 1);
  }
  return k;
}
fn bump(x:rw<u64>) {
  x += 1;
}
fn shifted(n:usize, xs:ro<i16>[n], i:usize) -> i16 = xs[i] - 1;
"""

# Each contract file: its cases, and the status it must get (the same under every engine).
CONTRACTS = {
    "pass": ("average", [{"args": {"a": 1, "b": 2}, "return": 1},
                         {"args": {"a": 4294967295, "b": 4294967295}, "return": 4294967295}], "passed"),
    "fill": ("fill", [{"args": {"n": 3, "out": [0, 0, 0], "v": 7}, "after": {"out": [7, 7, 7]}},
                      {"args": {"n": 0, "out": [], "v": 7}, "after": {"out": []}}], "passed"),
    "wrong": ("average", [{"args": {"a": 2, "b": 2}, "return": 2}, {"args": {"a": 1, "b": 3}, "return": 1}], "failed"),
    "wrong_after": ("fill", [{"args": {"n": 2, "out": [0, 0], "v": 7}, "after": {"out": [7, 6]}}], "failed"),
    "trap_expected": ("ratio", [{"args": {"a": 7, "b": -2}, "return": -3}, {"args": {"a": 1, "b": 0}, "trap": True},
                                {"args": {"a": -9223372036854775808, "b": -1}, "trap": True}], "passed"),
    "trap_unexpected": ("ratio", [{"args": {"a": -9223372036854775808, "b": -1}, "return": 0}], "failed"),
    "returned": ("ratio", [{"args": {"a": 4, "b": 2}, "trap": True}], "failed"),
    "bounds": ("shifted", [{"args": {"n": 2, "xs": [5, -32768], "i": 0}, "return": 4},
                           {"args": {"n": 2, "xs": [5, -32768], "i": 2}, "return": 0}], "failed"),
    "float": ("scale", [{"args": {"x": "0x1.8p+0", "k": "-0x1p+1"}, "return": "-0x1.8p+1"},
                        {"args": {"x": "inf", "k": "0x0p+0"}, "return": "nan:0x7fc00001"},
                        {"args": {"x": "0x1p-149", "k": "0x1p-1"}, "return": "0x0p+0"}], "passed"),
    "spin": ("spin", [{"args": {"n": 1}, "return": 0}], "failed"),
    "borrow": ("bump", [{"args": {"x": 1}}], "failed"),
}

mixed = os.path.join(tmp, "mixed")
write("mixed/src/main.cairn", SOURCE + "test average_small {\n  assert_eq(average(2, 4), 3);\n}\n")
tests = []
for name, (symbol, cases, _) in sorted(CONTRACTS.items()):
    write("mixed/tests/%s.json" % name, json.dumps({"schema": "cairn.task/1", "symbol": symbol, "cases": cases}) + "\n")
    tests.append("tests/%s.json" % name)
write("mixed/cairn.toml", '[project]\nname = "mixed"\nsources = ["src/main.cairn"]\ntests = %s\n' % json.dumps(tests))

# --- every engine: the same statuses, reasons, exit code and JUnit failure types ---
seen = {}
for config, flags in CONFIGS.items():
    junit = os.path.join(tmp, "junit-%s.xml" % config)
    p, r = cairn_test(mixed, flags, ["--junit", junit])
    check(p.returncode == 1 and r.get("status") == "failed-tests",
          "%s: exit %s status %s: %s %s" % (config, p.returncode, r.get("status"), p.stdout[:300], p.stderr[:300]))
    got = {c["file"]: c["status"] for c in r.get("contracts", [])}
    want = {"tests/%s.json" % n: s for n, (_, _, s) in CONTRACTS.items()}
    check(got == want, "%s: statuses %s" % (config, got))
    check(r.get("blocks", {}).get("passed") == 1, "%s: the test block passes" % config)
    types = {}
    try:
        for suite in ET.parse(junit).getroot().findall("testsuite"):
            for case in suite.findall("testcase"):
                f = case.find("failure")
                types[suite.get("name") + "/" + case.get("name")] = f.get("type") if f is not None else "ok"
    except (OSError, ET.ParseError) as e:
        check(False, "%s: junit %s" % (config, e))
    seen[config] = ({c["file"]: (c["status"], c.get("failed_case"), c.get("reason")) for c in r.get("contracts", [])}, types)
for config in ("clang", "gcc"):
    check(seen[config][0] == seen["interp"][0], "%s differs from interp:\n  %s\n  %s" % (config, seen[config][0], seen["interp"][0]))
    check(seen[config][1] == seen["interp"][1], "%s junit differs from interp:\n  %s\n  %s" % (config, seen[config][1], seen["interp"][1]))
reasons = seen["interp"][0]
check("trapped: overflow at src/main.cairn:3" in (reasons.get("tests/trap_unexpected.json", ("", 0, ""))[2] or ""),
      "trap reason %s" % (reasons.get("tests/trap_unexpected.json"),))
check(reasons.get("tests/bounds.json", ("", 0, ""))[1:] == (1, "case 1: the call trapped: bounds at src/main.cairn:20"),
      "bounds: case 1 fails %s" % (reasons.get("tests/bounds.json"),))
check("timed out after 1 s" in (reasons.get("tests/spin.json", ("", 0, ""))[2] or ""), "timeout reason %s" % (reasons.get("tests/spin.json"),))
check("neither a scalar nor a view" in (reasons.get("tests/borrow.json", ("", 0, ""))[2] or ""), "borrow refused %s" % (reasons.get("tests/borrow.json"),))
check("returned where it must trap" in (reasons.get("tests/returned.json", ("", 0, ""))[2] or ""), "returned %s" % (reasons.get("tests/returned.json"),))

# --- only passing contracts: exit 0 under every engine; natively, the harness builds under build/ ---
good = os.path.join(tmp, "good")
write("good/src/main.cairn", SOURCE)
good_tests = []
for name in ("pass", "fill", "trap_expected", "float"):
    symbol, cases, _ = CONTRACTS[name]
    write("good/tests/%s.json" % name, json.dumps({"schema": "cairn.task/1", "symbol": symbol, "cases": cases}) + "\n")
    good_tests.append("tests/%s.json" % name)
write("good/cairn.toml", '[project]\nname = "good"\nsources = ["src/main.cairn"]\ntests = %s\n' % json.dumps(good_tests))
for config, flags in CONFIGS.items():
    p, r = cairn_test(good, flags)
    check(p.returncode == 0 and r.get("status") == "passed-finite-tests", "good %s: %s %s" % (config, p.returncode, p.stdout[:300]))
harnesses = [d for d in os.listdir(os.path.join(good, "build")) if os.path.exists(os.path.join(good, "build", d, "good-call"))]
check(len(harnesses) == 2, "one call harness per native run: %s" % harnesses)

# --- a compiler refusing the harness: the run fails before any call, blamed on cairn (exit 2) ---
fake = os.path.join(tmp, "fake")
os.makedirs(fake)
script = os.path.join(fake, "clang++")
with open(script, "w") as f:
    f.write("""#!/bin/sh
if [ "$1" = "--version" ]; then echo "fake clang 1.0"; exit 0; fi
for a in "$@"; do case "$a" in *.cpp) src="$a";; esac; done
line=$(grep -n 'ratio(.*) {$' "$src" | head -1 | cut -d: -f1)
echo "$src:${line:-1}:5: error: no matching function" >&2
exit 1
""")
os.chmod(script, 0o755)
env = {"PATH": fake + ":" + os.environ["PATH"]}
p, r = cairn_test(good, ["--cc", "clang"], env=env)
b = r.get("build", {})
check(p.returncode == 2 and r.get("status") == "unknown" and b.get("compiler_defect") is True,
      "harness refused: %s %s" % (p.returncode, p.stdout[:400]))
check(b.get("refused_at") == "src/main.cairn:3", "harness refused_at %s" % b.get("refused_at"))
check(all(c.get("status") == "unknown" for c in r.get("contracts", [])), "no contract runs without its harness: %s" % r.get("contracts"))
p = subprocess.run([cairn, "test", good, "--cc", "clang", "--format", "human"], capture_output=True, text=True,
                   env=dict(os.environ, **env), stdin=subprocess.DEVNULL, timeout=600)
check(p.returncode == 2 and "the call harness of the contracts did not build" in p.stdout, "human: %s" % p.stdout[:400])

shutil.rmtree(tmp, ignore_errors=True)
_checks.finish("contract_native")
