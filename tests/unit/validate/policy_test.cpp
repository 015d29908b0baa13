// The validation policy (validate/policy.h): defaults, every refusal with its code, exact 64-bit integers,
// strict JSON (duplicate keys, trailing bytes, size), the pinned form and weaker().
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "validate/policy.h"

namespace cairn::validate {
namespace {

std::optional<Policy> parse(const std::string& text, PolicyError* out = nullptr) {
  PolicyError e{Code::Internal, ""};
  auto p = parse_policy(text, "p.json", e);
  if (out) *out = e;
  return p;
}

// The code a text is refused with (Code::Internal when accepted).
Code refusal(const std::string& text) {
  PolicyError e{Code::Internal, ""};
  auto p = parse_policy(text, "p.json", e);
  if (p) return Code::Internal;
  EXPECT_FALSE(e.message.empty());
  EXPECT_NE(e.message.find("p.json"), std::string::npos) << e.message;
  EXPECT_EQ(e.message.back(), '.') << e.message;
  return e.code;
}

TEST(Policy, DefaultsFromAnEmptyObject) {
  auto p = parse("{}");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->absolute, 0.0);
  EXPECT_EQ(p->relative, 0.0);
  EXPECT_EQ(p->largest_extent, 4096u);
  EXPECT_TRUE(p->extents.empty());
  EXPECT_TRUE(p->values.empty());
  EXPECT_EQ(p->budget, 256u);
  EXPECT_EQ(p->seed, 0u);
  EXPECT_EQ(p->probes, 300u);
  EXPECT_EQ(p->seconds, 5u);
}

TEST(Policy, EveryKeyRead) {
  auto p = parse(R"({"tolerance": {"absolute": 1e-9, "relative": 0.25},
    "domain": {"largest_extent": 100, "extents": {"n": [1, 64]}, "values": {"x": [-5, 5], "f": [-1.5, 2]}},
    "budget": 4096, "seed": 7, "probes": 0, "seconds": 60})");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->absolute, 1e-9);
  EXPECT_EQ(p->relative, 0.25);
  EXPECT_EQ(p->largest_extent, 100u);
  EXPECT_EQ(p->extents.at("n").lo, 1u);
  EXPECT_EQ(p->extents.at("n").hi, 64u);
  const Range& x = p->values.at("x");
  EXPECT_FALSE(x.is_float);
  EXPECT_TRUE(x.lo_negative);
  EXPECT_EQ(static_cast<int64_t>(x.lo), -5);
  EXPECT_FALSE(x.hi_negative);
  EXPECT_EQ(x.hi, 5u);
  const Range& f = p->values.at("f");
  EXPECT_TRUE(f.is_float);
  EXPECT_EQ(f.flo, -1.5);
  EXPECT_EQ(f.fhi, 2.0);
  EXPECT_EQ(p->budget, 4096u);
  EXPECT_EQ(p->seed, 7u);
  EXPECT_EQ(p->probes, 0u);
  EXPECT_EQ(p->seconds, 60u);
}

TEST(Policy, SixtyFourBitExtremesExact) {
  auto p = parse(R"({"seed": 18446744073709551615, "domain": {"largest_extent": 18446744073709551615,
    "extents": {"n": [18446744073709551614, 18446744073709551615]},
    "values": {"a": [-9223372036854775808, 18446744073709551615], "b": [9007199254740993, 9007199254740993]}}})");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->seed, std::numeric_limits<uint64_t>::max());
  EXPECT_EQ(p->largest_extent, std::numeric_limits<uint64_t>::max());
  EXPECT_EQ(p->extents.at("n").lo, std::numeric_limits<uint64_t>::max() - 1);
  const Range& a = p->values.at("a");
  EXPECT_TRUE(a.lo_negative);
  EXPECT_EQ(static_cast<int64_t>(a.lo), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(a.hi, std::numeric_limits<uint64_t>::max());
  EXPECT_EQ(p->values.at("b").lo, 9007199254740993u);  // 2^53 + 1: not a double
  // and written back the same
  std::string out = nlohmann::json(policy_json(*p)).dump();
  EXPECT_NE(out.find("18446744073709551615"), std::string::npos);
  EXPECT_NE(out.find("-9223372036854775808"), std::string::npos);
  EXPECT_NE(out.find("9007199254740993"), std::string::npos);
  PolicyError e;
  auto again = policy_from_json(nlohmann::json::parse(out), "again", e);
  ASSERT_TRUE(again);
  EXPECT_EQ(nlohmann::json(policy_json(*again)).dump(), out);
}

TEST(Policy, MalformedIsValidation) {
  EXPECT_EQ(refusal(""), Code::Validation);
  EXPECT_EQ(refusal("{"), Code::Validation);
  EXPECT_EQ(refusal("[]"), Code::Validation);
  EXPECT_EQ(refusal("3"), Code::Validation);
  EXPECT_EQ(refusal("{} x"), Code::Validation);
  EXPECT_EQ(refusal("{}{}"), Code::Validation);
  EXPECT_EQ(refusal("{\"budget\": 5,}"), Code::Validation);
  EXPECT_EQ(refusal("// c\n{}"), Code::Validation);
  EXPECT_EQ(refusal("{\"why\": \"\xff\"}"), Code::Validation);  // invalid UTF-8
}

TEST(Policy, DuplicateKeysRefused) {
  PolicyError e;
  EXPECT_FALSE(parse(R"({"budget": 5, "budget": 6})", &e));
  EXPECT_EQ(e.code, Code::Validation);
  EXPECT_NE(e.message.find("duplicate key \"budget\""), std::string::npos) << e.message;
  EXPECT_EQ(refusal(R"({"tolerance": {"absolute": 0, "absolute": 1}})"), Code::Validation);
  EXPECT_EQ(refusal(R"({"domain": {"values": {"x": [0, 1], "x": [0, 2]}}})"), Code::Validation);
  EXPECT_TRUE(parse(R"({"domain": {"values": {"x": [0, 1]}, "extents": {"x": [0, 2]}}})"));  // other objects
}

TEST(Policy, UnknownKeysAtEveryLevel) {
  PolicyError e;
  EXPECT_FALSE(parse(R"({"budgett": 5})", &e));
  EXPECT_EQ(e.code, Code::Validation);
  EXPECT_NE(e.message.find("\"budgett\" is an unknown key"), std::string::npos) << e.message;
  EXPECT_EQ(refusal(R"({"tolerance": {"abs": 0}})"), Code::Validation);
  EXPECT_EQ(refusal(R"({"domain": {"largest": 5}})"), Code::Validation);
}

TEST(Policy, WrongTypesAreValidation) {
  EXPECT_EQ(refusal(R"({"tolerance": 0})"), Code::Validation);
  EXPECT_EQ(refusal(R"({"tolerance": {"absolute": "0"}})"), Code::Validation);
  EXPECT_EQ(refusal(R"({"tolerance": {"relative": null}})"), Code::Validation);
  EXPECT_EQ(refusal(R"({"domain": []})"), Code::Validation);
  EXPECT_EQ(refusal(R"({"domain": {"extents": []}})"), Code::Validation);
  EXPECT_EQ(refusal(R"({"domain": {"extents": {"n": [0]}}})"), Code::Validation);
  EXPECT_EQ(refusal(R"({"domain": {"extents": {"n": [0, 1, 2]}}})"), Code::Validation);
  EXPECT_EQ(refusal(R"({"domain": {"extents": {"n": ["0", 1]}}})"), Code::Validation);
  EXPECT_EQ(refusal(R"({"domain": {"values": {"x": [true, 1]}}})"), Code::Validation);
  EXPECT_EQ(refusal(R"({"domain": {"values": {"": [0, 1]}}})"), Code::Validation);
  EXPECT_EQ(refusal(R"({"domain": {"largest_extent": "4"}})"), Code::Validation);
  EXPECT_EQ(refusal(R"({"budget": "5"})"), Code::Validation);
  EXPECT_EQ(refusal(R"({"budget": 5.0})"), Code::Validation);
  EXPECT_EQ(refusal(R"({"seed": -1})"), Code::Validation);
  EXPECT_EQ(refusal(R"({"seed": 18446744073709551616})"), Code::Validation);  // 2^64: read as a float
  EXPECT_EQ(refusal(R"({"seed": 1.5})"), Code::Validation);
}

TEST(Policy, CountsOutOfRangeAreValidation) {
  EXPECT_EQ(refusal(R"({"budget": 0})"), Code::Validation);
  EXPECT_EQ(refusal(R"({"budget": 4097})"), Code::Validation);
  EXPECT_EQ(refusal(R"({"budget": -1})"), Code::Validation);
  EXPECT_EQ(refusal(R"({"probes": 4097})"), Code::Validation);
  EXPECT_EQ(refusal(R"({"seconds": 0})"), Code::Validation);
  EXPECT_EQ(refusal(R"({"seconds": 61})"), Code::Validation);
  EXPECT_TRUE(parse(R"({"budget": 1, "probes": 4096, "seconds": 1})"));
}

TEST(Policy, ToleranceRefusals) {
  EXPECT_EQ(refusal(R"({"tolerance": {"absolute": -1e-300}})"), Code::Tolerance);
  EXPECT_EQ(refusal(R"({"tolerance": {"relative": -1}})"), Code::Tolerance);
  // JSON text cannot hold an infinity (1e999 is refused as malformed); an object built in memory can
  EXPECT_EQ(refusal(R"({"tolerance": {"absolute": 1e999}})"), Code::Validation);
  for (double bad : {HUGE_VAL, -HUGE_VAL, std::nan("")}) {
    nlohmann::json j = {{"tolerance", {{"relative", bad}}}};
    PolicyError e;
    EXPECT_FALSE(policy_from_json(j, "mem", e));
    EXPECT_EQ(e.code, Code::Tolerance);
    EXPECT_NE(e.message.find("tolerance.relative"), std::string::npos) << e.message;
  }
  auto p = parse(R"({"tolerance": {"absolute": -0.0, "relative": 3}})");
  ASSERT_TRUE(p);
  EXPECT_FALSE(std::signbit(p->absolute));  // -0.0 is 0
  EXPECT_EQ(p->relative, 3.0);
}

TEST(Policy, DomainRefusals) {
  EXPECT_EQ(refusal(R"({"domain": {"extents": {"n": [5, 4]}}})"), Code::Domain);
  EXPECT_EQ(refusal(R"({"domain": {"extents": {"n": [-1, 4]}}})"), Code::Domain);
  EXPECT_EQ(refusal(R"({"domain": {"extents": {"n": [0, 4.5]}}})"), Code::Domain);
  EXPECT_EQ(refusal(R"({"domain": {"extents": {"n": [0, 4.0]}}})"), Code::Domain);
  EXPECT_EQ(refusal(R"({"domain": {"largest_extent": 0}})"), Code::Domain);
  EXPECT_EQ(refusal(R"({"domain": {"largest_extent": -3}})"), Code::Domain);
  EXPECT_EQ(refusal(R"({"domain": {"largest_extent": 2.5}})"), Code::Domain);
  EXPECT_EQ(refusal(R"({"domain": {"values": {"x": [1, -1]}}})"), Code::Domain);
  EXPECT_EQ(refusal(R"({"domain": {"values": {"x": [18446744073709551615, -1]}}})"), Code::Domain);
  EXPECT_EQ(refusal(R"({"domain": {"values": {"x": [0.5, 0.25]}}})"), Code::Domain);
  EXPECT_EQ(refusal(R"({"domain": {"values": {"x": [1, 0.5]}}})"), Code::Domain);
  nlohmann::json inf = {{"domain", {{"values", {{"x", {-HUGE_VAL, 0}}}}}}};
  PolicyError e;
  EXPECT_FALSE(policy_from_json(inf, "mem", e));
  EXPECT_EQ(e.code, Code::Domain);
  EXPECT_TRUE(parse(R"({"domain": {"values": {"x": [-0.0, 0.0], "y": [3, 3], "z": [0.5, 1]}}})"));
}

TEST(Policy, TooLargeIsValidation) {
  std::string text = "{\"seed\": 1" + std::string(kMaxPolicyBytes, ' ') + "}";
  EXPECT_EQ(refusal(text), Code::Validation);
  std::string fits = "{\"seed\": 1" + std::string(kMaxPolicyBytes - 11, ' ') + "}";
  ASSERT_EQ(fits.size(), kMaxPolicyBytes);
  EXPECT_TRUE(parse(fits));
}

TEST(Policy, DeepAndLongValues) {
  PolicyError e;
  EXPECT_FALSE(parse("{\"budget\": " + std::string(64, '[') + std::string(64, ']') + "}", &e));
  EXPECT_EQ(e.code, Code::Validation);
  EXPECT_NE(e.message.find("nested deeper than 64"), std::string::npos) << e.message;
  EXPECT_FALSE(parse("{\"budget\": " + std::string(63, '[') + std::string(63, ']') + "}", &e));
  EXPECT_NE(e.message.find("budget must be an integer"), std::string::npos) << e.message;
  std::string long_text;
  for (int i = 0; i < 100; ++i) long_text += "\xc3\xa9";  // e-acute, two bytes each
  EXPECT_FALSE(parse("{\"budget\": \"" + long_text + "\"}", &e));
  EXPECT_LT(e.message.size(), 140u) << e.message;
  EXPECT_NO_THROW(nlohmann::json(e.message).dump());  // still UTF-8
}

TEST(Policy, PinnedFormWritesEveryKeyInOrder) {
  Policy p;
  EXPECT_EQ(policy_json(p).dump(),
            R"({"tolerance":{"absolute":0.0,"relative":0.0},"domain":{"largest_extent":4096,"extents":{},"values":{}},)"
            R"("budget":256,"seed":0,"probes":300,"seconds":5})");
  auto q = parse(R"({"domain": {"values": {"b": [-2, 3], "a": [0.5, 1.0]}, "extents": {"n": [0, 9]}}})");
  ASSERT_TRUE(q);
  EXPECT_EQ(policy_json(*q)["domain"].dump(),
            R"({"largest_extent":4096,"extents":{"n":[0,9]},"values":{"a":[0.5,1.0],"b":[-2,3]}})");
}

TEST(Policy, Weaker) {
  Policy base;
  Policy a = base;
  EXPECT_FALSE(weaker(a, base));
  a.seed = 99;
  EXPECT_FALSE(weaker(a, base));  // a different seed is not weaker
  a = base;
  a.budget = 100;
  EXPECT_TRUE(weaker(a, base));
  EXPECT_FALSE(weaker(base, a));
  a = base;
  a.absolute = 1e-12;
  EXPECT_TRUE(weaker(a, base));
  a = base;
  a.relative = 0.1;
  EXPECT_TRUE(weaker(a, base));
  a = base;
  a.largest_extent = 100;
  EXPECT_TRUE(weaker(a, base));
  EXPECT_FALSE(weaker(base, a));
  a = base;
  a.extents["n"] = Range{false, false, false, 1, 4096, 0, 0};  // admits less than [0, 4096]
  EXPECT_TRUE(weaker(a, base));
  a.extents["n"] = Range{false, false, false, 0, 5000, 0, 0};  // admits more
  EXPECT_FALSE(weaker(a, base));
  a = base;
  a.values["x"] = Range{false, true, false, static_cast<uint64_t>(-10), 10, 0, 0};  // the whole type before
  EXPECT_TRUE(weaker(a, base));
  Policy b = base;
  b.values["x"] = Range{true, false, false, 0, 0, -5.5, 5.5};
  EXPECT_FALSE(weaker(a, b));  // [-10, 10] holds [-5.5, 5.5]
  EXPECT_TRUE(weaker(b, a));
  EXPECT_FALSE(weaker(b, b));
}

TEST(Policy, StrictJsonHelper) {
  nlohmann::json j;
  std::string why;
  EXPECT_TRUE(parse_json_strict(R"({"a": [1, {"b": 2, "c": 3}], "d": -1})", j, why));
  EXPECT_EQ(j["a"][1]["c"], 3);
  EXPECT_FALSE(parse_json_strict(R"({"a": [1, {"b": 2, "b": 3}]})", j, why));
  EXPECT_NE(why.find("duplicate"), std::string::npos);
  EXPECT_FALSE(parse_json_strict("[1] [2]", j, why));
  EXPECT_FALSE(parse_json_strict(std::string(100000, '['), j, why));
}

}  // namespace
}  // namespace cairn::validate
