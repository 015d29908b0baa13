#!/usr/bin/env python3
"""Writes a benchmark CAIRN project: many modules of records, sums, constants, loops, calls and matches.

usage: gen_project.py OUT_DIR [--modules N] [--groups G]
Each group is ~76 lines; the default (100 modules x 13 groups) gives about 100,000 lines that check clean.
The output is deterministic: the same arguments write the same bytes.
"""
import argparse
import os

HEADER = """// Generated module {k} of the benchmark project (bench/gen_project.py).
module m{k};
{imports}
pub const BASE:u64 = {base};
const LIMIT:usize = 64;

pub struct Pair {{ a:u64; b:u64; }}
pub struct Box {{ lo:Pair; hi:Pair; }}
pub enum Shape {{ Circle(u64); Square(u64); Empty; }}
pub enum Mode {{ Fast; Slow; Off; }}

pub fn step(x:u64) -> u64 = x % 7 + BASE;

pub fn area(s:Shape) -> u64 {{
  match s {{
    Circle(r) => {{
      return 3 * r * r;
    }}
    Square(side) => {{
      return side * side;
    }}
    Empty => {{
      return 0;
    }}
  }}
}}

pub fn speed(m:Mode) -> u64 {{
  match m {{
    Fast => return 3;
    Slow => return 2;
    Off => return 0;
  }}
}}
"""

GROUP = """
const K{i}:u64 = BASE * {i} + 3;

pub fn sum{i}(n:usize, xs:ro<u64>[n]) -> u64 {{
  let mut s:u64 = 0;
  for j in 0..n {{
    s += xs[j];
  }}
  return s;
}}

pub fn total{i}(n:usize, xs:ro<u64>[n]) -> u64 {{
  let mut t:u64 = K{i};
  for x in xs {{
    if x > t {{
      t = x;
    }} else {{
      t += 1;
    }}
  }}
  return t;
}}

pub fn mix{i}(p:Pair, k:u64) -> Pair {{
  let mut q = p;
  q.a = p.a + k;
  q.b = p.b * 2;
  if q.a > q.b {{
    q.b = q.a;
  }} else {{
    q.a = q.b;
  }}
  return q;
}}

pub fn count{i}(limit:u64) -> u64 {{
  let mut c:u64 = 0;
  let mut acc:u64 = BASE;
  while c < limit {{
    if c % 3 == 0 {{
      acc += c;
    }} else {{
      acc = acc + 1;
    }}
    c += 1;
  }}
  return acc;
}}

pub fn classify{i}(x:u64) -> Shape {{
  if x == 0 {{
    return Shape.Empty;
  }}
  if x % 2 == 0 {{
    return Shape.Square(x % 1000);
  }}
  return Shape.Circle(x % 1000);
}}

pub fn fill{i}(n:usize) -> u64 {{
  let mut b = Buf[u64](n);
  for j in 0..n {{
    b[j] = u64(j) * BASE;
  }}
  let t = sum{i}(len(b), b);
  return t;
}}

pub fn chain{i}(x:u64) -> u64 {{
  let s = classify{i}(x);
  let a = area(s);
  let p = mix{i}(Pair(a, x), BASE);
  let w = Box(p, Pair(1, 2));
  let c = count{i}(w.lo.a % 16);
  return c + {prev}step(x) + speed(Mode.Fast);
}}
"""

MAIN = """// Generated entry of the benchmark project (bench/gen_project.py).
import m{last};
fn main() -> i32 {{
  let r = m{last}.chain0(5);
  println(r);
  return 0;
}}
"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--modules", type=int, default=100)
    ap.add_argument("--groups", type=int, default=13)
    args = ap.parse_args()
    os.makedirs(os.path.join(args.out, "src"), exist_ok=True)
    sources = []
    lines = 0
    for k in range(args.modules):
        imports = "import m%d;\n" % (k - 1) if k > 0 else ""
        prev = "m%d." % (k - 1) if k > 0 else ""
        text = HEADER.format(k=k, imports=imports, base=k + 1)
        for i in range(args.groups):
            text += GROUP.format(i=i, prev=prev)
        name = "src/m%d.cairn" % k
        with open(os.path.join(args.out, name), "w") as f:
            f.write(text)
        sources.append(name)
        lines += text.count("\n")
    main_text = MAIN.format(last=args.modules - 1)
    with open(os.path.join(args.out, "src/main.cairn"), "w") as f:
        f.write(main_text)
    sources.append("src/main.cairn")
    lines += main_text.count("\n")
    with open(os.path.join(args.out, "cairn.toml"), "w") as f:
        f.write('[project]\nname = "bench"\nsources = [\n')
        f.write("".join('  "%s",\n' % s for s in sources))
        f.write("]\n")
    print("%d lines in %d files" % (lines, len(sources)))


if __name__ == "__main__":
    main()
