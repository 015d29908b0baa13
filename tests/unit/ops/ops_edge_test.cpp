// Edge-value tests for every row of ops.def, expectations written from language.md §4.3, §5, §6.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "ops_test_util.h"

namespace cairn::sem::test {
namespace {

struct Case {
  Op op;
  Scalar type, result;
  uint64_t a, b;
  bool traps;
  TrapKind kind;
  uint64_t expect;
};
Case V(Op op, Scalar t, uint64_t a, uint64_t b, uint64_t expect, Scalar r = Scalar::Bool) {
  bool cmp = op == Op::Eq || op == Op::Ne || op == Op::Lt || op == Op::Le || op == Op::Gt || op == Op::Ge;
  return {op, t, cmp ? Scalar::Bool : (r == Scalar::Bool ? t : r), a, b, false, TrapKind::Overflow, expect};
}
Case T(Op op, Scalar t, uint64_t a, uint64_t b, TrapKind kind, Scalar r = Scalar::Bool) {
  return {op, t, r == Scalar::Bool ? t : r, a, b, true, kind, 0};
}
Case C(Scalar from, Scalar to, uint64_t a, uint64_t expect) { return V(Op::Convert, from, a, 0, expect, to); }
Case CT(Scalar from, Scalar to, uint64_t a) { return T(Op::Convert, from, a, 0, TrapKind::Conversion, to); }

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr float kInfF = std::numeric_limits<float>::infinity();
const double kNaN = std::numeric_limits<double>::quiet_NaN();
const float kDen32 = std::numeric_limits<float>::denorm_min();
const double kDen64 = std::numeric_limits<double>::denorm_min();
using S = Scalar;
using K = TrapKind;

std::vector<Case> cases() {
  return {
      // + - * (§4.3: overflow when the result is outside T)
      V(Op::Add, S::U8, 200, 55, 255), T(Op::Add, S::U8, 255, 1, K::Overflow), V(Op::Add, S::U8, 0, 0, 0),
      T(Op::Add, S::U64, ~0ull, 1, K::Overflow), V(Op::Add, S::Usize, ~0ull - 1, 1, ~0ull),
      V(Op::Add, S::I8, I(-128), 127, I(-1)), T(Op::Add, S::I8, 127, 1, K::Overflow),
      T(Op::Add, S::I8, I(-128), I(-1), K::Overflow), T(Op::Add, S::I64, I(INT64_MAX), 1, K::Overflow),
      T(Op::Add, S::I16, 32767, 1, K::Overflow), T(Op::Add, S::U32, 0xFFFFFFFF, 1, K::Overflow),
      V(Op::Add, S::F64, F64(0.1), F64(0.2), F64(0.30000000000000004)),
      V(Op::Add, S::F64, F64(kInf), F64(-kInf), kNaN64), V(Op::Add, S::F64, F64(-0.0), F64(-0.0), F64(-0.0)),
      V(Op::Add, S::F64, F64(-0.0), F64(0.0), F64(0.0)), V(Op::Add, S::F32, F32(16777216.f), F32(1.f), F32(16777216.f)),
      V(Op::Add, S::F32, F32(kDen32), F32(kDen32), F32(2 * kDen32)),
      V(Op::Add, S::F64, F64(1e308), F64(1e308), F64(kInf)), V(Op::Add, S::F32, 0x7FC00001u, F32(1.f), kNaN32),
      V(Op::Sub, S::U8, 5, 5, 0), T(Op::Sub, S::U8, 0, 1, K::Overflow), T(Op::Sub, S::U64, 3, 4, K::Overflow),
      T(Op::Sub, S::I32, I(INT32_MIN), 1, K::Overflow), V(Op::Sub, S::I32, I(-1), I(INT32_MAX), I(INT32_MIN)),
      T(Op::Sub, S::I64, 0, I(INT64_MIN), K::Overflow), V(Op::Sub, S::F64, F64(1.0), F64(0.9), F64(0.09999999999999998)),
      V(Op::Sub, S::F64, F64(kInf), F64(kInf), kNaN64), V(Op::Sub, S::F32, F32(0.f), F32(0.f), F32(0.f)),
      V(Op::Mul, S::U8, 16, 15, 240), T(Op::Mul, S::U8, 16, 16, K::Overflow), T(Op::Mul, S::U64, 1ull << 32, 1ull << 32, K::Overflow),
      V(Op::Mul, S::I8, I(-64), 2, I(-128)), T(Op::Mul, S::I8, 64, 2, K::Overflow), T(Op::Mul, S::I64, I(INT64_MIN), I(-1), K::Overflow),
      V(Op::Mul, S::I64, I(-1), I(INT64_MAX), I(-INT64_MAX)), V(Op::Mul, S::U32, 0, 0xFFFFFFFF, 0),
      V(Op::Mul, S::F32, F32(1.1f), F32(1.1f), F32(1.21f)), V(Op::Mul, S::F64, F64(0.0), F64(kInf), kNaN64),
      V(Op::Mul, S::F64, F64(-0.0), F64(5.0), F64(-0.0)), V(Op::Mul, S::F64, F64(kDen64), F64(0.5), F64(0.0)),
      // / and % (§4.3)
      V(Op::Div, S::I64, I(-7), 2, I(-3)), T(Op::Div, S::U8, 1, 0, K::DivideByZero), T(Op::Div, S::I8, I(-128), I(-1), K::Overflow),
      T(Op::Div, S::I64, I(INT64_MIN), I(-1), K::Overflow), V(Op::Div, S::I64, I(INT64_MIN), 1, I(INT64_MIN)),
      T(Op::Div, S::I32, 0, 0, K::DivideByZero), V(Op::Div, S::U64, ~0ull, 2, ~0ull / 2),
      V(Op::Div, S::F64, F64(1.0), F64(0.0), F64(kInf)), V(Op::Div, S::F64, F64(1.0), F64(-0.0), F64(-kInf)),
      V(Op::Div, S::F64, F64(0.0), F64(0.0), kNaN64), V(Op::Div, S::F32, F32(1.f), F32(3.f), F32(1.f / 3.f)),
      V(Op::Div, S::F64, F64(kDen64), F64(2.0), F64(0.0)),
      V(Op::Rem, S::I64, I(-7), 2, I(-1)), V(Op::Rem, S::I64, 7, I(-2), 1), T(Op::Rem, S::U16, 3, 0, K::DivideByZero),
      T(Op::Rem, S::I8, I(-128), I(-1), K::Overflow), T(Op::Rem, S::I64, I(INT64_MIN), I(-1), K::Overflow),
      V(Op::Rem, S::U64, ~0ull, 10, 5), V(Op::Rem, S::I32, I(INT32_MIN), 1, 0),
      // prefix - (signed MIN traps; float sign flip exactly)
      V(Op::Neg, S::I8, 127, 0, I(-127)), T(Op::Neg, S::I8, I(-128), 0, K::Overflow), T(Op::Neg, S::I64, I(INT64_MIN), 0, K::Overflow),
      V(Op::Neg, S::I32, 0, 0, 0), V(Op::Neg, S::F64, F64(0.0), 0, F64(-0.0)), V(Op::Neg, S::F32, F32(-0.f), 0, F32(0.f)),
      V(Op::Neg, S::F64, F64(kInf), 0, F64(-kInf)), V(Op::Neg, S::F32, kNaN32, 0, 0xFFC00000u),
      // bitwise (unsigned, at the type's width)
      V(Op::BitNot, S::U8, 0, 0, 255), V(Op::BitNot, S::U16, 0xFF, 0, 0xFF00), V(Op::BitNot, S::U64, 0, 0, ~0ull),
      V(Op::BitNot, S::Usize, ~0ull, 0, 0), V(Op::BitNot, S::U32, 1, 0, 0xFFFFFFFE),
      V(Op::BitAnd, S::U8, 0xF0, 0x3C, 0x30), V(Op::BitAnd, S::U64, ~0ull, 0, 0),
      V(Op::BitOr, S::U8, 0xF0, 0x0F, 0xFF), V(Op::BitOr, S::U32, 0, 0, 0),
      V(Op::BitXor, S::U8, 0xFF, 0x0F, 0xF0), V(Op::BitXor, S::U64, ~0ull, ~0ull, 0),
      V(Op::Not, S::Bool, 0, 0, 1), V(Op::Not, S::Bool, 1, 0, 0),
      // comparisons (IEEE for floats: NaN unordered, -0.0 == 0.0)
      V(Op::Eq, S::F64, F64(-0.0), F64(0.0), 1), V(Op::Eq, S::F64, kNaN64, kNaN64, 0), V(Op::Eq, S::I8, I(-1), I(-1), 1),
      V(Op::Eq, S::Bool, 1, 0, 0), V(Op::Eq, S::U64, 0, ~0ull, 0), V(Op::Eq, S::F32, F32(0.1f), F32(0.1f), 1),
      V(Op::Ne, S::F64, kNaN64, kNaN64, 1), V(Op::Ne, S::F32, F32(-0.f), F32(0.f), 0), V(Op::Ne, S::Bool, 1, 1, 0),
      V(Op::Lt, S::I8, I(-128), 127, 1), V(Op::Lt, S::U8, 255, 0, 0), V(Op::Lt, S::F64, kNaN64, F64(1.0), 0),
      V(Op::Lt, S::F64, F64(-0.0), F64(0.0), 0), V(Op::Lt, S::F32, F32(-kInfF), F32(kInfF), 1), V(Op::Lt, S::U64, 0, ~0ull, 1),
      V(Op::Le, S::I64, I(INT64_MIN), I(INT64_MIN), 1), V(Op::Le, S::F64, F64(1.0), kNaN64, 0), V(Op::Le, S::F64, F64(0.0), F64(-0.0), 1),
      V(Op::Gt, S::I32, 0, I(-1), 1), V(Op::Gt, S::U32, 0, 0xFFFFFFFF, 0), V(Op::Gt, S::F64, kNaN64, kNaN64, 0),
      V(Op::Ge, S::F64, kNaN64, F64(1.0), 0), V(Op::Ge, S::U16, 7, 7, 1), V(Op::Ge, S::I16, I(-32768), 0, 0),
      // wrapping builtins: r mod 2^w
      V(Op::AddWrap, S::U32, 4294967290u, 10, 4), V(Op::AddWrap, S::U64, ~0ull, 1, 0), V(Op::AddWrap, S::U8, 0, 0, 0),
      V(Op::SubWrap, S::U8, 0, 1, 255), V(Op::SubWrap, S::Usize, 0, 1, ~0ull), V(Op::SubWrap, S::U16, 5, 3, 2),
      V(Op::MulWrap, S::U8, 16, 16, 0), V(Op::MulWrap, S::U64, ~0ull, ~0ull, 1), V(Op::MulWrap, S::U16, 300, 300, 90000 % 65536),
      // shifts: count k usize, trap when k >= w
      V(Op::ShlWrap, S::U8, 0xFF, 4, 0xF0), V(Op::ShlWrap, S::U64, 1, 63, 1ull << 63), T(Op::ShlWrap, S::U64, 1, 64, K::Shift),
      T(Op::ShlWrap, S::U8, 1, 8, K::Shift), T(Op::ShlWrap, S::U32, 1, ~0ull, K::Shift), V(Op::ShlWrap, S::U16, 1, 0, 1),
      V(Op::Shr, S::U64, 0xff00, 8, 255), V(Op::Shr, S::U8, 0x80, 7, 1), T(Op::Shr, S::U8, 1, 8, K::Shift),
      T(Op::Shr, S::Usize, 1, 64, K::Shift), V(Op::Shr, S::U64, ~0ull, 63, 1),
      // min / max
      V(Op::Min, S::I8, I(-128), 127, I(-128)), V(Op::Min, S::U64, ~0ull, 0, 0), V(Op::Min, S::I64, I(-1), 1, I(-1)),
      V(Op::Max, S::I8, I(-128), 127, 127), V(Op::Max, S::U64, ~0ull, 0, ~0ull), V(Op::Max, S::I32, I(-1), I(-2), I(-1)),
      // abs: signed MIN traps abs-min; float sign bit cleared
      V(Op::Abs, S::I8, I(-127), 0, 127), T(Op::Abs, S::I8, I(-128), 0, K::AbsMin), T(Op::Abs, S::I64, I(INT64_MIN), 0, K::AbsMin),
      V(Op::Abs, S::I32, 0, 0, 0), V(Op::Abs, S::I16, I(-1), 0, 1), V(Op::Abs, S::F64, F64(-0.0), 0, F64(0.0)),
      V(Op::Abs, S::F64, F64(-2.5), 0, F64(2.5)), V(Op::Abs, S::F32, F32(-kInfF), 0, F32(kInfF)),
      V(Op::Abs, S::F64, 0xFFF8000000000001ull, 0, 0x7FF8000000000001ull),
      // sqrt, floor, ceil, trunc (sign of zero kept; NaN canonical)
      V(Op::Sqrt, S::F64, F64(2.0), 0, F64(1.4142135623730951)), V(Op::Sqrt, S::F32, F32(2.f), 0, F32(1.4142135f)),
      V(Op::Sqrt, S::F64, F64(-0.0), 0, F64(-0.0)), V(Op::Sqrt, S::F64, F64(-4.0), 0, kNaN64), V(Op::Sqrt, S::F32, F32(-1.f), 0, kNaN32),
      V(Op::Sqrt, S::F64, F64(kInf), 0, F64(kInf)), V(Op::Sqrt, S::F64, F64(kDen64), 0, F64(std::sqrt(kDen64))),
      V(Op::Floor, S::F64, F64(-2.5), 0, F64(-3.0)), V(Op::Floor, S::F64, F64(-0.5), 0, F64(-1.0)), V(Op::Floor, S::F64, F64(-0.0), 0, F64(-0.0)),
      V(Op::Floor, S::F32, F32(0.5f), 0, F32(0.f)), V(Op::Floor, S::F64, F64(1e300), 0, F64(1e300)), V(Op::Floor, S::F64, kNaN64, 0, kNaN64),
      V(Op::Ceil, S::F64, F64(-2.5), 0, F64(-2.0)), V(Op::Ceil, S::F64, F64(-0.5), 0, F64(-0.0)), V(Op::Ceil, S::F64, F64(2.000001), 0, F64(3.0)),
      V(Op::Ceil, S::F32, F32(kDen32), 0, F32(1.f)), V(Op::Ceil, S::F64, F64(-kInf), 0, F64(-kInf)),
      V(Op::Trunc, S::F64, F64(-2.5), 0, F64(-2.0)), V(Op::Trunc, S::F64, F64(-0.5), 0, F64(-0.0)), V(Op::Trunc, S::F32, F32(2.9f), 0, F32(2.f)),
      V(Op::Trunc, S::F32, 0xFFC00001u, 0, kNaN32), V(Op::Trunc, S::F64, F64(kInf), 0, F64(kInf)),
      // to_bits / from_bits
      V(Op::ToBits, S::F64, F64(2.0), 0, 4611686018427387904ull, S::U64), V(Op::ToBits, S::F32, F32(2.f), 0, 1073741824u, S::U32),
      V(Op::ToBits, S::F64, F64(-0.0), 0, 9223372036854775808ull, S::U64), V(Op::ToBits, S::F32, 0x7FC00001u, 0, 0x7FC00001u, S::U32),
      V(Op::FromBits, S::U32, 0x40490fdbu, 0, 0x40490fdbu, S::F32), V(Op::FromBits, S::U64, 0x7FF0000000000000ull, 0, F64(kInf), S::F64),
      V(Op::FromBits, S::U64, 0xFFF0000000000001ull, 0, 0xFFF0000000000001ull, S::F64), V(Op::FromBits, S::U32, 1, 0, F32(kDen32), S::F32),
      // conversions (§6)
      C(S::I64, S::I64, I(-5), I(-5)), C(S::U8, S::U16, 255, 255), C(S::U32, S::I64, 0xFFFFFFFF, 0xFFFFFFFF), C(S::U64, S::Usize, ~0ull, ~0ull),
      C(S::I8, S::I64, I(-128), I(-128)), CT(S::I64, S::U32, I(-1)), CT(S::I64, S::I8, 200), CT(S::I64, S::U8, 300),
      CT(S::U8, S::I8, 200), C(S::U8, S::I8, 127, 127), CT(S::I8, S::U64, I(-1)), C(S::I8, S::U64, 5, 5), CT(S::U64, S::I64, 1ull << 63),
      C(S::I64, S::U64, I(INT64_MAX), uint64_t(INT64_MAX)), CT(S::U64, S::U32, 1ull << 32), C(S::U64, S::U32, 0xFFFFFFFF, 0xFFFFFFFF),
      CT(S::I16, S::I8, I(-129)), C(S::I16, S::I8, I(-128), I(-128)),
      C(S::U64, S::F32, ~0ull, F32(18446744073709551616.f)), C(S::U64, S::F32, (1ull << 53) + (1ull << 29) + 1, F32(9007200328482816.f)),
      C(S::I64, S::F64, I(INT64_MIN), F64(-9223372036854775808.0)), C(S::U64, S::F64, (1ull << 53) + 1, F64(9007199254740992.0)),
      C(S::I32, S::F32, 16777217, F32(16777216.f)), C(S::I8, S::F64, I(-1), F64(-1.0)), C(S::U8, S::F32, 0, F32(0.f)),
      C(S::F64, S::U8, F64(-0.5), 0), CT(S::F64, S::U8, F64(-1.0)), C(S::F64, S::I8, F64(127.9), 127), CT(S::F64, S::U8, F64(256.0)),
      C(S::F64, S::U8, F64(255.99), 255), CT(S::F64, S::I64, F64(9.223372036854775807e18)), C(S::F64, S::I64, F64(-9.223372036854775808e18), I(INT64_MIN)),
      CT(S::F64, S::I32, kNaN64), CT(S::F32, S::I32, F32(kInfF)), CT(S::F64, S::U64, F64(-kInf)), CT(S::F64, S::U64, F64(18446744073709551616.0)),
      C(S::F64, S::U64, F64(18446744073709549568.0), 18446744073709549568ull), C(S::F32, S::I32, F32(-2147483648.f), I(INT32_MIN)),
      CT(S::F32, S::I32, F32(2147483648.f)), C(S::F64, S::I32, F64(-2147483648.9), I(INT32_MIN)), CT(S::F64, S::I32, F64(-2147483649.0)),
      C(S::F64, S::Usize, F64(kDen64), 0), C(S::F64, S::I8, F64(-0.0), 0),
      C(S::F64, S::F32, F64(0.1), F32(0.1f)), C(S::F64, S::F32, F64(1e300), F32(kInfF)), C(S::F64, S::F32, F64(-1e300), F32(-kInfF)),
      C(S::F64, S::F32, kNaN64, kNaN32), C(S::F64, S::F32, F64(-0.0), F32(-0.f)), C(S::F64, S::F32, F64(kDen64), F32(0.f)),
      C(S::F32, S::F64, F32(0.1f), F64(double(0.1f))), C(S::F32, S::F64, F32(kDen32), F64(double(kDen32))), C(S::F32, S::F64, 0xFFC00001u, kNaN64),
      C(S::F32, S::F64, F32(-kInfF), F64(-kInf)),
  };
}

std::string describe(const Case& c) {
  return std::string(op_row(c.op).name) + "(" + check::scalar_name(c.type) + "->" + check::scalar_name(c.result) +
         ", " + std::to_string(c.a) + ", " + std::to_string(c.b) + ")";
}

TEST(OpsEdge, EveryCaseGivesItsExpectedOutcome) {
  for (const Case& c : cases()) {
    OpOutcome out = eval_op(c.op, c.type, c.result, c.a, c.b);
    EXPECT_EQ(out.trapped, c.traps) << describe(c);
    if (c.traps && out.trapped) {
      EXPECT_EQ(out.trap, c.kind) << describe(c) << " trap " << check::trap_name(out.trap);
    }
    if (!c.traps && !out.trapped) {
      EXPECT_EQ(out.bits, c.expect) << describe(c);
    }
  }
}

TEST(OpsEdge, EveryRowOfTheTableHasEdgeTests) {
  std::set<Op> seen;
  for (const Case& c : cases()) seen.insert(c.op);
  for (size_t i = 0; i < op_count(); ++i) {
    Op op = static_cast<Op>(i);
    EXPECT_TRUE(seen.count(op)) << "row " << op_row(op).name << " of ops.def has no edge test";
  }
}

TEST(OpsEdge, TableRowsAreNamed) {
  EXPECT_STREQ(op_row(Op::Add).name, "Add");
  EXPECT_STREQ(op_row(Op::Convert).runtime, "cr_convert");
  EXPECT_STREQ(typing_name(op_row(Op::ShlWrap).typing), "uint");
  EXPECT_EQ(op_row(Op::Div).traps, trap_bit(check::TrapKind::DivideByZero) | trap_bit(check::TrapKind::Overflow));
}

}  // namespace
}  // namespace cairn::sem::test
