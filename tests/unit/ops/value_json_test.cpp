// The record encoding of scalars (tools.md §1.3): writing, reading back and validation.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "ops_test_util.h"
#include "core/domain_concrete.h"
#include "core/value_json.h"

namespace cairn::sem::test {
namespace {

using nlohmann::json;

uint64_t read(Scalar t, const json& j) {
  uint64_t bits = 0;
  std::string error;
  EXPECT_TRUE(scalar_from_json(t, j, &bits, &error)) << j.dump() << ": " << error;
  return bits;
}
std::string refuse(Scalar t, const json& j) {
  uint64_t bits = 0;
  std::string error;
  EXPECT_FALSE(scalar_from_json(t, j, &bits, &error)) << j.dump();
  return error;
}

TEST(ValueJson, Writes) {
  EXPECT_EQ(scalar_to_json(Scalar::F64, F64(3.0)).dump(), "\"0x1.8p+1\"");
  EXPECT_EQ(scalar_to_json(Scalar::F64, F64(-0.0)).dump(), "\"-0x0p+0\"");
  EXPECT_EQ(scalar_to_json(Scalar::F32, F32(-1.f / 0.f)).dump(), "\"-inf\"");
  EXPECT_EQ(scalar_to_json(Scalar::F64, F64(1.0 / 0.0)).dump(), "\"inf\"");
  EXPECT_EQ(scalar_to_json(Scalar::F32, kNaN32).dump(), "\"nan:0x7fc00000\"");
  EXPECT_EQ(scalar_to_json(Scalar::F64, kNaN64).dump(), "\"nan:0x7ff8000000000000\"");
  EXPECT_EQ(scalar_to_json(Scalar::U64, ~0ull).dump(), "18446744073709551615");
  EXPECT_EQ(scalar_to_json(Scalar::I64, I(INT64_MIN)).dump(), "-9223372036854775808");
  EXPECT_EQ(scalar_to_json(Scalar::I8, I(-1)).dump(), "-1");
  EXPECT_EQ(scalar_to_json(Scalar::Bool, 1).dump(), "true");
  EXPECT_EQ(scalar_to_json(Scalar::F32, F32(0.1f)).dump(), "\"0x1.99999ap-4\"");
}

// A solver's model gives a signed value's bits zero-extended (an i32 of -1 as 0xFFFFFFFF); the record writes it
// with its sign, as every other place does (tools.md §1.3).
TEST(ValueJson, WritesSignedBitsOfAnyExtension) {
  EXPECT_EQ(scalar_to_json(Scalar::I32, 0xFFFFFFFFull).dump(), "-1");
  EXPECT_EQ(scalar_to_json(Scalar::I8, 0x80).dump(), "-128");
  EXPECT_EQ(scalar_to_json(Scalar::I16, 0x7FFF).dump(), "32767");
  EXPECT_EQ(scalar_to_json(Scalar::U32, 0xFFFFFFFFull).dump(), "4294967295");
  EXPECT_EQ(scalar_to_json(Scalar::U8, ~0ull).dump(), "255");
}

TEST(ValueJson, ReadsNumbersForFloats) {
  EXPECT_EQ(read(Scalar::F32, json::parse("0.1")), F32(0.1f));
  EXPECT_EQ(read(Scalar::F64, json::parse("0.1")), F64(0.1));
  EXPECT_EQ(read(Scalar::F32, json::parse("16777217")), F32(16777216.f));
  EXPECT_EQ(read(Scalar::F32, json::parse("18446744073709551615")), F32(18446744073709551616.f));
  EXPECT_EQ(read(Scalar::F64, json::parse("-3")), F64(-3.0));
  uint64_t bits = 0;
  EXPECT_TRUE(float_from_number_text(Scalar::F32, "1.00000005960464477539062500001", &bits, nullptr));
  EXPECT_EQ(bits, F32(1.0000001f));  // just above the halfway point: rounds once, up
  EXPECT_EQ(read(Scalar::F64, json("1e-400")), F64(0.0));
}

TEST(ValueJson, ValidatesAndNeverThrows) {
  EXPECT_NE(refuse(Scalar::U8, json(256)).find("out of the range"), std::string::npos);
  refuse(Scalar::U8, json(-1));
  refuse(Scalar::I8, json(128));
  refuse(Scalar::I64, json(18446744073709551615ull));
  refuse(Scalar::U32, json(1.5));
  refuse(Scalar::Bool, json(1));
  refuse(Scalar::I32, json("3"));
  refuse(Scalar::F32, json("0x1.000001p+0"));  // not exactly an f32
  refuse(Scalar::F32, json("1e39"));
  refuse(Scalar::F64, json("nan:0x7ff0000000000000"));  // that pattern is inf
  refuse(Scalar::F32, json("nan:0x7fc000000"));
  refuse(Scalar::F64, json("nan"));
  refuse(Scalar::F64, json("abc"));
  refuse(Scalar::F64, json(nullptr));
  refuse(Scalar::F64, json::array());
  EXPECT_EQ(read(Scalar::U64, json(18446744073709551615ull)), ~0ull);
  EXPECT_EQ(read(Scalar::I16, json(-32768)), I(-32768));
  EXPECT_EQ(read(Scalar::F32, json("nan:0xffc00001")), 0xFFC00001u);
  EXPECT_EQ(read(Scalar::F64, json("-0x0p+0")), F64(-0.0));
}

RC_GTEST_PROP(ValueJson, EveryScalarRoundTrips, (uint64_t raw)) {
  for (int i = 0; i <= static_cast<int>(Scalar::F64); ++i) {
    Scalar t = static_cast<Scalar>(i);
    uint64_t bits = ConcreteDomain::norm(t, raw);
    json j = json::parse(scalar_to_json(t, bits).dump());
    uint64_t back = ~bits;
    std::string error;
    RC_ASSERT(scalar_from_json(t, j, &back, &error));
    RC_ASSERT(back == bits);
  }
}

}  // namespace
}  // namespace cairn::sem::test
