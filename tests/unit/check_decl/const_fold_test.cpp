// Check-time constant arithmetic (§4, §5, §6, §11): exact integers, floats in their own width, conversions.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "front/check/const_fold.h"

namespace cairn::check {
namespace {

using ast::BinOp;

ConstValue lit(Scalar t, uint64_t mag, bool neg = false) {
  ConstValue v;
  EXPECT_EQ(const_int_literal(t, mag, neg, &v), ConstStatus::Ok);
  return v;
}

TEST(ConstArith, IntegerLiteralsFitTheirType) {
  ConstValue v;
  EXPECT_EQ(const_int_literal(Scalar::U8, 255, false, &v), ConstStatus::Ok);
  EXPECT_EQ(const_int_literal(Scalar::U8, 256, false, &v), ConstStatus::Overflow);
  EXPECT_EQ(const_int_literal(Scalar::I8, 128, true, &v), ConstStatus::Ok);
  EXPECT_EQ(static_cast<int64_t>(v.bits), -128);
  EXPECT_EQ(const_int_literal(Scalar::I8, 128, false, &v), ConstStatus::Overflow);
  EXPECT_EQ(const_int_literal(Scalar::I64, 9223372036854775808ull, true, &v), ConstStatus::Ok);
  EXPECT_EQ(const_int_literal(Scalar::U32, 1, true, &v), ConstStatus::BadOperator);
  EXPECT_EQ(const_int_literal(Scalar::I32, 0xFFFFFFFFull, false, &v), ConstStatus::Overflow);
}

TEST(ConstArith, IntegerLiteralsAsFloatsMustBeExact) {
  ConstValue v;
  EXPECT_EQ(const_int_literal(Scalar::F32, 16777216, false, &v), ConstStatus::Ok);
  EXPECT_EQ(const_int_literal(Scalar::F32, 16777217, false, &v), ConstStatus::Overflow);
  EXPECT_EQ(const_int_literal(Scalar::F64, 9007199254740993ull, false, &v), ConstStatus::Overflow);
  EXPECT_EQ(const_int_literal(Scalar::F64, 18446744073709551615ull, false, &v), ConstStatus::Overflow);
  EXPECT_EQ(const_int_literal(Scalar::F64, 1ull << 63, false, &v), ConstStatus::Ok);
}

TEST(ConstArith, CheckedIntegerOperations) {
  ConstValue out;
  EXPECT_EQ(const_binary(BinOp::Add, lit(Scalar::U8, 200), lit(Scalar::U8, 100), &out), ConstStatus::Overflow);
  EXPECT_EQ(const_binary(BinOp::Sub, lit(Scalar::Usize, 0), lit(Scalar::Usize, 1), &out), ConstStatus::Overflow);
  EXPECT_EQ(const_binary(BinOp::Div, lit(Scalar::I64, 7, true), lit(Scalar::I64, 2), &out), ConstStatus::Ok);
  EXPECT_EQ(static_cast<int64_t>(out.bits), -3);
  EXPECT_EQ(const_binary(BinOp::Rem, lit(Scalar::I64, 7, true), lit(Scalar::I64, 2), &out), ConstStatus::Ok);
  EXPECT_EQ(static_cast<int64_t>(out.bits), -1);
  EXPECT_EQ(const_binary(BinOp::Rem, lit(Scalar::I64, 7), lit(Scalar::I64, 2, true), &out), ConstStatus::Ok);
  EXPECT_EQ(static_cast<int64_t>(out.bits), 1);
  EXPECT_EQ(const_binary(BinOp::Div, lit(Scalar::U32, 1), lit(Scalar::U32, 0), &out), ConstStatus::DivZero);
  EXPECT_EQ(const_binary(BinOp::Div, lit(Scalar::I8, 128, true), lit(Scalar::I8, 1, true), &out), ConstStatus::Overflow);
  EXPECT_EQ(const_binary(BinOp::Rem, lit(Scalar::I8, 128, true), lit(Scalar::I8, 1, true), &out), ConstStatus::Overflow);
  EXPECT_EQ(const_binary(BinOp::BitAnd, lit(Scalar::I32, 1), lit(Scalar::I32, 1), &out), ConstStatus::BadOperator);
  EXPECT_EQ(const_binary(BinOp::Mul, lit(Scalar::U64, 1ull << 32), lit(Scalar::U64, 1ull << 32), &out),
            ConstStatus::Overflow);
}

TEST(ConstArith, UnaryOperators) {
  ConstValue out;
  EXPECT_EQ(const_unary(ast::UnOp::Neg, lit(Scalar::I8, 128, true), &out), ConstStatus::Overflow);
  EXPECT_EQ(const_unary(ast::UnOp::Neg, lit(Scalar::U8, 1), &out), ConstStatus::BadOperator);
  EXPECT_EQ(const_unary(ast::UnOp::BitNot, lit(Scalar::U8, 0xF0), &out), ConstStatus::Ok);
  EXPECT_EQ(out.bits, 0x0Fu);
  EXPECT_EQ(const_unary(ast::UnOp::BitNot, lit(Scalar::I32, 1), &out), ConstStatus::BadOperator);
  EXPECT_EQ(const_unary(ast::UnOp::Not, const_bool(false), &out), ConstStatus::Ok);
  EXPECT_EQ(out.bits, 1u);
}

TEST(ConstArith, F32RoundsEveryOperationInF32) {
  ConstValue a, b, out;
  ASSERT_EQ(const_float_literal(Scalar::F32, "0.1", false, &a), ConstStatus::Ok);
  ASSERT_EQ(const_float_literal(Scalar::F32, "0.2", false, &b), ConstStatus::Ok);
  ASSERT_EQ(const_binary(BinOp::Add, a, b, &out), ConstStatus::Ok);
  float want = 0.1f + 0.2f;
  EXPECT_EQ(out.f, static_cast<double>(want));
  uint32_t bits;
  std::memcpy(&bits, &want, 4);
  EXPECT_EQ(out.bits, bits);
  // 3e38 * 10 is finite in f64 but infinite in f32
  ASSERT_EQ(const_float_literal(Scalar::F32, "3.0e38", false, &a), ConstStatus::Ok);
  ASSERT_EQ(const_float_literal(Scalar::F32, "10.0", false, &b), ConstStatus::Ok);
  EXPECT_EQ(const_binary(BinOp::Mul, a, b, &out), ConstStatus::NotFinite);
}

TEST(ConstArith, F32LiteralsRoundDirectlyFromDecimal) {
  // 1.00000017881393432617187499 lies just below the midpoint between 1 + 2^-23 and 1 + 2^-22; through f64
  // it would first round to the midpoint and then to even (1 + 2^-22): direct rounding gives 1 + 2^-23.
  ConstValue v;
  ASSERT_EQ(const_float_literal(Scalar::F32, "1.00000017881393432617187499", false, &v), ConstStatus::Ok);
  EXPECT_EQ(v.f, 1.0 + std::ldexp(1.0, -23));
  ASSERT_EQ(const_float_literal(Scalar::F32, "1.0e39", false, &v), ConstStatus::NotFinite);
  ASSERT_EQ(const_float_literal(Scalar::F64, "0.0", true, &v), ConstStatus::Ok);
  EXPECT_TRUE(std::signbit(v.f));
}

TEST(ConstArith, Conversions) {
  ConstValue out;
  EXPECT_EQ(const_convert(lit(Scalar::U64, 300), Scalar::U8, &out), ConstStatus::Conversion);
  EXPECT_EQ(const_convert(lit(Scalar::I64, 1, true), Scalar::U32, &out), ConstStatus::Conversion);
  EXPECT_EQ(const_convert(lit(Scalar::U8, 200), Scalar::I64, &out), ConstStatus::Ok);
  EXPECT_EQ(out.bits, 200u);
  ConstValue f;
  ASSERT_EQ(const_float_literal(Scalar::F64, "2.7", true, &f), ConstStatus::Ok);
  EXPECT_EQ(const_convert(f, Scalar::I32, &out), ConstStatus::Ok);
  EXPECT_EQ(static_cast<int64_t>(out.bits), -2);
  ASSERT_EQ(const_float_literal(Scalar::F64, "0.5", true, &f), ConstStatus::Ok);
  EXPECT_EQ(const_convert(f, Scalar::U8, &out), ConstStatus::Ok);
  EXPECT_EQ(out.bits, 0u);
  ASSERT_EQ(const_float_literal(Scalar::F64, "1.0", true, &f), ConstStatus::Ok);
  EXPECT_EQ(const_convert(f, Scalar::U8, &out), ConstStatus::Conversion);
  ASSERT_EQ(const_float_literal(Scalar::F64, "256.0", false, &f), ConstStatus::Ok);
  EXPECT_EQ(const_convert(f, Scalar::U8, &out), ConstStatus::Conversion);
  ASSERT_EQ(const_float_literal(Scalar::F64, "127.9", false, &f), ConstStatus::Ok);
  EXPECT_EQ(const_convert(f, Scalar::I8, &out), ConstStatus::Ok);
  EXPECT_EQ(out.bits, 127u);
  // u64 -> f32 rounds once, to nearest even
  EXPECT_EQ(const_convert(lit(Scalar::U64, 16777217), Scalar::F32, &out), ConstStatus::Ok);
  EXPECT_EQ(out.f, 16777216.0);
  EXPECT_EQ(const_convert(const_bool(true), Scalar::U8, &out), ConstStatus::BadCast);
}

}  // namespace
}  // namespace cairn::check
