// Body checker: literal typing, operators, conversions and builtins (language.md §4-§7).
#include <gtest/gtest.h>

#include "body_support.h"

namespace cairn::test {
namespace {

std::string in_main(const std::string& body) { return "fn main() -> i32 {\n" + body + "  return 0;\n}\n"; }

TEST(Literals, PartnerExpectedDefault) {
  EXPECT_EQ(first_refusal(in_main("  let a:u8 = 200;\n  let b = a + 55;\n  let c:u8 = b;\n")), "ok");
  EXPECT_EQ(first_refusal(in_main("  let a = 200;\n  let b:u8 = a;\n")), "E-TYPE-MISMATCH 3");
  EXPECT_EQ(first_refusal(in_main("  let d = -5;\n  let e:i64 = d;\n")), "ok");
  EXPECT_EQ(first_refusal(in_main("  let c = 'a';\n  let d:u8 = c;\n")), "ok");
  EXPECT_EQ(first_refusal(in_main("  let f = 1.5;\n  let g:f64 = f;\n")), "ok");
  EXPECT_EQ(first_refusal(in_main("  let h:f32 = 0.1;\n  let k = h * 2.0;\n  let m:f32 = k;\n")), "ok");
  EXPECT_EQ(first_refusal(in_main("  let c = -1 < 1;\n  let d = 1.5 == 1;\n")), "ok");
}

TEST(Literals, Ranges) {
  EXPECT_EQ(first_refusal(in_main("  let x:u8 = 256;\n")), "E-LITERAL-RANGE 2");
  EXPECT_EQ(first_refusal(in_main("  let x:i8 = -128;\n")), "ok");
  EXPECT_EQ(first_refusal(in_main("  let x:i8 = -129;\n")), "E-LITERAL-RANGE 2");
  EXPECT_EQ(first_refusal(in_main("  let x:i32 = 0xFFFFFFFF;\n")), "E-LITERAL-RANGE 2");
  EXPECT_EQ(first_refusal(in_main("  let x:i64 = -9223372036854775808;\n")), "ok");
  EXPECT_EQ(first_refusal(in_main("  let x:u32 = -1;\n")), "E-OPERATOR 2");
  EXPECT_EQ(first_refusal(in_main("  let x:u32 = 2.5;\n")), "E-TYPE-MISMATCH 2");
  EXPECT_EQ(first_refusal(in_main("  let x:f32 = 16777217;\n")), "E-LITERAL-RANGE 2");
  EXPECT_EQ(first_refusal(in_main("  let x:f32 = 16777216;\n")), "ok");
  EXPECT_EQ(first_refusal(in_main("  let x:f32 = 1e39;\n")), "E-LITERAL-RANGE 2");
  EXPECT_EQ(first_refusal(in_main("  let x = 1e308;\n")), "ok");
  EXPECT_EQ(first_refusal(in_main("  let y:i8 = -(128);\n")), "E-LITERAL-RANGE 2");
  EXPECT_EQ(first_refusal(in_main("  let y:u8 = ~0;\n")), "ok");
  EXPECT_EQ(first_refusal(in_main("  let y:i8 = ~0;\n")), "E-OPERATOR 2");
}

TEST(Operators, Table) {
  EXPECT_EQ(first_refusal(in_main("  let x:u64 = 6;\n  if x & 1 == 0 { return 1; }\n")), "E-OPERATOR 3");
  EXPECT_EQ(first_refusal(in_main("  let x:u64 = 6;\n  if (x & 1) == 0 { return 1; }\n")), "ok");
  EXPECT_EQ(first_refusal(in_main("  let a = 7.5;\n  let r = a % 2.0;\n")), "E-OPERATOR 3");
  EXPECT_EQ(first_refusal(in_main("  let a:i32 = 1;\n  let r = a & 1;\n")), "E-OPERATOR 3");
  EXPECT_EQ(first_refusal(in_main("  let a = true;\n  let r = a < false;\n")), "E-OPERATOR 3");
  EXPECT_EQ(first_refusal(in_main("  let a:u32 = 1;\n  let b:u64 = 2;\n  let c = a + b;\n")), "E-TYPE-MISMATCH 4");
  EXPECT_EQ(first_refusal(in_main("  let a:u32 = 1;\n  let b = -a;\n")), "E-OPERATOR 3");
  EXPECT_EQ(first_refusal(in_main("  let a:u32 = 1;\n  let b = !a;\n")), "E-OPERATOR 3");
  EXPECT_EQ(first_refusal(in_main("  let a = \"x\" == \"y\";\n")), "E-OPERATOR 2");
  EXPECT_EQ(first_refusal("struct P { x:u8; }\n" + in_main("  let p = P(1);\n  let q = P(2);\n  let e = p == q;\n")),
            "E-OPERATOR 5");
  EXPECT_EQ(first_refusal(in_main("  let x:u64 = 1;\n  let y = x && true;\n")), "E-OPERATOR 3");
}

TEST(Conversions, Casts) {
  EXPECT_EQ(first_refusal(in_main("  let t = true;\n  let b = u8(t);\n")), "E-CAST 3");
  EXPECT_EQ(first_refusal(in_main("  let b = bool(1);\n")), "E-CAST 2");
  EXPECT_EQ(first_refusal(in_main("  let b = u8(1, 2);\n")), "E-ARITY 2");
  EXPECT_EQ(first_refusal(in_main("  let b = u32(3000000000);\n  let c = i8(200.5);\n")), "ok");
  EXPECT_EQ(first_refusal(in_main("  let x = 1.5;\n  let h = f16(x);\n")), "E-UNSUPPORTED 3");
}

TEST(Builtins, Typing) {
  EXPECT_EQ(first_refusal(in_main("  let a:i32 = 1;\n  let c = add_wrap(a, a);\n")), "E-WRAP-TYPE 3");
  EXPECT_EQ(first_refusal(in_main("  let a:u32 = 1;\n  let c:u32 = add_wrap(a, 4294967295);\n")), "ok");
  EXPECT_EQ(first_refusal(in_main("  let w:u8 = add_wrap(200, 100);\n")), "ok");
  EXPECT_EQ(first_refusal(in_main("  let m = min(1.0, 2.0);\n")), "E-MINMAX 2");
  EXPECT_EQ(first_refusal(in_main("  let k:u8 = min(3, 4);\n  let j:u8 = max(k, 9);\n")), "ok");
  EXPECT_EQ(first_refusal(in_main("  let n:u64 = 16;\n  let r = sqrt(n);\n")), "E-MATH-TYPE 3");
  EXPECT_EQ(first_refusal(in_main("  let r:f32 = sqrt(3.0);\n  let a:i8 = abs(-100);\n")), "ok");
  EXPECT_EQ(first_refusal(in_main("  let u:u64 = 0;\n  let f = from_bits[f32](u);\n")), "E-MATH-TYPE 3");
  EXPECT_EQ(first_refusal(in_main("  let u:u32 = 0;\n  let f:f32 = from_bits(u);\n  let g = to_bits(f);\n")), "ok");
  EXPECT_EQ(first_refusal(in_main("  let x:u64 = 1;\n  let s = shl_wrap(x, 3);\n  let t = shr(x, 64);\n")), "ok");
  EXPECT_EQ(first_refusal(in_main("  let x:i64 = 1;\n  let s = shr(x, 3);\n")), "E-WRAP-TYPE 3");
  EXPECT_EQ(first_refusal(in_main("  let x = len(1, 2);\n")), "E-ARITY 2");
  EXPECT_EQ(first_refusal(in_main("  let b = Buf[u8, 4](3);\n")), "E-GENERIC-ARITY 2");
  EXPECT_EQ(first_refusal(in_main("  let n:usize = 4;\n  let a = Array[u8, n]();\n")), "E-STATIC 3");
  EXPECT_EQ(first_refusal(in_main("  let x:u64 = 5;\n  let n = len(x);\n")), "E-LEN 3");
  EXPECT_EQ(first_refusal(in_main("  let b = Buf[u8](4);\n  let n = len(b[0..2]);\n")), "E-LEN 3");
  EXPECT_EQ(first_refusal(in_main("  let s = \"abc\";\n  let n = len(s) + len(\"xy\");\n")), "ok");
  EXPECT_EQ(first_refusal(in_main("  let x = wait(1);\n")), "E-UNSUPPORTED 2");
}

TEST(Builtins, SoftNamesYield) {
  EXPECT_EQ(first_refusal("fn sqrt(x:u64) -> u64 = x;\n" + in_main("  let r = sqrt(16);\n")), "ok");
  EXPECT_EQ(first_refusal("struct Span { min:u64; max:u64; }\n" +
                          in_main("  let mut r = Span(1, 2);\n  r.max = max(r.max, 7);\n  let max:u64 = 99;\n"
                                  "  let m = max(max, 1);\n")),
            "ok");
}

TEST(Print, Arguments) {
  EXPECT_EQ(first_refusal("struct P { x:i32; }\n" + in_main("  let p = P(1);\n  println(p);\n")), "E-PRINT-ARG 4");
  EXPECT_EQ(first_refusal(in_main("  let b = Buf[u8](2);\n  println(\"b=\", b, b[0..1], 'a', -1, 2.5, true);\n")),
            "ok");
  EXPECT_EQ(first_refusal(in_main("  let b = Buf[u32](2);\n  println(b);\n")), "E-PRINT-ARG 3");
}

TEST(Asserts, Operands) {
  EXPECT_EQ(first_refusal(in_main("  let x:u8 = 1;\n  assert_eq(x, 1, \"why\");\n  assert(x == 1);\n")), "ok");
  EXPECT_EQ(first_refusal(in_main("  let x:u8 = 1;\n  let y:u16 = 1;\n  assert_eq(x, y);\n")), "E-TYPE-MISMATCH 4");
  EXPECT_EQ(first_refusal(in_main("  let b = Buf[u8](1);\n  assert_eq(b, b);\n")), "E-ASSERT-EQ 3");
  EXPECT_EQ(first_refusal(in_main("  let m = \"m\";\n  assert(true, m);\n")), "E-ARITY 3");
  EXPECT_EQ(first_refusal(in_main("  let x:u64 = 1;\n  assert(x);\n")), "E-TYPE-MISMATCH 3");
}

}  // namespace
}  // namespace cairn::test
