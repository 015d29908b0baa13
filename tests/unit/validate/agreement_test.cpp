// Agreement under cairn.agreement/1 (validate/agreement.h): the four float rules with the spec's examples, -0.0,
// NaN payloads, infinities, f32 widening; integers bit for bit; rw views; trap, crash, timeout and not-run ends;
// the record's agreement object.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>

#include "front/driver/driver.h"
#include "base/sha256.h"
#include "core/float_bits.h"
#include "validate/agreement.h"
#include "../scratch_dir.h"

namespace cairn::validate {
namespace {

namespace fs = std::filesystem;
using check::Scalar;
using sem::bits_of;
using End = targets::IsolatedOutcome::End;

const char* kProgram = R"(// Functions whose signatures the agreement tests read.
struct Pt { x:f64; y:i32; }
fn id64(x:f64) -> f64 = x;
fn id32(x:f32) -> f32 = x;
fn neg(x:i32) -> i32 = 0 - x;
fn flip(b:bool) -> bool = !b;
fn scale(n:usize, xs:rw<f32>[n], k:f32) {
  for i in 0..n {
    xs[i] = xs[i] * k;
  }
}
fn fill(n:usize, xs:rw<i16>[n], ys:ro<i16>[n]) {
  for i in 0..n {
    xs[i] = ys[i];
  }
}
fn mk(a:f64) -> Pt = Pt(a, 1);
)";

[[maybe_unused]] auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new test::ScratchCleanup("cairn_agree_"));

const driver::CheckRun& checked() {
  static driver::CheckRun* run = [] {
    fs::path dir = test::scratch_dir("cairn_agree_");
    fs::create_directories(dir);
    std::ofstream(dir / "agree.cairn") << kProgram;
    return new driver::CheckRun(driver::run((dir / "agree.cairn").string()));
  }();
  return *run;
}

const check::FnInfo& fn(const std::string& name) {
  const driver::CheckRun& run = checked();
  EXPECT_EQ(run.outcome, driver::Outcome::Typed);
  for (const check::FnInfo& f : run.program->fns)
    if (f.name == name) return f;
  ADD_FAILURE() << "no function " << name;
  return run.program->fns.front();
}

targets::IsolatedOutcome returns(std::optional<uint64_t> bits, std::vector<std::vector<uint64_t>> written = {}) {
  targets::IsolatedOutcome o;
  o.end = End::Returned;
  o.outcome.defined = true;
  o.outcome.ret = bits;
  o.outcome.written = std::move(written);
  return o;
}
targets::IsolatedOutcome ended(End e, bool defined = false) {
  targets::IsolatedOutcome o;
  o.end = e;
  o.outcome.defined = defined;
  return o;
}
targets::IsolatedOutcome traps() { return ended(End::Returned); }

Policy tolerance(double absolute, double relative) {
  Policy p;
  p.absolute = absolute;
  p.relative = relative;
  return p;
}

bool f64_agree(double r, double c, double a = 0, double rel = 0) {
  return floats_agree(Scalar::F64, bits_of(r), bits_of(c), a, rel);
}
bool f32_agree(float r, float c, double a = 0, double rel = 0) {
  return floats_agree(Scalar::F32, bits_of(r), bits_of(c), a, rel);
}

const double kInf = std::numeric_limits<double>::infinity();

TEST(Floats, RelativeScalesTheReferenceOnly) {
  EXPECT_FALSE(f64_agree(100, 111, 0, 0.1));  // 11 > 0.1 * 100
  EXPECT_TRUE(f64_agree(111, 100, 0, 0.1));   // 11 <= 0.1 * 111
  EXPECT_TRUE(f64_agree(100, 110, 0, 0.1));   // exactly at the bound
}

TEST(Floats, AbsoluteAndBoth) {
  EXPECT_TRUE(f64_agree(1.0, 1.5, 0.5));
  EXPECT_FALSE(f64_agree(1.0, 1.5000001, 0.5));
  EXPECT_TRUE(f64_agree(10.0, 11.5, 0.5, 0.1));   // 1.5 <= 0.5 + 1.0
  EXPECT_FALSE(f64_agree(10.0, 11.6, 0.5, 0.1));
  EXPECT_FALSE(f64_agree(1.0, std::nextafter(1.0, 2.0)));  // zero tolerance: bits only
  EXPECT_TRUE(f64_agree(1.0, 1.0));
}

TEST(Floats, SignedZeros) {
  EXPECT_FALSE(f64_agree(-0.0, 0.0));
  EXPECT_FALSE(f64_agree(0.0, -0.0));
  EXPECT_TRUE(f64_agree(-0.0, -0.0));
  EXPECT_TRUE(f64_agree(-0.0, 0.0, 1e-300));
  EXPECT_TRUE(f64_agree(0.0, -0.0, 0, 1e-9));
  EXPECT_FALSE(f32_agree(-0.0f, 0.0f));
  EXPECT_TRUE(f32_agree(-0.0f, 0.0f, 0, 0.5));
}

TEST(Floats, NaNsWhateverThePayload) {
  uint64_t quiet = 0x7ff8000000000000ull, payload = 0x7ff0000000000001ull, negative = 0xfff8000000000123ull;
  EXPECT_TRUE(floats_agree(Scalar::F64, quiet, payload, 0, 0));
  EXPECT_TRUE(floats_agree(Scalar::F64, negative, quiet, 0, 0));
  EXPECT_FALSE(floats_agree(Scalar::F64, quiet, bits_of(1.0), 1e300, 1e300));
  EXPECT_FALSE(floats_agree(Scalar::F64, bits_of(kInf), quiet, 0, 0));
  EXPECT_TRUE(floats_agree(Scalar::F32, 0x7fc00000u, 0xffc00001u, 0, 0));
  EXPECT_FALSE(floats_agree(Scalar::F32, 0x7fc00000u, bits_of(0.0f), 0, 0));
}

TEST(Floats, InfinitiesOnlyWithThemselves) {
  EXPECT_TRUE(f64_agree(kInf, kInf));
  EXPECT_TRUE(f64_agree(-kInf, -kInf));
  EXPECT_FALSE(f64_agree(kInf, -kInf, 1e300, 1e300));
  EXPECT_FALSE(f64_agree(kInf, 1e308, 1e300, 1e300));
  EXPECT_FALSE(f64_agree(1e308, kInf, 1e300, 1e300));
  EXPECT_FALSE(f64_agree(1.0, kInf, kInf, 0));  // rule 3 before rule 4
}

TEST(Floats, F32WidenedExactly) {
  float a = 0.1f, b = std::nextafter(0.1f, 1.0f);
  double gap = static_cast<double>(b) - static_cast<double>(a);  // exact in binary64
  EXPECT_FALSE(f32_agree(a, b));
  EXPECT_TRUE(f32_agree(a, b, gap));
  EXPECT_FALSE(f32_agree(a, b, gap / 2));
  EXPECT_TRUE(f32_agree(3.0e38f, 3.0e38f));
  EXPECT_FALSE(f32_agree(std::numeric_limits<float>::max(), std::numeric_limits<float>::infinity(), 1e300));
  // the high half of an f32's 64-bit word is not part of it
  EXPECT_TRUE(floats_agree(Scalar::F32, bits_of(1.5f), bits_of(1.5f) | 0xdead00000000ull, 0, 0));
}

TEST(Floats, DifferenceComputedInF64) {
  EXPECT_FALSE(f64_agree(1e308, -1e308, 1e308, 0));  // |r - c| overflows to infinity
  EXPECT_TRUE(f64_agree(1e308, -1e308, 0, 2));       // 2 * 1e308 is infinity too: inf <= inf
}

TEST(Agree, ScalarReturns) {
  Policy zero;
  std::string why;
  EXPECT_EQ(agree(fn("id64"), returns(bits_of(1.5)), returns(bits_of(1.5)), zero, &why), Verdict::Agree);
  EXPECT_EQ(agree(fn("id64"), returns(bits_of(1.5)), returns(bits_of(1.25)), zero, &why), Verdict::Disagree);
  EXPECT_EQ(why, "returns 1.5 against 1.25");
  EXPECT_EQ(agree(fn("id64"), returns(bits_of(1.5)), returns(bits_of(1.25)), tolerance(0.25, 0), &why), Verdict::Agree);
  EXPECT_EQ(agree(fn("id64"), returns(bits_of(-0.0)), returns(bits_of(0.0)), zero, &why), Verdict::Disagree);
  EXPECT_EQ(why, "returns -0.0 against 0.0");
  EXPECT_EQ(agree(fn("id32"), returns(bits_of(100.0f)), returns(bits_of(111.0f)), tolerance(0, 0.1), &why), Verdict::Disagree);
  EXPECT_EQ(agree(fn("id32"), returns(bits_of(111.0f)), returns(bits_of(100.0f)), tolerance(0, 0.1), &why), Verdict::Agree);
  EXPECT_EQ(agree(fn("id64"), returns(0x7ff8000000000000ull), returns(0x7ff0000000000001ull), zero, &why), Verdict::Agree);
}

TEST(Agree, IntegersAndBoolsBitForBit) {
  std::string why;
  Policy loose = tolerance(1e9, 1e9);  // a tolerance never applies to integers
  EXPECT_EQ(agree(fn("neg"), returns(static_cast<uint64_t>(-3)), returns(static_cast<uint64_t>(-3)), loose, &why), Verdict::Agree);
  EXPECT_EQ(agree(fn("neg"), returns(3), returns(5), loose, &why), Verdict::Disagree);
  EXPECT_EQ(why, "returns 3 against 5");
  EXPECT_EQ(agree(fn("neg"), returns(static_cast<uint64_t>(-1)), returns(0xffffffffu), loose, &why), Verdict::Agree);  // i32 -1
  EXPECT_EQ(agree(fn("flip"), returns(1), returns(0), loose, &why), Verdict::Disagree);
  EXPECT_EQ(why, "returns true against false");
}

TEST(Agree, Ends) {
  Policy zero;
  std::string why;
  const check::FnInfo& f = fn("neg");
  EXPECT_EQ(agree(f, traps(), traps(), zero, &why), Verdict::Agree);  // whatever the kinds
  EXPECT_EQ(agree(f, traps(), returns(7), zero, &why), Verdict::Disagree);
  EXPECT_EQ(why, "traps against returns 7");
  EXPECT_EQ(agree(f, returns(7), traps(), zero, &why), Verdict::Disagree);
  EXPECT_EQ(why, "returns 7 against traps");
  EXPECT_EQ(agree(f, traps(), ended(End::Crashed), zero, &why), Verdict::Disagree);
  EXPECT_EQ(why, "traps against crashes");
  EXPECT_EQ(agree(f, ended(End::Crashed), ended(End::Crashed), zero, &why), Verdict::Disagree);
  EXPECT_EQ(agree(f, ended(End::Crashed), returns(1), zero, &why), Verdict::Disagree);
  EXPECT_EQ(why, "crashes against returns 1");
  for (End undecided : {End::TimedOut, End::NotRun}) {
    EXPECT_EQ(agree(f, ended(undecided), returns(1), zero, &why), Verdict::TimedOut);
    EXPECT_EQ(agree(f, returns(1), ended(undecided), zero, &why), Verdict::TimedOut);
    EXPECT_EQ(agree(f, traps(), ended(undecided), zero, &why), Verdict::TimedOut);
    EXPECT_EQ(agree(f, ended(undecided), ended(End::Crashed), zero, &why), Verdict::TimedOut);
  }
  EXPECT_EQ(agree(f, ended(End::TimedOut), returns(1), zero, &why), Verdict::TimedOut);
  EXPECT_EQ(why, "the reference times out");
  EXPECT_EQ(agree(f, returns(1), ended(End::NotRun), zero, &why), Verdict::TimedOut);
  EXPECT_EQ(why, "the candidate does not run");
}

TEST(Agree, RwViewsOfFloats) {
  const check::FnInfo& f = fn("scale");
  std::string why;
  auto with = [](std::vector<uint64_t> xs) { return returns(std::nullopt, {{}, xs, {}}); };
  uint64_t one = bits_of(1.0f), half = bits_of(0.5f), nz = bits_of(-0.0f), z = bits_of(0.0f);
  EXPECT_EQ(agree(f, with({one, half}), with({one, half}), Policy{}, &why), Verdict::Agree);
  EXPECT_EQ(agree(f, with({one, half}), with({one, bits_of(0.25f)}), Policy{}, &why), Verdict::Disagree);
  EXPECT_EQ(why, "rw xs[1]: 0.5 against 0.25");
  EXPECT_EQ(agree(f, with({one, half}), with({one, bits_of(0.25f)}), tolerance(0.25, 0), &why), Verdict::Agree);
  EXPECT_EQ(agree(f, with({nz}), with({z}), Policy{}, &why), Verdict::Disagree);
  EXPECT_EQ(why, "rw xs[0]: -0.0 against 0.0");
  EXPECT_EQ(agree(f, with({nz}), with({z}), tolerance(0, 1e-6), &why), Verdict::Agree);
  EXPECT_EQ(agree(f, with({0x7fc00000u}), with({0x7fc00001u}), Policy{}, &why), Verdict::Agree);
  EXPECT_EQ(agree(f, with({one, half}), with({one}), tolerance(1, 1), &why), Verdict::Disagree);
  EXPECT_EQ(why, "rw xs: length 2 against 1");
}

TEST(Agree, RwViewsOfIntegersAndReadOnlyViewsIgnored) {
  const check::FnInfo& f = fn("fill");
  std::string why;
  auto with = [](std::vector<uint64_t> xs, std::vector<uint64_t> ys) { return returns(std::nullopt, {{}, xs, ys}); };
  // ys is ro: whatever the runner reports for it is not compared
  EXPECT_EQ(agree(f, with({1, 2}, {1}), with({1, 2}, {9, 9}), Policy{}, &why), Verdict::Agree);
  EXPECT_EQ(agree(f, with({1, static_cast<uint64_t>(-2)}, {}), with({1, 2}, {}), tolerance(100, 100), &why),
            Verdict::Disagree);
  EXPECT_EQ(why, "rw xs[1]: -2 against 2");
}

TEST(Agree, RecordResultsByLeaf) {
  const check::FnInfo& f = fn("mk");
  std::string why;
  auto pt = [](double x, int32_t y) {
    targets::IsolatedOutcome o = returns(0);
    o.outcome.ret_leaves = {{true, false, bits_of(x), {}}, {true, false, static_cast<uint64_t>(int64_t{y}), {}}};
    return o;
  };
  EXPECT_EQ(agree(f, pt(1.0, 1), pt(1.0, 1), Policy{}, &why), Verdict::Agree);
  EXPECT_EQ(agree(f, pt(1.0, 1), pt(1.1, 1), Policy{}, &why), Verdict::Disagree);
  EXPECT_EQ(why, "returns Pt(1.0, 1) against Pt(1.1, 1)");
  EXPECT_EQ(agree(f, pt(1.0, 1), pt(1.1, 1), tolerance(0.2, 0), &why), Verdict::Agree);
  EXPECT_EQ(agree(f, pt(1.0, 1), pt(1.0, 2), tolerance(5, 5), &why), Verdict::Disagree);
}

TEST(AgreementRecord, DigestOfTheRulesText) {
  const std::string& text = agreement_rules_text();
  EXPECT_NE(text.find("cairn.agreement/1"), std::string::npos);
  EXPECT_EQ(&text, &agreement_rules_text());
  nlohmann::ordered_json j = agreement_json(tolerance(1e-9, 0.5));
  EXPECT_EQ(j.dump(), R"({"version":"cairn.agreement/1","sha256":")" + sha256_hex(text) +
                          R"(","tolerance":{"absolute":1e-09,"relative":0.5},"relative_to":"the reference","computes_in":"f64"})");
  EXPECT_EQ(j["sha256"].get<std::string>().size(), 64u);
  // the digest is a constant of the protocol: a change to the text is a new version
  EXPECT_EQ(j["sha256"], agreement_json(Policy{})["sha256"]);
}

}  // namespace
}  // namespace cairn::validate
