// Print formats of scalars (language.md §15.1, §15.2), including the conformance float cases.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "ops_test_util.h"
#include "core/value_format.h"

namespace cairn::sem::test {
namespace {

std::string d(double x) { return format_f64(x); }
std::string f(float x) { return format_f32(x); }

TEST(ValueFormat, Integers) {
  EXPECT_EQ(format_scalar(Scalar::I8, I(-128)), "-128");
  EXPECT_EQ(format_scalar(Scalar::I64, I(INT64_MIN)), "-9223372036854775808");
  EXPECT_EQ(format_scalar(Scalar::U64, ~0ull), "18446744073709551615");
  EXPECT_EQ(format_scalar(Scalar::Usize, 0), "0");
  EXPECT_EQ(format_scalar(Scalar::U8, 97), "97");
  EXPECT_EQ(format_scalar(Scalar::Bool, 1), "true");
  EXPECT_EQ(format_scalar(Scalar::Bool, 0), "false");
  EXPECT_EQ(format_assert_operand(Scalar::U8, 97), "97");
  EXPECT_EQ(format_assert_operand(Scalar::F64, F64(-0.0)), "-0");
  // Bits zero-extended (as a solver's model gives them) print with their sign too.
  EXPECT_EQ(format_scalar(Scalar::I32, 0xFFFFFFFBull), "-5");
  EXPECT_EQ(format_scalar(Scalar::I16, 0x8000), "-32768");
  EXPECT_EQ(format_scalar(Scalar::U16, ~0ull), "65535");
}

TEST(ValueFormat, Conformance036Layout) {
  EXPECT_EQ(d(2.0), "2");
  EXPECT_EQ(d(100000.0), "100000");
  EXPECT_EQ(d(1.5), "1.5");
  EXPECT_EQ(d(3.14159), "3.14159");
  EXPECT_EQ(d(-1.25), "-1.25");
  EXPECT_EQ(d(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(d(0.5), "0.5");
  EXPECT_EQ(d(0.000001), "0.000001");
  EXPECT_EQ(d(0.0000012345), "0.0000012345");
  EXPECT_EQ(d(1e-7), "1e-7");
  EXPECT_EQ(d(2.5e-10), "2.5e-10");
  EXPECT_EQ(d(1e20), "100000000000000000000");
  EXPECT_EQ(d(1e21), "1e+21");
  EXPECT_EQ(d(1.5e21), "1.5e+21");
  EXPECT_EQ(d(123456789012345680000.0), "123456789012345680000");
  EXPECT_EQ(d(1e100), "1e+100");
  EXPECT_EQ(d(5e-324), "5e-324");
  EXPECT_EQ(d(1.7976931348623157e308), "1.7976931348623157e+308");
  EXPECT_EQ(d(9007199254740993.0), "9007199254740992");
}

TEST(ValueFormat, Conformance037Special) {
  EXPECT_EQ(d(0.0), "0");
  EXPECT_EQ(d(-0.0), "-0");
  EXPECT_EQ(d(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(d(-std::numeric_limits<double>::infinity()), "-inf");
  EXPECT_EQ(format_scalar(Scalar::F64, kNaN64), "NaN");
  EXPECT_EQ(format_scalar(Scalar::F64, 0xFFF8000000000001ull), "NaN");
  EXPECT_EQ(format_scalar(Scalar::F32, 0xFFC00000u), "NaN");
  EXPECT_EQ(f(-0.f), "-0");
}

TEST(ValueFormat, Conformance038F32) {
  EXPECT_EQ(f(0.1f), "0.1");
  EXPECT_EQ(f(1.f / 3.f), "0.33333334");
  EXPECT_EQ(f(16777216.f), "16777216");
  EXPECT_EQ(f(3.4028235e38f), "3.4028235e+38");
  EXPECT_EQ(f(1e-45f), "1e-45");
  volatile float a = 0.1f, b = 0.2f;
  EXPECT_EQ(f(a + b), "0.3");
  EXPECT_EQ(f(a * b), "0.020000001");
  EXPECT_EQ(f(1e10f), "10000000000");
  EXPECT_EQ(f(123456789.f), "123456790");
}

TEST(ValueFormat, Conformance039And040) {
  EXPECT_EQ(d(1.0 - 0.9), "0.09999999999999998");
  volatile double x = 0.1;
  EXPECT_EQ(d(x * 3.0 - 0.3), "5.551115123125783e-17");
  EXPECT_EQ(d(1e16 + 2.0), "10000000000000002");
  EXPECT_EQ(d(2.0 / 3.0), "0.6666666666666666");
  volatile float y = 1.1f;
  EXPECT_EQ(f(y * y), "1.21");
  EXPECT_EQ(d(double(y) * double(y)), "1.210000052452088");
  EXPECT_EQ(d(std::sqrt(2.0)), "1.4142135623730951");
  EXPECT_EQ(f(std::sqrt(2.f)), "1.4142135");
  EXPECT_EQ(format_scalar(Scalar::F32, 0x40490fdbu), "3.1415927");
}

// At a power of two the interval below is half as wide: 2^-1074 * k cases and f32 powers of two.
TEST(ValueFormat, PowersOfTwo) {
  EXPECT_EQ(d(std::ldexp(1.0, -1022)), "2.2250738585072014e-308");
  EXPECT_EQ(f(std::ldexp(1.f, -126)), "1.1754944e-38");
  EXPECT_EQ(d(9007199254740992.0), "9007199254740992");
  EXPECT_EQ(f(8388608.f), "8388608");
  EXPECT_EQ(d(std::ldexp(1.0, 1023)), "8.98846567431158e+307");
  EXPECT_EQ(f(std::ldexp(1.f, 127)), "1.7014118e+38");
}

// The printed text reads back as the same value at its width, and no shorter text would.
RC_GTEST_PROP(ValueFormat, F64RoundTrips, (uint64_t bits)) {
  double x = as_f64(bits);
  RC_PRE(std::isfinite(x));
  RC_ASSERT(std::strtod(d(x).c_str(), nullptr) == x);
  ShortestDigits sd = shortest_digits(std::fabs(x), false);
  if (x != 0 && sd.digits.size() > 1) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*e", int(sd.digits.size()) - 2, std::fabs(x));
    RC_ASSERT(std::strtod(buf, nullptr) != std::fabs(x));
  }
}
RC_GTEST_PROP(ValueFormat, F32RoundTrips, (uint32_t bits)) {
  float x = as_f32(bits);
  RC_PRE(std::isfinite(x));
  RC_ASSERT(std::strtof(f(x).c_str(), nullptr) == x);
}

// An independent oracle: std::to_chars gives the shortest round-trip digits, closest to the value.
template <class N>
ShortestDigits oracle(N x) {
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, x, std::chars_format::scientific);
  std::string s(buf, res.ptr);
  ShortestDigits sd;
  size_t e = s.find('e');
  for (size_t i = 0; i < e; ++i)
    if (s[i] != '.') sd.digits += s[i];
  while (sd.digits.size() > 1 && sd.digits.back() == '0') sd.digits.pop_back();
  sd.exp10 = std::atoi(s.c_str() + e + 1) + 1;
  return sd;
}
RC_GTEST_PROP(ValueFormat, F64DigitsMatchToChars, (uint64_t bits)) {
  double x = std::fabs(as_f64(bits));
  RC_PRE(std::isfinite(x) && x != 0);
  ShortestDigits got = shortest_digits(x, false), want = oracle(x);
  RC_ASSERT(got.digits == want.digits);
  RC_ASSERT(got.exp10 == want.exp10);
}
RC_GTEST_PROP(ValueFormat, F32DigitsMatchToChars, (uint32_t bits)) {
  float x = std::fabs(as_f32(bits));
  RC_PRE(std::isfinite(x) && x != 0);
  ShortestDigits got = shortest_digits(x, true), want = oracle(x);
  RC_ASSERT(got.digits == want.digits);
  RC_ASSERT(got.exp10 == want.exp10);
}
TEST(ValueFormat, F32PowersOfTwoMatchToChars) {
  for (int e = -149; e <= 127; ++e) {
    float x = std::ldexp(1.f, e);
    ShortestDigits got = shortest_digits(x, true), want = oracle(x);
    EXPECT_EQ(got.digits, want.digits) << e;
    EXPECT_EQ(got.exp10, want.exp10) << e;
  }
  for (int e = -1074; e <= 1023; ++e) {
    double x = std::ldexp(1.0, e);
    ShortestDigits got = shortest_digits(x, false), want = oracle(x);
    EXPECT_EQ(got.digits, want.digits) << e;
    EXPECT_EQ(got.exp10, want.exp10) << e;
  }
}

}  // namespace
}  // namespace cairn::sem::test
