// Body checker: names, places, statements, calls, sums, match, try and collectors (language.md §8-§10).
#include <gtest/gtest.h>

#include "body_support.h"

namespace cairn::test {
namespace {

std::string in_main(const std::string& body) { return "fn main() -> i32 {\n" + body + "  return 0;\n}\n"; }

TEST(Names, ShadowAndUnbound) {
  EXPECT_EQ(first_refusal(in_main("  let x:u64 = 1;\n  let x:u64 = 2;\n")), "E-SHADOW 3");
  EXPECT_EQ(first_refusal(in_main("  { let x:u64 = 1; }\n  let x:u64 = 2;\n")), "ok");
  EXPECT_EQ(first_refusal("const LIMIT:u64 = 1;\n" + in_main("  let LIMIT:u64 = 2;\n")), "E-SHADOW 3");
  EXPECT_EQ(first_refusal("fn f(x:u64) -> u64 = x;\n" + in_main("  let f = f;\n")), "E-SHADOW 3");
  EXPECT_EQ(first_refusal(in_main("  for i in 0..2 { for i in 0..3 { } }\n")), "E-SHADOW 2");
  EXPECT_EQ(first_refusal(in_main("  let y = zz + 1;\n")), "E-UNBOUND 2");
  EXPECT_EQ(first_refusal(in_main("  let _ = 1;\n  let y:u64 = _;\n")), "E-UNBOUND 3");
  EXPECT_EQ(first_refusal("import std.core (Option);\n" + in_main("  let x = None;\n")), "E-UNBOUND 3");
}

TEST(Names, RefusedStatementBindsUnknown) {
  // The second statement names x, which the refused first statement bound: not judged.
  EXPECT_EQ(first_refusal(in_main("  let x:u8 = 256;\n  let y:u16 = x;\n")), "E-LITERAL-RANGE 2");
}

TEST(Places, Writability) {
  EXPECT_EQ(first_refusal(in_main("  let x:u64 = 1;\n  x = 2;\n")), "E-IMMUTABLE 3");
  EXPECT_EQ(first_refusal("fn f(x:u64) { x += 1; }\n" + in_main("")), "E-IMMUTABLE 1");
  EXPECT_EQ(first_refusal("fn f(n:rw<u64>) { n += 1; }\n" + in_main("  let mut k:u64 = 1;\n  f(k);\n")), "ok");
  EXPECT_EQ(first_refusal("fn f(n:rw<u64>) { n += 1; }\n" + in_main("  let k:u64 = 1;\n  f(k);\n")),
            "E-WRITE-LEASE 4");
  EXPECT_EQ(first_refusal("fn f(n:ro<u64>) { n += 1; }\n" + in_main("")), "E-WRITE-LEASE 1");
  EXPECT_EQ(first_refusal(in_main("  let b = Buf[u8](2);\n  b[0] = 1;\n")), "E-WRITE-LEASE 3");
  EXPECT_EQ(first_refusal(in_main("  let mut b = Buf[u8](2);\n  b[0] = 1;\n  stack s:u8[2] = zeroed;\n  s[1] = 2;\n")),
            "ok");
  EXPECT_EQ(first_refusal(in_main("  stack s:u8[2] = zeroed;\n  stack t:u8[2] = zeroed;\n  s = t;\n")), "E-IMMUTABLE 4");
  EXPECT_EQ(first_refusal(in_main("  let a:u64 = 1;\n  a + 1 = 3;\n")), "E-LVALUE 3");
  EXPECT_EQ(first_refusal("const N:u64 = 1;\n" + in_main("  N = 2;\n")), "E-IMMUTABLE 3");
}

TEST(Statements, Conditions) {
  EXPECT_EQ(first_refusal(in_main("  let n:u64 = 3;\n  if n { return 1; }\n")), "E-TYPE-MISMATCH 3");
  EXPECT_EQ(first_refusal(in_main("  let n:u64 = 3;\n  while n { }\n")), "E-TYPE-MISMATCH 3");
  EXPECT_EQ(first_refusal(in_main("  let n:u64 = 3;\n  for i in 0..n { }\n")), "E-TYPE-MISMATCH 3");
  EXPECT_EQ(first_refusal(in_main("  for i in 0..3 { let j:usize = i; }\n  each k in 4 { let m:usize = k; }\n")), "ok");
  EXPECT_EQ(first_refusal(in_main("  let n:u64 = 5;\n  for x in n { }\n")), "E-ELEMENT-LOOP 3");
  EXPECT_EQ(first_refusal(in_main("  let r = Buf[Buf[u8]](2);\n  for x in r { }\n")), "E-ELEMENT-LOOP 3");
  EXPECT_EQ(first_refusal(in_main("  let b = Buf[u8](2);\n  for i, x in b { let y:u8 = x; let j:usize = i; }\n")),
            "ok");
}

TEST(Statements, Discard) {
  EXPECT_EQ(first_refusal(in_main("  let x:u64 = 1;\n  x + 1;\n")), "E-DISCARD 3");
  EXPECT_EQ(first_refusal(in_main("  let x:i32 = -3;\n  abs(x);\n")), "E-DISCARD 3");
  EXPECT_EQ(first_refusal(in_main("  u8(3);\n")), "E-DISCARD 2");
  EXPECT_EQ(first_refusal("linear struct T { id:u64; }\nfn open() -> T = T(1);\n" + in_main("  open();\n")),
            "E-LINEAR-LEAK 4");
  EXPECT_EQ(first_refusal("linear struct T { id:u64; }\nfn open() -> T = T(1);\n" + in_main("  let _ = open();\n")),
            "E-LINEAR-LEAK 4");
  EXPECT_EQ(first_refusal("fn f(n:usize, xs:rw<u64>[n]) -> usize {\n  compact xs for i in n where true yield 1;\n"
                          "  return 0;\n}\n" + in_main("")),
            "E-COLLECT-BINDING 2");
}

TEST(Statements, Returns) {
  EXPECT_EQ(first_refusal("fn f(x:u64) { return x; }\n" + in_main("")), "E-RETURN 1");
  EXPECT_EQ(first_refusal("fn f(x:u64) -> u32 { return x; }\n" + in_main("")), "E-TYPE-MISMATCH 1");
  EXPECT_EQ(first_refusal("fn f(x:u64) -> u32 { return; }\n" + in_main("")), "E-RETURN 1");
  EXPECT_EQ(first_refusal("fn f(x:u64) -> u32 = 7;\n" + in_main("")), "ok");
}

TEST(Storage, Rules) {
  EXPECT_EQ(first_refusal(in_main("  stack big:u64[8193] = zeroed;\n")), "E-STACK-LIMIT 2");
  EXPECT_EQ(first_refusal(in_main("  stack a:u64[4096] = zeroed;\n  stack b:u64[4097] = zeroed;\n")), "E-STACK-LIMIT 3");
  EXPECT_EQ(first_refusal(in_main("  let n:usize = 4;\n  stack s:u8[n] = zeroed;\n")), "E-STACK-EXTENT 3");
  EXPECT_EQ(first_refusal(in_main("  let n:usize = 4;\n  buffer s:u8[n] = zeroed;\n  let k = len(s);\n")), "ok");
  EXPECT_EQ(first_refusal(in_main("  let mut n:usize = 4;\n  buffer s:u8[n] = zeroed;\n")), "E-OWNER-EXTENT 3");
  EXPECT_EQ(first_refusal(in_main("  stack s:u8[4] @host = zeroed;\n")), "E-PLACE 2");
  EXPECT_EQ(first_refusal(in_main("  buffer s:u8[4] @host = zeroed;\n")), "ok");
  EXPECT_EQ(first_refusal("linear struct T { id:u64; }\n" + in_main("  stack s:T[2] = zeroed;\n")), "E-LINEAR-STORAGE 3");
}

TEST(Views, AliasAndArguments) {
  EXPECT_EQ(first_refusal(in_main("  let b = Buf[u8](4);\n  let v = b[0..2];\n")), "E-VIEW-ALIAS 3");
  EXPECT_EQ(first_refusal("fn f(n:usize, xs:ro<u8>[n]) { let v = xs; }\n" + in_main("")), "E-VIEW-ALIAS 1");
  EXPECT_EQ(first_refusal("fn g() {}\n" + in_main("  let v = g();\n")), "E-VIEW-ALIAS 3");
  const std::string count = "fn count(n:usize, xs:ro<u8>[n]) -> usize = n;\nfn zeros() -> Array[u8, 4] = Array[u8, 4]();\n";
  EXPECT_EQ(first_refusal(count + in_main("  let k = count(4, zeros());\n")), "E-CALL-VIEW 4");
  EXPECT_EQ(first_refusal(count + in_main("  let a = Array[u8, 4]();\n  let k = count(4, a);\n  let j = count(a);\n")),
            "ok");
  EXPECT_EQ(first_refusal(count + in_main("  let b = Buf[u8](4);\n  let k = count(4, b);\n")), "E-TYPE-MISMATCH 5");
  EXPECT_EQ(first_refusal(count + in_main("  let b = Buf[u8](4);\n  let k = count(len(b), b);\n  let j = count(2, b[0..2]);\n")),
            "ok");
  EXPECT_EQ(first_refusal(count + in_main("  let b = Buf[u8](4);\n  let k = count(b, b);\n")), "E-TYPE-MISMATCH 5");
  EXPECT_EQ(first_refusal(count + in_main("  let b = Buf[u8](4);\n  let k = count(1, 2, b);\n")), "E-ARITY 5");
  EXPECT_EQ(first_message(count + in_main("  let b = Buf[u8](4);\n  let c = Buf[u8](4);\n  let k = count(len(b), c);\n")),
            "Expected ro<u8>[len(b)], got ro<u8>[len(c)].");
  EXPECT_EQ(first_refusal("fn fill(n:usize, xs:rw<u8>[n]) { }\n" + in_main("  let b = Buf[u8](4);\n  fill(b);\n")),
            "E-WRITE-LEASE 4");
}

TEST(Records, FieldsAndConstructors) {
  const std::string p = "struct Point { x:i32; y:i32; }\n";
  EXPECT_EQ(first_refusal(p + in_main("  let q = Point(1);\n")), "E-ARITY 3");
  EXPECT_EQ(first_refusal(p + in_main("  let q = Point(1, 2);\n  let z = q.z;\n")), "E-FIELD 4");
  EXPECT_EQ(first_refusal(p + in_main("  let n:u64 = 1;\n  let z = n.x;\n")), "E-FIELD 4");
  EXPECT_EQ(first_refusal(p + in_main("  let q = Point(1, 2);\n  let Point(a) = q;\n")), "E-UNPACK 4");
  EXPECT_EQ(first_refusal(p + in_main("  let q = Point(1, 2);\n  let Point(a, _) = q;\n  let c:i32 = a;\n")), "ok");
  EXPECT_EQ(first_refusal("struct H { d:Buf[u8]; }\n" + in_main("  let h = H(Buf[u8](2));\n  let d = h.d;\n")),
            "E-PARTIAL-MOVE 4");
  EXPECT_EQ(first_refusal("struct H { d:Buf[u8]; }\n" + in_main("  let mut h = H(Buf[u8](2));\n  let d = take(h.d);\n")),
            "ok");
  const std::string s = "struct Series { rows:usize; values:Buf[f64][rows]; }\n";
  EXPECT_EQ(first_refusal(s + in_main("  let n:usize = 3;\n  let x = Series(n, Buf[f64](n));\n")), "ok");
  EXPECT_EQ(first_refusal(s + in_main("  let n:usize = 3;\n  let mut x = Series(n, Buf[f64](n));\n  x.rows = 4;\n")),
            "E-EXTENT-FIELD 5");
  EXPECT_EQ(first_refusal("struct W { b:Buf[u8]; n:usize; lends b[0..n]; }\n" +
                          in_main("  let w = W(Buf[u8](2), 1);\n  let x = w[0];\n")),
            "E-INDEX 4");
}

TEST(Sums, Variants) {
  const std::string op = "enum Op { Read; Write; }\n";
  EXPECT_EQ(first_refusal(op + in_main("  let o = Op.Delete;\n")), "E-ENUM-VARIANT 3");
  EXPECT_EQ(first_refusal(op + in_main("  let o = Op.Read();\n")), "E-SUM-ARITY 3");
  EXPECT_EQ(first_refusal(op + in_main("  let Read:u64 = 1;\n  let o:Op = Read;\n")), "E-VARIANT-AMBIGUOUS 4");
  EXPECT_EQ(first_refusal(op + in_main("  let mut o:Op = Read;\n  o = Write;\n  if o == Write { return 1; }\n")), "ok");
  EXPECT_EQ(first_refusal("import std.core (Result);\n" + in_main("  let r = Result.Ok(5);\n")), "E-INFER 3");
  EXPECT_EQ(first_refusal("import std.core (Option);\n" + in_main("  let r = Option.Some(5);\n  let s:Option[u8] = Some(1);\n")),
            "ok");
}

TEST(Match, Arms) {
  const std::string op = "enum Op { Read; Write; Flush; }\nenum R { N(u64); B; }\n";
  EXPECT_EQ(first_refusal(op + in_main("  let o = Op.Read;\n  match o { Read => return 1; Write => return 2; }\n")),
            "E-MATCH-COVERAGE 5");
  EXPECT_EQ(first_refusal(op + in_main("  let o = Op.Read;\n  match o {\n    Read => return 1;\n    Read => return 2;\n"
                                        "    Write => return 3;\n    Flush => return 4;\n  }\n")),
            "E-MATCH-DUPLICATE 7");
  EXPECT_EQ(first_refusal(op + in_main("  let n:u64 = 1;\n  match n { }\n")), "E-MATCH-TYPE 5");
  EXPECT_EQ(first_refusal(op + in_main("  let r = R.N(1);\n  match r { N => return 1; B => return 2; }\n")),
            "E-MATCH-BINDING 5");
  EXPECT_EQ(first_refusal(op + in_main("  let r = R.N(1);\n  match r { N(v) => { let w:u64 = v; } R.B => return 2; }\n")),
            "ok");
  EXPECT_EQ(first_refusal(op + in_main("  let r = R.N(1);\n  match r { N(v) => return 1; Op.Read => return 2; }\n")),
            "E-ENUM-VARIANT 5");
}

TEST(Try, Rules) {
  const std::string half = "import std.core (Option, Result);\nfn half(x:u64) -> Option[u64] {\n"
                           "  if x % 2 == 1 { return None; }\n  return Some(x / 2);\n}\n";
  EXPECT_EQ(first_refusal(half + "fn q(x:u64) -> Option[u64] {\n  let h = try half(x);\n  return Some(h);\n}\n" + in_main("")),
            "ok");
  EXPECT_EQ(first_refusal(half + in_main("  let h = try half(4);\n")), "E-TRY 7");
  EXPECT_EQ(first_refusal(half + "fn q(x:u64) -> Result[u64, u32] {\n  let h = try half(x);\n  return Ok(h);\n}\n" +
                          in_main("")),
            "E-TRY 7");
  EXPECT_EQ(first_refusal(half + in_main("  half(4);\n")), "E-DISCARD 7");
}

TEST(Calls, Resolution) {
  EXPECT_EQ(first_refusal(in_main("  let y = frobnicate(1);\n")), "E-CALLEE 2");
  EXPECT_EQ(first_refusal("test t { assert(true); }\n" + in_main("  t();\n")), "E-CALLEE 3");
  EXPECT_EQ(first_refusal("fn d(x:u64) -> u64 = x;\n" + in_main("  let y = (d)(4);\n")), "E-CALL 3");
  EXPECT_EQ(first_refusal("fn d(x:u64) -> u64 = x;\n" + in_main("  let y = d(1, 2);\n")), "E-ARITY 3");
  EXPECT_EQ(first_refusal("fn d(x:u64) -> u64 = x;\n" + in_main("  let y = d[2](1);\n")), "E-GENERIC-ARITY 3");
  EXPECT_EQ(first_refusal("fn s[K:nat](x:u64) -> u64 = x * u64(K);\n" + in_main("  let y = s(5);\n")),
            "E-UNINSTANTIATED 3");
  EXPECT_EQ(first_refusal("fn s[K:nat](x:u64) -> u64 = x * u64(K);\n" + in_main("  let y = s[3](5);\n  let f = s[2];\n")),
            "ok");
  EXPECT_EQ(first_refusal("fn dbl(x:u64) -> u64 = x * 2;\nfn ap(f:fn(u64) -> u64, x:u64) -> u64 = f(x);\n" +
                          in_main("  let r = ap(dbl, 20);\n")),
            "ok");
  EXPECT_EQ(first_refusal("fn v(n:usize, xs:ro<u8>[n]) -> u64 = 0;\nfn ap(f:fn(u64) -> u64) -> u64 = 0;\n" +
                          in_main("  let r = ap(v);\n")),
            "E-FN-TYPE 4");
  EXPECT_EQ(first_refusal("struct P { x:i32; }\nfn get(p:P) -> i32 = p.x;\n" + in_main("  let p = P(1);\n  let x = p.get();\n"
                                                                                     "  let b = Buf[u8](3);\n  let n = b.len();\n")),
            "ok");
}

// E-UNINSTANTIATED names the instance to write: a natural that is a view parameter's extent takes the length of
// the string literal passed there; any other natural is shown by its name.
TEST(Calls, UninstantiatedSuggestsTheInstance) {
  const std::string g = "fn g[N:nat](t:ro<u8>[N]) -> usize = N;\n";
  EXPECT_EQ(first_refusal(g + in_main("  let k = g(\"abc\");\n")), "E-UNINSTANTIATED 3");
  EXPECT_EQ(first_message(g + in_main("  let k = g(\"abc\");\n")), "g has natural parameters: name an instance, g[3].");
  EXPECT_EQ(first_message(g + in_main("  let k = g((\"retry after\"));\n")),
            "g has natural parameters: name an instance, g[11].");
  const std::string s = "fn s[K:nat, M:nat](x:u64, t:ro<u8>[M]) -> u64 = x * u64(K);\n";
  EXPECT_EQ(first_message(s + in_main("  let y = s(5, \"hi\");\n")), "s has natural parameters: name an instance, s[K, 2].");
  EXPECT_EQ(first_message("fn s[K:nat](x:u64) -> u64 = x * u64(K);\n" + in_main("  let f = s;\n")),
            "s has natural parameters: name an instance, s[K].");
}

// std.core's traits are the Stage 2 refusal naming `traits`, not unknown names (language.md §18).
TEST(Imports, StdCoreTraitsNameTheirFeature) {
  for (const char* name : {"Ord", "Eq", "Hash"})
    EXPECT_EQ(first_message(std::string("import std.core (") + name + ");\n" + in_main("")),
              std::string("traits is a Stage 2 feature and is not supported yet (std.core.") + name + ").");
  EXPECT_EQ(first_refusal("import std.core (Compare);\n" + in_main("")), "E-UNBOUND 1");
}

TEST(Collectors, Rules) {
  EXPECT_EQ(first_refusal("fn k(n:usize, out:rw<u64>[n], x:ro<u64>[n]) -> usize {\n"
                          "  let c = compact out for i in 0..n where x[i] > 2 yield x[i];\n  return c;\n}\n" + in_main("")),
            "ok");
  EXPECT_EQ(first_refusal("fn k(n:usize, out:rw<u64>[n]) -> usize {\n"
                          "  let c = compact out for i in n where out[i] > 0 yield 1;\n  return c;\n}\n" + in_main("")),
            "E-COLLECT-SELF-READ 2");
  EXPECT_EQ(first_refusal("fn k(n:usize, out:ro<u64>[n]) -> usize {\n"
                          "  let c = compact out for i in n where i > 2 yield 7;\n  return c;\n}\n" + in_main("")),
            "E-WRITE-LEASE 2");
  EXPECT_EQ(first_refusal(in_main("  stack out:u64[8] = zeroed;\n  let k = compact out for i in 0..12 where i > 2 yield 1;\n")),
            "E-COLLECT-CAPACITY 3");
  EXPECT_EQ(first_refusal("fn t(n:usize, xs:ro<i32>[n]) -> i64 {\n  let lo = reduce min for i in n yield xs[i];\n"
                          "  let s:i64 = reduce + for i in n yield i64(xs[i]);\n  return s + i64(lo);\n}\n" + in_main("")),
            "ok");
  EXPECT_EQ(first_refusal("fn t(n:usize, xs:ro<u64>[n]) -> u64 {\n  let d = reduce - for i in n yield xs[i];\n"
                          "  return d;\n}\n" + in_main("")),
            "E-REDUCE-OP 2");
  EXPECT_EQ(first_refusal("fn t(n:usize, xs:ro<f64>[n]) -> f64 {\n  let d = reduce min for i in n yield xs[i];\n"
                          "  return d;\n}\n" + in_main("")),
            "E-MINMAX 2");
  EXPECT_EQ(first_refusal("fn t(n:usize, xs:ro<i32>[n]) -> i32 {\n  let d = reduce & for i in n yield xs[i];\n"
                          "  return d;\n}\n" + in_main("")),
            "E-OPERATOR 2");
}

TEST(Format, Target) {
  EXPECT_EQ(first_refusal(in_main("  let mut b = Buf[u8](4);\n  format(b, \"x\");\n")), "E-FORMAT-TARGET 3");
  const std::string text = "struct Text { data:Buf[u8]; used:usize; lends data[0..used]; }\n";
  EXPECT_EQ(first_refusal(text + in_main("  let mut t = Text(Buf[u8](0), 0);\n  format(t, \"hits=\", 3, '\\n');\n")),
            "ok");
  EXPECT_EQ(first_refusal(text + in_main("  let t = Text(Buf[u8](0), 0);\n  format(t, \"x\");\n")), "E-WRITE-LEASE 4");
}

}  // namespace
}  // namespace cairn::test
