#!/usr/bin/env python3
"""Writes the two versions of the `cairn diff` benchmark project: OUT/old/ and OUT/new/, each a project directory
(cairn.toml and src/m0.cairn .. src/m7.cairn, one module per file), plus OUT/intended.json, the class each function is
meant to get.

usage: gen_diff_project.py OUT [--modules 8] [--per-module 25] [--loops LOOP_CORPUS]

200 functions (8 modules x 25): loops over views with literal and parameter extents, checked arithmetic behind
guards, small records, rw views, calls within a module. Exactly 10 functions change between the versions, none of
them called by another function (so no caller is dragged along): 4 behavior-changed, 4 smt-equivalent rewrites and 2
signature-changed. The other 190 are identical-code; one in five of them has its parameters and locals renamed in
NEW (on the same lines, so the emitted site tables do not move). Changed functions sit at the end of their module,
so no unchanged function changes line. Deterministic: the same arguments write the same bytes.

With --loops (tests/verify/loops), the ten changes are replaced by twenty loop refactorings taken from that corpus,
each over a view of parameter extent (so every one runs past the unrolling bound): the first fifteen pairs it
expects smt-equivalent and the first five it expects a counterexample, renamed loop0 .. loop19, spread over the
modules; the other 180 functions are as above.
"""
import argparse
import json
import os

# Each kind: (name prefix, OLD text, NEW-with-renamed-locals text). {k} is a per-function constant, {j} another
# function's index in the same module (for calls). Every text is one function; lines must match between the two.
KINDS = [
    ("sum",
     """pub fn sum{k}(n:usize, xs:ro<u32>[n]) -> u64 {{
  let mut s:u64 = {k};
  for i in 0..n {{
    s += u64(xs[i]);
  }}
  return s;
}}""",
     """pub fn sum{k}(count:usize, vals:ro<u32>[count]) -> u64 {{
  let mut acc:u64 = {k};
  for idx in 0..count {{
    acc += u64(vals[idx]);
  }}
  return acc;
}}"""),
    ("dot",
     """pub fn dot{k}(a:ro<i32>[8], b:ro<i32>[8]) -> i64 {{
  let mut s:i64 = 0;
  for i in 0..8 {{
    s += i64(a[i]) * i64(b[i]);
  }}
  return s + {k};
}}""",
     """pub fn dot{k}(left:ro<i32>[8], right:ro<i32>[8]) -> i64 {{
  let mut total:i64 = 0;
  for t in 0..8 {{
    total += i64(left[t]) * i64(right[t]);
  }}
  return total + {k};
}}"""),
    ("ratio",
     """pub fn ratio{k}(x:u32, d:u32) -> u32 {{
  if d == 0 {{
    return {k};
  }}
  return x / d + x % d;
}}""",
     """pub fn ratio{k}(num:u32, den:u32) -> u32 {{
  if den == 0 {{
    return {k};
  }}
  return num / den + num % den;
}}"""),
    ("mid",
     """pub fn mid{k}(p:Span) -> u32 {{
  if p.hi < p.lo {{
    return p.lo;
  }}
  return p.lo + (p.hi - p.lo) / 2;
}}""",
     """pub fn mid{k}(span:Span) -> u32 {{
  if span.hi < span.lo {{
    return span.lo;
  }}
  return span.lo + (span.hi - span.lo) / 2;
}}"""),
    ("clamp",
     """pub fn clamp{k}(x:i32, lo:i32, hi:i32) -> i32 {{
  if x < lo {{
    return lo;
  }}
  if x > hi {{
    return hi;
  }}
  return x + {k} - {k};
}}""",
     """pub fn clamp{k}(v:i32, floor:i32, ceil:i32) -> i32 {{
  if v < floor {{
    return floor;
  }}
  if v > ceil {{
    return ceil;
  }}
  return v + {k} - {k};
}}"""),
    ("bump",
     """pub fn bump{k}(xs:rw<u32>[4], d:u32) {{
  for i in 0..4 {{
    xs[i] = add_wrap(xs[i], d + {k});
  }}
}}""",
     """pub fn bump{k}(cells:rw<u32>[4], delta:u32) {{
  for c in 0..4 {{
    cells[c] = add_wrap(cells[c], delta + {k});
  }}
}}"""),
    ("count",
     """pub fn count{k}(xs:ro<u16>[8], t:u16) -> u32 {{
  let mut c:u32 = 0;
  for x in xs {{
    if x >= t {{
      c += 1;
    }}
  }}
  return c + {k};
}}""",
     """pub fn count{k}(vals:ro<u16>[8], limit:u16) -> u32 {{
  let mut hits:u32 = 0;
  for v in vals {{
    if v >= limit {{
      hits += 1;
    }}
  }}
  return hits + {k};
}}"""),
    ("grow",
     """pub fn grow{k}(p:Span, by:u32) -> Span {{
  let r = Span(p.lo, p.hi + by + {k});
  return r;
}}""",
     """pub fn grow{k}(span:Span, extra:u32) -> Span {{
  let out = Span(span.lo, span.hi + extra + {k});
  return out;
}}"""),
    ("combo",
     """pub fn combo{k}(x:u32, d:u32) -> u32 {{
  let q = ratio{j}(x, d);
  return add_wrap(q, {k});
}}""",
     """pub fn combo{k}(val:u32, div:u32) -> u32 {{
  let quot = ratio{j}(val, div);
  return add_wrap(quot, {k});
}}"""),
]

# The ten changed functions: (module, class, OLD text, NEW text). None is called by any function.
CHANGED = [
    (0, "behavior-changed",
     """pub fn hits0(xs:ro<u16>[8], t:u16) -> u32 {
  let mut c:u32 = 0;
  for x in xs {
    if x >= t {
      c += 1;
    }
  }
  return c;
}""",
     """pub fn hits0(xs:ro<u16>[8], t:u16) -> u32 {
  let mut c:u32 = 0;
  for x in xs {
    if x > t {
      c += 1;
    }
  }
  return c;
}"""),
    (1, "behavior-changed",
     """pub fn limit1(x:i32, lo:i32, hi:i32) -> i32 {
  if x < lo {
    return lo;
  }
  if x > hi {
    return hi;
  }
  return x;
}""",
     """pub fn limit1(x:i32, lo:i32, hi:i32) -> i32 {
  if x < lo {
    return lo;
  }
  if x >= hi {
    return hi - 1;
  }
  return x;
}"""),
    (2, "behavior-changed",
     """pub fn fill2(xs:rw<u32>[4], v:u32) {
  for i in 0..4 {
    xs[i] = v;
  }
}""",
     """pub fn fill2(xs:rw<u32>[4], v:u32) {
  for i in 1..4 {
    xs[i] = v;
  }
}"""),
    (3, "behavior-changed",
     """pub fn fee3(amount:u32) -> u32 = amount / 100;""",
     """pub fn fee3(amount:u32) -> u32 = amount / 50;"""),
    (4, "smt-equivalent",
     """pub fn triple4(x:u32) -> u32 {
  let d = x * 2;
  return d + x;
}""",
     """pub fn triple4(x:u32) -> u32 {
  let d = x + x;
  return x + d;
}"""),
    (5, "smt-equivalent",
     """pub fn grade5(score:u32) -> u32 {
  if score >= 90 {
    return 4;
  } else if score >= 75 {
    return 3;
  } else if score >= 50 {
    return 2;
  }
  return 0;
}""",
     """pub fn grade5(score:u32) -> u32 {
  if score < 50 {
    return 0;
  }
  if score < 75 {
    return 2;
  }
  if score < 90 {
    return 3;
  }
  return 4;
}"""),
    (6, "smt-equivalent",
     """pub fn outside6(x:i32, lo:i32, hi:i32) -> bool = !(x >= lo && x <= hi);""",
     """pub fn outside6(x:i32, lo:i32, hi:i32) -> bool = x < lo || x > hi;"""),
    (7, "smt-equivalent",
     """pub fn put7(xs:rw<u32>[3], a:u32, b:u32) {
  xs[0] = a;
  xs[2] = b;
}""",
     """pub fn put7(xs:rw<u32>[3], a:u32, b:u32) {
  xs[2] = b;
  xs[0] = a;
}"""),
    (6, "signature-changed",
     """pub fn widen6(x:u32, k:u32) -> u64 = u64(x) * u64(k);""",
     """pub fn widen6(x:u64, k:u32) -> u64 = x * u64(k);"""),
    (7, "signature-changed",
     """pub fn total7(xs:ro<u16>[4]) -> u16 {
  let mut s:u16 = 0;
  for x in xs {
    s += x;
  }
  return s;
}""",
     """pub fn total7(xs:ro<u16>[4]) -> u32 {
  let mut s:u32 = 0;
  for x in xs {
    s += u32(x);
  }
  return s;
}"""),
]


def changed_name(text):
    return text.split("(", 1)[0].split()[-1]


def loop_changes(corpus, modules):
    """Twenty (module, class, OLD, NEW) changes from the loop corpus: 15 proved pairs, 5 refuted ones."""
    picked = {"smt-equivalent": [], "counterexample": []}
    want = {"smt-equivalent": 15, "counterexample": 5}
    for name in sorted(os.listdir(corpus)):
        d = os.path.join(corpus, name)
        if not name[:3].isdigit() or not os.path.isdir(d):
            continue
        with open(os.path.join(d, "expect.json"), encoding="utf-8") as f:
            exp = json.load(f)
        st = exp.get("status")
        if st not in picked or len(picked[st]) >= want[st] or "assume" in exp:
            continue
        texts = []
        for side in ("ref.cairn", "cand.cairn"):
            with open(os.path.join(d, side), encoding="utf-8") as f:
                texts.append(f.read().strip())
        if any(t.count("fn ") != 1 for t in texts):
            continue  # one function per side, so renaming it is the whole change
        picked[st].append((exp["symbol"], texts))
    out = []
    for cls, pairs in picked.items():
        for sym, (old, new) in pairs:
            i = len(out)
            rename = lambda t: t.replace("fn %s(" % sym, "fn loop%d(" % i, 1)
            out.append((i % modules, "smt-equivalent" if cls == "smt-equivalent" else "behavior-changed",
                        rename(old), rename(new)))
    return out


def module_text(m, per_module, version, intended, changes):
    """The source of module m in version "old" or "new"; fills intended[qualified name] = class."""
    changed_here = [c for c in changes if c[0] == m]
    plain = per_module - len(changed_here)
    out = ["// Generated by bench/diff/gen_diff_project.py: module %d of the cairn diff benchmark (%s)." % (m, version),
           "module m%d;" % m, "",
           "pub struct Span { lo:u32; hi:u32; }", ""]
    ratio_indexes = []
    for f in range(plain):
        k = m * 100 + f
        name, old, renamed = KINDS[f % len(KINDS)]
        if name == "combo" and not ratio_indexes:
            name, old, renamed = KINDS[0]  # a combo needs an earlier ratio to call
        if name == "ratio":
            ratio_indexes.append(k)
        j = ratio_indexes[-1] if ratio_indexes else 0
        text = renamed if (version == "new" and f % 5 == 2) else old
        out.append(text.format(k=k, j=j))
        out.append("")
        intended["m%d.%s%d" % (m, name, k)] = "identical-code"
    for _, cls, old, new in changed_here:
        out.append(old if version == "old" else new)
        out.append("")
        intended["m%d.%s" % (m, changed_name(old))] = cls
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--modules", type=int, default=8)
    ap.add_argument("--per-module", type=int, default=25)
    ap.add_argument("--loops", default="", help="the loop corpus: twenty loop refactorings replace the ten changes")
    a = ap.parse_args()
    changes = loop_changes(a.loops, a.modules) if a.loops else CHANGED
    if a.modules < 8:
        ap.error("--modules must be at least 8 (the changed functions live in modules 0..7)")
    intended = {}
    for version in ("old", "new"):
        root = os.path.join(a.out, version)
        os.makedirs(os.path.join(root, "src"), exist_ok=True)
        sources = []
        for m in range(a.modules):
            rel = "src/m%d.cairn" % m
            sources.append(rel)
            text = module_text(m, a.per_module, version, intended, changes)
            assert len(text.encode()) < 64000, rel
            with open(os.path.join(root, rel), "w", encoding="utf-8") as f:
                f.write(text)
        with open(os.path.join(root, "cairn.toml"), "w", encoding="utf-8") as f:
            f.write('[project]\nname = "diffbench"\nsources = [%s]\n' % ", ".join('"%s"' % s for s in sources))
    with open(os.path.join(a.out, "intended.json"), "w", encoding="utf-8") as f:
        json.dump(intended, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
