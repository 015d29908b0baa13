"""`cairn verify` end to end (see verify_cmd.sh). Prints one line per failure, then totals."""
import hashlib, json, os, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from e2e_checks import Checks  # noqa: E402

cairn = sys.argv[1]
tmp = tempfile.mkdtemp(prefix="cairn-verify-")
_checks = Checks(tmp)
check, write = _checks.check, _checks.write


def verify(args, env=None, fmt="json"):
    e = dict(os.environ, **(env or {}))
    if "CAIRN_FORMAT" not in (env or {}):
        e.pop("CAIRN_FORMAT", None)
    e["TMPDIR"] = tmp
    words = ["verify"] + args + (["--format", fmt] if fmt else [])
    p = subprocess.run([cairn] + words, capture_output=True, text=True, env=e, timeout=600, cwd=tmp)
    try:
        rec = json.loads(p.stdout) if fmt == "json" else {}
    except ValueError:
        rec = {}
    return p, rec


def sha(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def without_seconds(rec):
    rec = json.loads(json.dumps(rec))
    for q in rec.get("queries", []):
        q.pop("seconds", None)
    for r in rec.get("results", {}).values():
        for q in r.get("queries", []):
            q.pop("seconds", None)
    return rec


STAGES = ["domain-totality", "domain-nonempty", "loop-unrolling", "reference-totality", "equivalence", "nan-observation"]

ref = write("ref.cairn", """fn clamp(x:i32) -> i32 {
  if x < 0 {
    return 0;
  }
  if x > 100 {
    return 100;
  }
  return x;
}

fn scale(x:u32) -> u64 {
  return u64(x) * 2;
}

fn total(n:usize, xs:ro<u64>[n]) -> u64 {
  let mut s:u64 = 0;
  for x in xs {
    s = add_wrap(s, x);
  }
  return s;
}

fn half(x:u32) -> u32 {
  return x / 2;
}

fn fill(n:usize, out:rw<u64>[n], v:u64) {
  for i in 0..n {
    out[i] = v;
  }
}

fn double(x:u64) -> u64 {
  return x * 2;
}

fn sign(x:f64) -> f64 {
  return 0.0 - x;
}
""")
cand = write("cand.cairn", """fn clamp(x:i32) -> i32 {
  if x > 100 {
    return 100;
  }
  if x < 0 {
    return 0;
  }
  return x;
}

fn scale(x:u32) -> u64 {
  if x == 63 {
    return 189;
  }
  return u64(x) + u64(x);
}

fn total(n:usize, xs:ro<u64>[n]) -> u64 {
  let mut s:u64 = 0;
  for i in 0..n {
    s = add_wrap(s, xs[i]);
  }
  return s;
}

fn half(x:u32) -> u32 {
  return shr(x, 1);
}

fn fill(n:usize, out:rw<u64>[n], v:u64) {
  for i in 0..n {
    if i != 3 {
      out[i] = v;
    }
  }
}

fn double(x:u64) -> u64 {
  return x + x;
}

fn sign(x:f64) -> f64 {
  return -x;
}
""")

# --- an equivalent pair: every stage asked on both solvers, both unsat (domain-nonempty: sat) ---
p, r = verify([ref, cand, "--symbol", "clamp"])
check(p.returncode == 0 and r.get("status") == "smt-equivalent", "clamp: %s %s" % (p.returncode, p.stdout[:400]))
check(r.get("protocol") == "cairn.semantic/1" and r.get("profile") == "cairn-value-bv-fp-array/3", "clamp header")
check(r.get("reference_sha256") == sha(ref) and r.get("candidate_sha256") == sha(cand), "file digests")
check(r.get("symbol") == "clamp" and r.get("assume") == "true" and r.get("allow_reference_traps") is False, "clamp fields")
check(r.get("native_verified") is False and isinstance(r.get("trust"), list) and len(r["trust"]) >= 4, "trust")
check(len(r.get("implementation_sha256", "")) == 64, "implementation_sha256")
check(set(r.get("solver_versions", {})) == {"z3", "cvc5"}, "solver_versions %s" % r.get("solver_versions"))
check(r.get("agreement") == "both" and r.get("solvers") == {"z3": "unsat", "cvc5": "unsat"}, "clamp agreement %s" % r.get("solvers"))
qs = r.get("queries", [])
check([q["stage"] for q in qs] == [s for s in STAGES for _ in (0, 1)], "clamp stages %s" % [q["stage"] for q in qs])
check(all(set(q) >= {"stage", "solver", "version", "logic", "timeout_ms", "query_sha256", "status", "seconds"} for q in qs), "query fields")
check(all(q["timeout_ms"] == 3000 for q in qs), "default timeout")
check(all(q["status"] == ("sat" if q["stage"] == "domain-nonempty" else "unsat") for q in qs), "clamp answers %s" % [q["status"] for q in qs])
check(all("values" in q for q in qs if q["status"] == "sat"), "sat queries carry values")
check("quantification" in r and "observation" in r, "prose of smt-equivalent")
p, _ = verify([ref, cand, "--symbol", "clamp"], fmt="human")
check(p.stdout == "smt-equivalent: clamp, z3 and cvc5 agree: no admitted input tells %s from %s\n" % (ref, cand), "clamp human: %r" % p.stdout)

# --- determinism: the same inputs give the same record, durations aside ---
_, r2 = verify([ref, cand, "--symbol", "clamp"])
check(without_seconds(r) == without_seconds(r2), "records are deterministic")

# --- a counterexample, narrowed and replayed ---
p, r = verify([ref, cand, "--symbol", "scale"])
check(p.returncode == 1 and r.get("status") == "counterexample", "scale: %s %s" % (p.returncode, p.stdout[:300]))
check(r.get("counterexample") == {"x": 63}, "scale witness %s" % r.get("counterexample"))
check(r.get("expected") == {"defined": True, "return": 126, "written": {}}, "scale expected %s" % r.get("expected"))
check(r.get("actual") == {"defined": True, "return": 189, "written": {}}, "scale actual %s" % r.get("actual"))
check(r.get("concrete_replay") is True and r.get("native_replay") == "not-run", "replay fields")
p, _ = verify([ref, cand, "--symbol", "scale"], fmt="human")
check(p.stdout == "counterexample: scale at x = 63: reference returns 126, candidate returns 189 (replayed by the interpreter)\n",
      "scale human %r" % p.stdout)
p, r = verify([ref, cand, "--symbol", "fill", "--assume", "fill=n <= 16"])
w = r.get("counterexample", {})
check(p.returncode == 1 and r.get("status") == "counterexample" and w.get("n", 0) >= 4, "fill: %s" % p.stdout[:300])
if r.get("status") == "counterexample":
    check(r["expected"]["written"]["out"] == [w["v"]] * w["n"], "fill expected %s" % r["expected"])
    check(r["actual"]["written"]["out"][3] != w["v"], "fill actual %s" % r["actual"])
p, r = verify([ref, cand, "--symbol", "sign", "--assume", "sign=x == x"])
check(r.get("status") == "counterexample" and r.get("counterexample") == {"x": "0x0p+0"} and
      r.get("actual", {}).get("return") == "-0x0p+0", "sign: floats compare as data: %s" % p.stdout[:300])

# --- signed inputs: every query's values in decimal with their sign, as the counterexample (tools.md §1.3) ---
signed_ref = write("signed_ref.cairn", "fn pick(x:i32, y:i8) -> i32 = x;\n")
signed_cand = write("signed_cand.cairn",
                    "fn pick(x:i32, y:i8) -> i32 {\n  if x == -5 && y == -3 {\n    return 0;\n  }\n  return x;\n}\n")
p, r = verify([signed_ref, signed_cand, "--symbol", "pick"])
values = [q["values"] for q in r.get("queries", []) if "values" in q]
check(r.get("counterexample") == {"x": -5, "y": -3} and {"x": -5, "y": -3} in values,
      "signed witness %s, query values %s" % (r.get("counterexample"), values))
check(values and all(-2**31 <= v["x"] < 2**31 and -128 <= v["y"] < 128 for v in values), "signed ranges %s" % values)

# --- invalid domains: vacuous, trapping; a precondition that does not check ---
p, r = verify([ref, cand, "--symbol", "half", "--assume", "half=x < 0"])
check(p.returncode == 1 and r.get("status") == "invalid-domain" and "vacuous acceptance rejected" in r.get("reason", ""),
      "vacuous assume: %s" % p.stdout[:300])
p, r = verify([ref, cand, "--symbol", "half", "--assume", "half=x / (x - 5) == 1"])
check(p.returncode == 1 and r.get("status") == "invalid-domain" and r.get("reason") == "Precondition may trap" and
      r.get("counterexample", {}).get("x", 99) <= 5, "trapping assume: %s" % p.stdout[:300])
p, r = verify([ref, cand, "--symbol", "half", "--assume", "half=y > 3"])
check(p.returncode == 1 and r.get("status") == "rejected" and r.get("diagnostic", {}).get("side") == "reference",
      "assume that does not check: %s" % p.stdout[:300])
p, r = verify([ref, cand, "--symbol", "half", "--assume", "half=x >= 7"])
check(p.returncode == 0 and r.get("status") == "smt-equivalent" and r.get("assume") == "x >= 7", "assume kept: %s" % p.stdout[:200])

# --- an invalid reference: R traps on an admitted input ---
p, r = verify([ref, cand, "--symbol", "double"])
check(p.returncode == 1 and r.get("status") == "invalid-reference", "double: %s" % p.stdout[:300])
check(r.get("expected", {}).get("defined") is False and r.get("expected", {}).get("trap", "").startswith("overflow at "),
      "double trap %s" % r.get("expected"))
p, r = verify([ref, cand, "--symbol", "double", "--assume", "double=x < 1000"])
check(p.returncode == 0 and r.get("status") == "smt-equivalent", "double under a precondition: %s" % p.stdout[:200])

# --- an unbounded loop: the two versions run in lockstep, so it is proved for every n (docs/verify-loops.md) ---
p, r = verify([ref, cand, "--symbol", "total"])
check(p.returncode == 0 and r.get("status") == "smt-equivalent" and r.get("proof") == "inductive", "total: %s" % p.stdout[-300:])
check("loop-induction" in [q["stage"] for q in r.get("queries", [])], "total asks the loop-induction obligations")
p, _ = verify([ref, cand, "--symbol", "total"], fmt="human")
check(p.stdout.startswith("smt-equivalent: total, z3 and cvc5 agree, for every n (loops proved by induction): "),
      "total human %r" % p.stdout)
p, r = verify([ref, cand, "--symbol", "total", "--assume", "total=n <= 16"])
check(p.returncode == 0 and r.get("status") == "smt-equivalent" and r.get("proof") == "bounded", "total bounded: %s" % p.stdout[:300])

# --- rejected files and contracts ---
bad = write("bad.cairn", "fn clamp(x:i32) -> i32 {\n  return x +;\n}\n")
p, r = verify([ref, bad, "--symbol", "clamp"])
check(p.returncode == 1 and r.get("status") == "rejected" and r.get("diagnostic", {}).get("side") == "candidate" and
      r["diagnostic"].get("protocol") == "cairn.diagnostic/2", "rejected candidate: %s" % p.stdout[:300])
other = write("other.cairn", "fn clamp(x:i64) -> i32 {\n  return 0;\n}\n")
p, r = verify([ref, other, "--symbol", "clamp"])
check(p.returncode == 1 and r.get("status") == "invalid-contract", "signature mismatch: %s" % p.stdout[:300])
p, r = verify([ref, cand, "--symbol", "nothere"])
check(p.returncode == 1 and r.get("status") == "invalid-contract", "missing function: %s" % p.stdout[:300])

# --- records, sums, inline arrays and rw single borrows: replayed and written as §1.3 values ---
shapes = """import std.core (Option);
struct Pt { x:i32; y:i32; }

fn mk(a:i32) -> Pt {
  return Pt(a, a);
}

fn pick(a:i32, b:i32) -> Option[i32] {
  if a > b {
    return Some(a);
  }
  return None;
}

fn bump(p:rw<i32>, by:i32) {
  p += by;
}

fn arr(a:u8) -> Array[u8, 3] {
  let mut r = Array[u8, 3]();
  r[0] = a;
  return r;
}
"""
sref = write("shapes_ref.cairn", shapes)
scand = write("shapes_cand.cairn", shapes.replace("return Pt(a, a);", "return Pt(a, 1);").replace("return Some(a);", "return Some(b);")
              .replace("p += by;", "p = p + by + 1;").replace("r[0] = a;", "r[1] = a;"))
for name in ("mk", "pick", "arr"):
    p, r = verify([sref, sref, "--symbol", name])
    check(p.returncode == 0 and r.get("status") == "smt-equivalent", "%s against itself: %s" % (name, p.stdout[:200]))
p, r = verify([sref, scand, "--symbol", "mk"])
a = r.get("counterexample", {}).get("a")
check(r.get("status") == "counterexample" and r.get("expected", {}).get("return") == {"x": a, "y": a} and
      r.get("actual", {}).get("return") == {"x": a, "y": 1}, "record result: %s" % p.stdout[-300:])
p, r = verify([sref, scand, "--symbol", "pick"])
w = r.get("counterexample", {})
check(r.get("status") == "counterexample" and r.get("expected", {}).get("return") == {"variant": "Some", "value": w.get("a")} and
      r.get("actual", {}).get("return") == {"variant": "Some", "value": w.get("b")}, "sum result: %s" % p.stdout[-300:])
p, r = verify([sref, scand, "--symbol", "arr"])
a = r.get("counterexample", {}).get("a")
check(r.get("status") == "counterexample" and r.get("expected", {}).get("return") == [a, 0, 0], "array result: %s" % p.stdout[-300:])
p, r = verify([sref, scand, "--symbol", "bump", "--assume", "bump=p < 1000 && p > -1000 && by < 1000 && by > -1000"])
w = r.get("counterexample", {})
check(r.get("status") == "counterexample" and r.get("expected", {}).get("written") == {"p": w.get("p", 0) + w.get("by", 0)} and
      r.get("actual", {}).get("written") == {"p": w.get("p", 0) + w.get("by", 0) + 1}, "rw borrow: %s" % p.stdout[-300:])
p, _ = verify([sref, scand, "--symbol", "pick"], fmt="human")
check(p.stdout.startswith("counterexample: pick at a = ") and "reference returns Some(" in p.stdout, "sum human %r" % p.stdout)

# --- outside the modeled fragment: unknown with unsupported_profile ---
# a recursion of a helper (not of the function compared) is still outside the fragment
rec_ref = write("rec.cairn", "fn g(n:u64) -> u64 {\n  if n == 0 {\n    return 0;\n  }\n  return g(n - 1);\n}\n"
                "fn f(n:u64) -> u64 = g(n);\n")
p, r = verify([rec_ref, rec_ref, "--symbol", "f"])
check(p.returncode == 2 and r.get("status") == "unknown" and r.get("unsupported_profile") is True and
      "recursion: g calls itself" in r.get("reason", ""), "recursion: %s" % p.stdout[:300])

# --- a recursion related by induction (docs/verify-loops.md "Recursion") ---
fact_r = write("fact_r.cairn", "fn fact(n:u64) -> u64 {\n  if n == 0 { return 1; }\n  return mul_wrap(n, fact(n - 1));\n}\n")
fact_c = write("fact_c.cairn", "fn fact(n:u64) -> u64 {\n  if n <= 1 { return 1; }\n  return mul_wrap(n, fact(n - 1));\n}\n")
p, r = verify([fact_r, fact_c, "--symbol", "fact"])
check(p.returncode == 0 and r.get("status") == "smt-equivalent" and r.get("proof") == "inductive" and
      r.get("termination") == "proved" and "n decreases" in r.get("termination_measures", {}).get("reference", "") and
      any("stack" in t for t in r.get("trust", [])) and any(q.get("stage") == "termination" for q in r.get("queries", [])),
      "recursive fact: %s" % p.stdout[-400:])
p, _ = verify([fact_r, fact_c, "--symbol", "fact"], fmt="human")
check("for every input (recursion related by induction, termination shown)" in p.stdout, "fact human %r" % p.stdout)
m91_r = write("m91_r.cairn", "fn m(n:i64) -> i64 {\n  if n > 100 { return n - 10; }\n  return m(m(n + 11));\n}\n")
m91_c = write("m91_c.cairn", "fn m(n:i64) -> i64 {\n  if n <= 100 { return m(m(n + 11)); }\n  return n - 10;\n}\n")
p, r = verify([m91_r, m91_c, "--symbol", "m"], fmt="human")
check(p.returncode == 0 and "where both terminate (recursion related by induction)" in p.stdout, "m91 human %r" % p.stdout)
fact_z = write("fact_z.cairn", "fn fact(n:u64) -> u64 {\n  if n == 0 { return 0; }\n  return mul_wrap(n, fact(n - 1));\n}\n")
p, r = verify([fact_r, fact_z, "--symbol", "fact"])
check(p.returncode == 1 and r.get("status") == "counterexample" and r.get("counterexample") == {"n": 0} and
      r.get("concrete_replay") is True, "recursive twin: %s" % p.stdout[-300:])
p, _ = verify([ref, cand, "--symbol", "scale"], env={"CAIRN_FORMAT": "human"}, fmt=None)
check(p.stdout.startswith("counterexample: scale at x = 63"), "CAIRN_FORMAT=human: %r" % p.stdout[:100])

# --- a loop past the unrolling bound: proved for every n, or refuted past 16 ---
loop_ref = write("loop_ref.cairn", "pub fn cnt(n:usize, xs:ro<i32>[n]) -> usize {\n  let mut c:usize = 0;\n  for i in 0..n { if xs[i] > 0 { c += 1; } }\n  return c;\n}\n")
loop_cand = write("loop_cand.cairn", "pub fn cnt(n:usize, xs:ro<i32>[n]) -> usize {\n  let mut c:usize = 0;\n  for x in xs { if x >= 1 { c += 1; } }\n  return c;\n}\n")
loop_late = write("loop_late.cairn", "pub fn cnt(n:usize, xs:ro<i32>[n]) -> usize {\n  let mut c:usize = 0;\n  for i in 0..n { if i != 20 && xs[i] > 0 { c += 1; } }\n  return c;\n}\n")
p, r = verify([loop_ref, loop_cand, "--symbol", "cnt"])
inv = (r.get("invariants") or [{}])[0]
check(p.returncode == 0 and r.get("status") == "smt-equivalent" and r.get("proof") == "inductive" and
      "reference.c == candidate.c" in inv.get("invariant", "") and inv.get("reference_line") == 3,
      "loop for every n: %s" % p.stdout[-600:])
p, _ = verify([loop_ref, loop_cand, "--symbol", "cnt"], fmt="human")
check("for every n" in p.stdout, "loop for every n, human: %r" % p.stdout[:200])
# (a shallow --depth keeps the deep query small enough for a sanitizer build's solver time)
p, r = verify([loop_ref, loop_late, "--symbol", "cnt", "--depth", "24"])
check(p.returncode == 1 and r.get("status") == "counterexample" and r.get("search_depth") == 24 and
      len((r.get("counterexample") or {}).get("xs", [])) > 20, "loop refuted past 16: %s" % p.stdout[-400:])
p, r = verify([loop_ref, loop_late, "--symbol", "cnt", "--depth", "16"])
check(p.returncode == 2 and r.get("status") == "unknown" and "16" in r.get("reason", ""),
      "--depth 16: no search past the bound: %s" % p.stdout[-300:])
p, r = verify([loop_ref, loop_cand, "--symbol", "cnt"])
check(r.get("proof") == "inductive", "proof field")
p, r = verify([ref, cand, "--symbol", "clamp"])
check(r.get("proof") == "bounded", "a proof without loops is bounded: %s" % r.get("proof"))

# --- usage and environment errors: exit 2 with the diagnostic record ---
big = write("big.cairn", "// " + "x" * 64010 + "\nfn clamp(x:i32) -> i32 {\n  return x;\n}\n")
usage = [
    [ref, cand, "--symbol", "clamp", "--timeout-ms", "0"],
    [ref, cand, "--symbol", "clamp", "--timeout-ms", "30001"],
    [ref, cand, "--symbol", "clamp", "--timeout-ms", "soon"],
    [ref, cand, "--symbol", "clamp", "--depth", "0"],
    [ref, cand, "--symbol", "clamp", "--depth", "1025"],
    [ref, cand, "--symbol", "clamp", "--depth", "deep"],
    [ref, cand, "--symbol", "clamp", "--all"],
    [ref, cand],
    [ref, "--symbol", "clamp"],
    [ref, big, "--symbol", "clamp"],
    [ref, os.path.join(tmp, "absent.cairn"), "--symbol", "clamp"],
    [ref, cand, "--symbol", "clamp", "--assume", "half=x > 1"],
    [ref, cand, "--all", "--assume", "half=x > 1", "--assume", "half=x > 2"],
    [ref, cand, "--symbol", "clamp", "--assume", "clamp"],
    [ref, cand, "--symbol", "clamp", "--solver", "yices"],
]
for args in usage:
    p, r = verify(args)
    check(p.returncode == 2 and r.get("protocol") == "cairn.diagnostic/2" and r.get("status") == "unknown" and
          r.get("code") == "E-PROJECT-OR-ENVIRONMENT", "usage %s: %s %s" % (args[2:], p.returncode, p.stdout[:200]))

# --- one solver alone ---
for solver, other_solver in (("z3", "cvc5"), ("cvc5", "z3")):
    p, r = verify([ref, cand, "--symbol", "clamp", "--solver", solver])
    check(p.returncode == 0 and r.get("agreement") == "one" and r.get("solvers", {}).get(other_solver) == "not-run" and
          r.get("solvers", {}).get(solver) == "unsat", "--solver %s: %s" % (solver, p.stdout[:300]))
    check(all(q["status"] == "not-run" for q in r.get("queries", []) if q["solver"] == other_solver), "%s not run" % other_solver)
    p, r = verify([ref, cand, "--symbol", "scale", "--solver", solver])
    check(p.returncode == 1 and r.get("counterexample") == {"x": 63}, "--solver %s counterexample" % solver)

# --- --queries DIR: every query's text under its digest ---
qdir = os.path.join(tmp, "queries")
p, r = verify([ref, cand, "--symbol", "clamp", "--queries", qdir])
digests = {q["query_sha256"] for q in r.get("queries", [])}
files = set(os.listdir(qdir)) if os.path.isdir(qdir) else set()
check(digests and files == {d + ".smt2" for d in digests}, "--queries files %s against %s" % (files, digests))
check(all(sha(os.path.join(qdir, f)) == f[:-5] for f in files), "query files are named by their digest")
check(all(open(os.path.join(qdir, f)).read().count("(check-sat)") == 1 for f in files), "query files are SMT-LIB")

# --- --all: coverage of the whole module ---
p, r = verify([ref, cand, "--all"])
check(p.returncode == 2 and r.get("protocol") == "cairn.verification-coverage/1" and r.get("status") == "incomplete",
      "--all: %s %s" % (p.returncode, p.stdout[:300]))
check(r.get("covered") == ["clamp", "half", "total"], "covered %s" % r.get("covered"))
check(r.get("uncovered") == ["double", "fill", "scale", "sign"], "uncovered %s" % r.get("uncovered"))
check(r.get("missing") == [] and r.get("extra") == [] and r.get("public_types_match") is True, "--all names")
check(sorted(r.get("results", {})) == sorted(r.get("expected", [])) and len(r.get("expected", [])) == 7, "--all results")
check(r.get("results", {}).get("scale", {}).get("status") == "counterexample", "--all scale result")
check(r.get("reference_intent_proved") is False and r.get("native_proof") is False, "--all claims")
pre = ["--assume", "total=n <= 16", "--assume", "fill=n <= 16", "--assume", "double=x < 1000"]
p, r = verify([ref, cand, "--all"] + pre)
check(r.get("preconditions") == {"double": "x < 1000", "fill": "n <= 16", "total": "n <= 16"}, "preconditions %s" % r.get("preconditions"))
check(r.get("uncovered") == ["fill", "scale", "sign"], "--all with preconditions: %s" % r.get("uncovered"))
p, _ = verify([ref, cand, "--all"] + pre, fmt="human")
lines = p.stdout.splitlines()
check(lines and lines[0].startswith("incomplete: 4 of 7 functions smt-equivalent; uncovered: fill (counterexample at "),
      "--all human %r" % lines[:1])
check(len(lines) == 4 and lines[3].startswith("counterexample: sign at "), "--all human lines %r" % lines)
same = write("same.cairn", open(ref).read().split("fn total")[0])
p, r = verify([same, same, "--all"])
check(p.returncode == 0 and r.get("status") == "smt-module-equivalent" and r.get("covered") == ["clamp", "scale"],
      "--all equal: %s" % p.stdout[:300])
p, r = verify([same, ref, "--all"])
check(p.returncode == 2 and "total" in r.get("extra", []) and r.get("status") == "incomplete", "--all extra %s" % r.get("extra"))
p, r = verify([ref, bad, "--all"])
check(p.returncode == 2 and r.get("status") == "rejected" and r.get("diagnostic", {}).get("side") == "candidate", "--all rejected")
p, r = verify([ref, cand, "--all", "--assume", "nosuch=true"])
check(p.returncode == 2 and r.get("status") == "incomplete" and "nosuch" in r.get("reason", ""), "--all unknown precondition")

_checks.finish("verify")
