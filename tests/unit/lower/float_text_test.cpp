// The runtime's float text (§15.2) against the interpreter's format_f32/format_f64 and the spec's examples.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "runtime_eval.h"
#include "core/value_format.h"

namespace {

std::string rt_text(double x, bool f32) {
  char buf[64];
  size_t n = cr::float_text(x, f32, buf);
  return std::string(buf, n);
}

TEST(RuntimeFloatText, SpecExamples) {
  EXPECT_EQ(rt_text(2.0, false), "2");
  EXPECT_EQ(rt_text(1e21, false), "1e+21");
  EXPECT_EQ(rt_text(0.1 + 0.2, false), "0.30000000000000004");
  EXPECT_EQ(rt_text(100000.0, false), "100000");
  EXPECT_EQ(rt_text(123456789012345680000.0, false), "123456789012345680000");
  EXPECT_EQ(rt_text(1.5, false), "1.5");
  EXPECT_EQ(rt_text(0.000001, false), "0.000001");
  EXPECT_EQ(rt_text(1e-7, false), "1e-7");
  EXPECT_EQ(rt_text(1.5e21, false), "1.5e+21");
  EXPECT_EQ(rt_text(double(3.4028235e38f), true), "3.4028235e+38");
  EXPECT_EQ(rt_text(double(0.1f), true), "0.1");
  EXPECT_EQ(rt_text(-0.0, false), "-0");
  EXPECT_EQ(rt_text(0.0, false), "0");
  EXPECT_EQ(rt_text(-1.0 / 0.0 * 1.0, false), "-inf");
  EXPECT_EQ(rt_text(__builtin_nan(""), false), "NaN");
}

TEST(RuntimeFloatText, PowersOfTwoAndSubnormalsAgreeWithTheInterpreter) {
  for (int e = -1074; e <= 1023; ++e) {
    double x = std::ldexp(1.0, e);
    ASSERT_EQ(rt_text(x, false), cairn::sem::format_f64(x)) << e;
  }
  for (int e = -149; e <= 127; ++e) {
    float x = std::ldexp(1.0f, e);
    ASSERT_EQ(rt_text(double(x), true), cairn::sem::format_f32(x)) << e;
  }
}

RC_GTEST_PROP(RuntimeFloatText, F64AgreesWithTheInterpreter, (uint64_t bits)) {
  double x = cr::f64_from(bits);
  RC_ASSERT(rt_text(x, false) == cairn::sem::format_f64(x));
}

RC_GTEST_PROP(RuntimeFloatText, F32AgreesWithTheInterpreter, (uint32_t bits)) {
  float x = cr::f32_from(bits);
  RC_ASSERT(rt_text(double(x), true) == cairn::sem::format_f32(x));
}

}  // namespace
