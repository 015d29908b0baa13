// The self-check's own small programs: views, parts, loops, sums and match, calls, owners, floats, traps.
#include "selfcheck_programs.h"

namespace cairn::smt::test {

// Each program is checked by the front end; the functions listed are encoded and held to the interpreter.
const std::vector<SelfCheckProgram>& selfcheck_programs() {
  static const std::vector<SelfCheckProgram> programs = {
      {"arith", R"(fn arith(a:i32, b:i32) -> i32 = (a + b) * 2 - a / b;
fn shifts(a:u8, b:u8, k:usize) -> u8 = shl_wrap(a, k) ^ shr(b, k);
fn narrow(x:i64) -> u8 = u8(x);
fn to_int(x:f64) -> i32 = i32(x);
fn to_u16(x:f32) -> u16 = u16(x);
fn fl(x:f32, y:f32) -> f32 = x * y + sqrt(x);
fn fcmp(x:f64, y:f64) -> bool = x < y || x == y;
fn absmin(x:i16) -> i16 = abs(x) + min(x, 3);
fn bits(x:f64) -> u64 = to_bits(x - x);
fn negate(x:i8) -> i8 = -x;
fn wrap(a:u64, b:u64) -> u64 = add_wrap(mul_wrap(a, b), sub_wrap(a, b));
fn rounding(x:f64) -> f64 = floor(x) + ceil(x) * trunc(x);
fn widen(x:f32, y:u32, z:i8) -> f64 = f64(x) + f64(y) - f64(z);
fn rem(a:i64, b:i64) -> i64 = a % b;
fn fneg(x:f32) -> f32 = abs(-x);
fn bnot(x:u16, y:u16) -> u16 = ~x & (y | 3);
fn main() -> i32 { return 0; }
)",
       {"arith", "shifts", "narrow", "to_int", "to_u16", "fl", "fcmp", "absmin", "bits", "negate", "wrap",
        "rounding", "widen", "rem", "fneg", "bnot"}},
      {"flow", R"(fn clamp(x:i32, lo:i32, hi:i32) -> i32 {
  if x < lo { return lo; }
  if x > hi { return hi; }
  return x;
}
fn collatz(n:u32) -> u32 {
  let mut k:u32 = 0;
  let mut x = n;
  while x != 1 && x != 0 {
    if x % 2 == 0 { x = x / 2; } else { x = 3 * x + 1; }
    k += 1;
  }
  return k;
}
fn sum_to(n:usize) -> u64 {
  let mut s:u64 = 0;
  for i in 0..n {
    if i == 5 { continue; }
    if i == 12 { break; }
    s += u64(i) * 3;
  }
  return s;
}
fn short(a:u32, b:u32) -> bool = b != 0 && a / b > 2;
fn shortor(a:u32, b:u32) -> bool = b == 0 || a / b > 2;
fn nested(a:u8, b:u8) -> u8 {
  let mut r:u8 = 0;
  for i in 0..4 {
    for j in 0..3 {
      if i == j { continue; }
      r = add_wrap(r, a * u8(i) + b * u8(j));
    }
  }
  return r;
}
fn down(n:u8) -> u8 {
  let mut x = n;
  let mut c:u8 = 0;
  while true {
    if x < 10 { break; }
    x -= 10;
    c += 1;
  }
  return c * 100 + x;
}
fn flag(x:bool, y:bool) -> bool {
  let mut r = false;
  if x { if !y { r = true; } } else { r = y; }
  return r;
}
fn main() -> i32 { return 0; }
)",
       {"clamp", "collatz", "sum_to", "short", "shortor", "nested", "down", "flag"}},
      {"views", R"(fn sum(n:usize, xs:ro<u64>[n]) -> u64 {
  let mut s:u64 = 0;
  for x in xs { s += x; }
  return s;
}
fn fill(n:usize, out:rw<u64>[n], v:u64) {
  for i in 0..n { out[i] = v + u64(i); }
}
fn pick(n:usize, xs:ro<i32>[n], i:usize) -> i32 = xs[i];
fn part_sum(n:usize, xs:ro<u64>[n], lo:usize, hi:usize) -> u64 = sum(hi - lo, xs[lo..hi]);
fn part_fixed(xs:rw<u64>[8], lo:usize) {
  fill(2, xs[lo..lo + 2], 9);
}
fn rev(xs:rw<u8>[4]) {
  swap(xs[0], xs[3]);
  swap(xs[1], xs[2]);
}
fn sort4(xs:rw<i64>[4]) {
  for i in 1..4 {
    let mut j = i;
    while j > 0 && xs[j - 1] > xs[j] {
      swap(xs[j - 1], xs[j]);
      j -= 1;
    }
  }
}
fn assign_order(xs:rw<u32>[4], i:usize, b:u32) { xs[i] = 10 / b; }
fn compound_view(n:usize, xs:rw<i8>[n], i:usize) { xs[i] += 100; }
fn each_index(n:usize, xs:ro<f32>[n]) -> f32 {
  let mut best:f32 = 0.0;
  for i, x in xs {
    if x > best { best = x + f32(i); }
  }
  return best;
}
fn bump(n:usize, xs:rw<u64>[n]) {
  fill(xs, 7);
  xs[0] += 1;
}
fn flags(n:usize, xs:rw<bool>[n]) -> usize {
  let mut c:usize = 0;
  for i in 0..n {
    if xs[i] { c += 1; }
    xs[i] = !xs[i];
  }
  return c;
}
fn main() -> i32 { return 0; }
)",
       {"sum", "fill", "pick", "part_sum", "part_fixed", "rev", "sort4", "assign_order", "compound_view",
        "each_index", "bump", "flags"}},
      {"sums", R"(import std.core (Option, Result);
enum Shape { Circle(u32); Square(u32); Empty; }
enum Fault { Blank; Digit(usize); }
struct Point { x:i64; y:i64; }
struct Box { lo:Point; hi:Point; tag:Shape; }
fn mk(k:u8, v:u32) -> Shape {
  if k == 0 { return Circle(v); }
  if k == 1 { return Square(v); }
  return Empty;
}
fn area(k:u8, v:u32) -> u32 {
  match mk(k, v) {
    Circle(r) => return 3 * r * r;
    Square(s) => return s * s;
    Empty => return 0;
  }
}
fn pt(a:i64, b:i64) -> Point {
  let mut p = Point(a, b);
  p.x += 1;
  let Point(x, y) = p;
  return Point(y, x);
}
fn boxed(a:i64, k:u8, v:u32) -> Box {
  let mut b = Box(Point(a, 0), Point(0, a), mk(k, v));
  b.hi.x = a * 2;
  return b;
}
fn first_even(n:usize, xs:ro<u64>[n]) -> Option[usize] {
  for i, x in xs {
    if x % 2 == 0 { return Some(i); }
  }
  return None;
}
fn digit(b:u8, at:usize) -> Result[u64, Fault] {
  if b == ' ' { return Err(Fault.Blank); }
  if b < '0' || b > '9' { return Err(Fault.Digit(at)); }
  return Ok(u64(b - '0'));
}
fn two(n:usize, s:ro<u8>[n]) -> Result[u64, Fault] {
  if n < 2 { return Err(Fault.Blank); }
  let hi = try digit(s[0], 0);
  let lo = try digit(s[1], 1);
  return Ok(hi * 10 + lo);
}
fn count_kinds(n:usize, xs:ro<u8>[n]) -> u32 {
  let mut c:u32 = 0;
  for i, b in xs {
    match digit(b, i) {
      Ok(v) => c += u32(v);
      Err(f) => {
        match f {
          Blank => c += 100;
          Digit(at) => c += 1000 * u32(at);
        }
      }
    }
  }
  return c;
}
fn main() -> i32 { return 0; }
)",
       {"mk", "area", "pt", "boxed", "first_even", "digit", "two", "count_kinds"}},
      {"owners", R"(struct Pair { a:u32; b:u32; }
fn inc(p:rw<u32>) { p = p + 1; }
fn twice(x:u32) -> u32 {
  let mut y = x;
  inc(y);
  inc(y);
  return y;
}
fn helper(a:u16, b:u16) -> u16 = a * b;
fn caller(a:u16) -> u16 = helper(a, a) + helper(a, 2);
fn fields(x:u32) -> u32 {
  let mut p = Pair(x, 1);
  inc(p.b);
  inc(p.a);
  return p.a * 2 + p.b;
}
fn make(n:usize, v:u8) -> Buf[u8] {
  let mut b = Buf[u8](n);
  for i in 0..n { b[i] = v + u8(i); }
  return b;
}
fn arr(i:usize) -> u64 {
  let mut a = Array[u64, 4]();
  a[i] = 5;
  let b = a;
  a[0] = 1;
  return b[0] + a[0] + u64(len(b));
}
fn stack_use(k:usize, v:u8) -> u8 {
  stack s:u8[8] = zeroed;
  s[k] = v;
  return s[k] + s[0];
}
fn buffer_use(n:usize) -> u64 {
  buffer s:u64[n] = zeroed;
  for i in 0..n { s[i] = u64(i) * u64(i); }
  let mut t:u64 = 0;
  for x in s { t += x; }
  return t;
}
fn swap_bufs(n:usize) -> usize {
  let mut a = Buf[u8](n);
  let mut b = Buf[u8](2);
  swap(a, b);
  let c = take(a);
  return len(a) + len(b) * 10 + len(c) * 100;
}
fn ret_arr(x:u8, i:usize) -> Array[u8, 3] {
  let mut a = Array[u8, 3]();
  a[i] = x;
  return a;
}
fn pairs(n:usize, x:u32) -> u32 {
  let mut ps = Array[Pair, 3]();
  ps[n].a = x;
  ps[1].b = ps[n].a + 1;
  let q = ps[1];
  return q.a + q.b;
}
fn total(n:usize, xs:ro<u8>[n]) -> u64 {
  let mut s:u64 = 0;
  for x in xs { s += u64(x); }
  return s;
}
fn via_view(n:usize) -> u64 {
  let b = make(n, 3);
  return total(b);
}
fn main() -> i32 { return 0; }
)",
       {"inc", "twice", "helper", "caller", "fields", "make", "arr", "stack_use", "buffer_use", "swap_bufs",
        "ret_arr", "pairs", "total", "via_view"}},
      {"planned", R"(fn total(n:usize, xs:ro<u64>[n]) -> u64 effects(pure) {
  let mut s:u64 = 0;
  for x in xs { s += x; }
  return s;
}
fn total_by2(n:usize, xs:ro<u64>[n]) -> u64 implements total when n % 2 == 0 {
  let mut a:u64 = 0;
  let mut b:u64 = 0;
  for i in 0..n / 2 {
    a += xs[2 * i];
    b += xs[2 * i + 1];
  }
  return a + b;
}
plan total use total_by2;
fn calls_total(n:usize, xs:ro<u64>[n]) -> u64 = total(xs) + 1;
fn main() -> i32 { return 0; }
)",
       {"total", "total_by2", "calls_total"}},
      {"more", R"(import std.core (Option);
fn set(p:rw<u64>, v:u64) { p = v; }
fn addone(n:usize, out:rw<u64>[n]) {
  if n > 0 { out[0] = out[0] + 1; }
}
fn deferred(n:usize, out:rw<u64>[n], k:u64) -> u64 {
  let mut t:u64 = k;
  defer set(t, 7);
  defer addone(out);
  if k == 0 { return t; }
  if k == 1 { return 2; }
  return 3;
}
fn compact_arr(n:usize, xs:ro<i32>[n]) -> i32 {
  let mut a = Array[i32, 4]();
  let k = compact a for i in 0..n where xs[i] > 0 yield xs[i] * 2;
  return a[0] + a[3] + i32(k);
}
fn fold(n:usize, xs:ro<f64>[n]) -> f64 {
  let s = reduce + for i in n yield xs[i];
  let p = reduce * for i in n yield xs[i];
  return s - p;
}
fn all_pos(n:usize, xs:ro<i8>[n]) -> bool {
  let a = reduce && for i in n yield xs[i] > 0;
  let b = reduce || for i in n yield xs[i] == 0;
  return a || b;
}
fn inner(n:usize, xs:rw<u32>[n], v:u32) -> u32 {
  for i in 0..n {
    if xs[i] == v { return u32(i); }
    xs[i] += 1;
  }
  return 99;
}
fn outer(n:usize, xs:rw<u32>[n], v:u32) -> u32 {
  let a = inner(xs, v);
  let b = inner(xs, v + 1);
  return a * 100 + b;
}
fn half(v:u8) -> Option[u8] {
  if v % 2 == 1 { return None; }
  return Some(v / 2);
}
fn try_assign(a:u8, b:u8) -> Option[u8] {
  let mut x:u8 = 0;
  x = try half(a);
  let y = try half(b);
  return Some(x + y);
}
fn labels(x:u32) -> u32 {
  let mut r:u32 = 0;
  let mut i:u32 = 0;
  while i < 12 {
    i += 1;
    if i % 3 == 0 { continue; }
    for j in 0..5 {
      if j == 2 { break; }
      r += i * u32(j);
    }
    if r > x { break; }
  }
  return r;
}
fn inner_sum(n:usize, xs:ro<u16>[n]) -> u64 {
  let mut s:u64 = 0;
  for i, x in xs { s += u64(x) * u64(i); }
  return s;
}
fn each_part(n:usize, xs:ro<u16>[n], lo:usize) -> u32 {
  let mut s:u32 = 0;
  for i in lo..n { s += u32(xs[i]) * u32(i + 1); }
  s += u32(inner_sum(n - lo, xs[lo..n]));
  return s;
}
fn setter(n:usize, xs:rw<u64>[n], i:usize) -> u64 {
  let mut t:u64 = 5;
  set(t, xs[i]);
  set(xs[i], t + 1);
  return t;
}
fn sum16(xs:ro<u8>[16]) -> u32 {
  let mut s:u32 = 0;
  for x in xs { s += u32(x); }
  let t = reduce + for i in 16 yield u32(xs[i]);
  return s * 2 + t;
}
fn count_to(n:u8) -> u8 {
  let mut i:u8 = 0;
  while i < n { i += 1; }
  return i;
}
fn main() -> i32 { return 0; }
)",
       {"sum16", "count_to", "set", "addone", "deferred", "compact_arr", "fold", "all_pos", "inner", "outer", "half",
        "try_assign", "labels", "inner_sum", "each_part", "setter"}},
  };
  return programs;
}

}  // namespace cairn::smt::test
