// Case generation (validate/cases.h, tools.md §5.2): splitmix64 and its draws, extent sizes per tile, scalar
// edges, view patterns and offsets, the budget, deduplication, determinism and unfeedable parameters.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>

#include "front/driver/driver.h"
#include "validate/cases.h"
#include "../scratch_dir.h"

namespace cairn::validate {
namespace {

namespace fs = std::filesystem;

[[maybe_unused]] auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new test::ScratchCleanup("cairn_cases_"));

const char* kProgram = R"(// Functions whose cases are generated.
struct P { x:i32; }
fn total(n:usize, xs:ro<u64>[n]) -> u64 {
  let mut s:u64 = 0;
  for x in xs {
    s = add_wrap(s, x);
  }
  return s;
}
fn total_by8(n:usize, xs:ro<u64>[n]) -> u64 implements total when n % 8 == 0 {
  let mut s:u64 = 0;
  for x in xs {
    s = add_wrap(s, x);
  }
  return s;
}
fn mix(a:i8, b:bool, x:f32) -> i32 {
  if b && x > 0.0 {
    return i32(a);
  }
  return 0;
}
fn two(n:usize, m:usize, xs:ro<i16>[n], ys:rw<i16>[m], k:i32, fixed:ro<f64>[3]) {
  if n > 0 && m > 0 {
    ys[0] = xs[0];
  }
}
fn flag(b:bool) -> bool = !b;
fn rec(p:P) -> i32 = p.x;
fn bump(x:rw<u64>) {
  x += 1;
}
fn owner(b:Buf[u8]) -> usize = len(b);
fn points(n:usize, ps:ro<P>[n]) -> usize = n;
)";

const driver::CheckRun& program() {
  static driver::CheckRun* run = [] {
    fs::path dir = test::scratch_dir("cairn_cases_");
    fs::create_directories(dir);
    std::ofstream(dir / "cases.cairn") << kProgram;
    return new driver::CheckRun(driver::run((dir / "cases.cairn").string()));
  }();
  return *run;
}

const check::FnInfo& fn(const std::string& name) {
  static check::FnInfo none;
  EXPECT_EQ(program().outcome, driver::Outcome::Typed);
  if (!program().program) return none;
  for (const check::FnInfo& f : program().program->fns)
    if (f.name == name) return f;
  ADD_FAILURE() << name;
  return none;
}

uint64_t reference_splitmix(uint64_t& state) {
  state += 0x9E3779B97F4A7C15ull;
  uint64_t z = state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

std::string key(const Case& c) {
  std::string k;
  for (const auto& a : c.args) {
    k += std::to_string(a.is_view) + ":" + std::to_string(a.bits) + "[";
    for (uint64_t e : a.elems) k += std::to_string(e) + ",";
    k += "]";
  }
  bool off = std::any_of(c.offsets.begin(), c.offsets.end(), [](uint64_t o) { return o != 0; });
  if (off)
    for (uint64_t o : c.offsets) k += "@" + std::to_string(o);
  return k;
}

Range int_range(int64_t lo, int64_t hi) {
  Range r;
  r.lo_negative = lo < 0, r.hi_negative = hi < 0;
  r.lo = static_cast<uint64_t>(lo), r.hi = static_cast<uint64_t>(hi);
  return r;
}

TEST(Rng, SplitmixSeedZeroKnownValues) {
  Rng r(0);
  EXPECT_EQ(r.next(), 0xe220a8397b1dcdafull);
  EXPECT_EQ(r.next(), 0x6e789e6aa1b965f4ull);
  EXPECT_EQ(r.next(), 0x06c45d188009454full);
  Rng a(12345);
  uint64_t state = 12345;
  for (int i = 0; i < 100; ++i) EXPECT_EQ(a.next(), reference_splitmix(state));
}

TEST(Rng, UniformStaysInBoundsAndCoversThem) {
  Rng r(7);
  std::map<uint64_t, int> seen;
  for (int i = 0; i < 30000; ++i) {
    uint64_t v = r.uniform(10, 12);
    ASSERT_GE(v, 10u);
    ASSERT_LE(v, 12u);
    ++seen[v];
  }
  ASSERT_EQ(seen.size(), 3u);
  for (auto& [v, n] : seen) EXPECT_NEAR(n, 10000, 500) << v;
  EXPECT_EQ(r.uniform(5, 5), 5u);
  EXPECT_EQ(r.uniform(9, 3), 9u);  // an empty range gives its low end
  uint64_t top = std::numeric_limits<uint64_t>::max();
  for (int i = 0; i < 1000; ++i) {
    uint64_t v = r.uniform(top - 3, top);
    ASSERT_GE(v, top - 3);
  }
}

TEST(Rng, UniformRejectsRatherThanFoldsAndTakesTheFullRangeAsIs) {
  Rng full(3), raw(3);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(full.uniform(0, std::numeric_limits<uint64_t>::max()), raw.next());
  // n = 2^63 + 1: 2^64 mod n = 2^63 - 1, so outputs above 2^64 - 1 - (2^63 - 1) are drawn again.
  uint64_t n = (uint64_t{1} << 63) + 1, limit = std::numeric_limits<uint64_t>::max() - ((uint64_t{1} << 63) - 1);
  Rng r(11);
  uint64_t state = 11;
  for (int i = 0; i < 200; ++i) {
    uint64_t x = reference_splitmix(state);
    while (x > limit) x = reference_splitmix(state);
    ASSERT_EQ(r.uniform(0, n - 1), x % n);
  }
}

TEST(Rng, UniformRealIsTheFiftyThreeBitFraction) {
  Rng r(5), raw(5);
  for (int i = 0; i < 100; ++i) {
    double u = static_cast<double>(raw.next() >> 11) * 0x1p-53;
    double v = r.uniform_real(-1000.0, 1000.0);
    EXPECT_EQ(v, -1000.0 + u * 2000.0);
    EXPECT_GE(v, -1000.0);
    EXPECT_LT(v, 1000.0);
  }
}

std::vector<uint64_t> extents_in_order(const std::vector<Case>& cases) {
  std::vector<uint64_t> out;
  for (const Case& c : cases)
    if (std::find(out.begin(), out.end(), c.args[0].bits) == out.end()) out.push_back(c.args[0].bits);
  return out;
}

TEST(Cases, ExtentSizesForATileOfEight) {
  const check::FnInfo& f = fn("total_by8");
  auto tiles = find_tiles(f);
  ASSERT_EQ(tiles.count(8), 1u);
  Policy p;
  p.budget = 4096;
  auto cases = generate_cases(f, tiles, p);
  std::vector<uint64_t> want = {0, 1, 2, 3, 7, 8, 9, 15, 16, 25, 4096};
  EXPECT_EQ(extents_in_order(cases), want);  // phase 1 steps through them in rounds, ascending
  p.largest_extent = 100;
  want.back() = 100;
  EXPECT_EQ(extents_in_order(generate_cases(f, tiles, p)), want);
  p.extents["n"] = int_range(4, 20);  // the domain's range replaces [0, largest_extent]
  EXPECT_EQ(extents_in_order(generate_cases(f, tiles, p)), (std::vector<uint64_t>{7, 8, 9, 15, 16, 20}));
}

TEST(Cases, ViewsMatchTheirExtentsAndOffsetsAreOnePerParameter) {
  const check::FnInfo& f = fn("two");
  Policy p;
  p.budget = 600;
  auto cases = generate_cases(f, {{4, "a test's 4"}}, p);
  ASSERT_EQ(cases.size(), 600u);
  bool saw_off = false;
  for (const Case& c : cases) {
    ASSERT_EQ(c.args.size(), 6u);
    EXPECT_FALSE(c.args[0].is_view);
    EXPECT_TRUE(c.args[2].is_view);
    EXPECT_EQ(c.args[2].elems.size(), c.args[0].bits);
    EXPECT_EQ(c.args[3].elems.size(), c.args[1].bits);
    EXPECT_EQ(c.args[5].elems.size(), 3u);
    if (!c.offsets.empty()) {
      saw_off = true;
      EXPECT_EQ(c.offsets, (std::vector<uint64_t>{0, 0, 1, 1, 0, 1}));
      EXPECT_NE(c.why.find("views 1 element off"), std::string::npos) << c.why;
    }
  }
  EXPECT_TRUE(saw_off);
  // Two extents step through their sizes with an offset: round 0 has n = 0 and m = 1.
  EXPECT_EQ(cases[0].args[0].bits, 0u);
  EXPECT_EQ(cases[0].args[1].bits, 1u);
}

TEST(Cases, WhySaysWhereTheSizeCameFrom) {
  const check::FnInfo& f = fn("total_by8");
  Policy p;
  auto cases = generate_cases(f, find_tiles(f), p);
  bool nine = false, off = false;
  for (const Case& c : cases) {
    if (c.why.rfind("n = 9: a tile plus one, 8 from the condition's % 8; ", 0) == 0) nine = true;
    if (c.why == "n = 9: a tile plus one, 8 from the condition's % 8; ascending views; views 1 element off") off = true;
  }
  EXPECT_TRUE(nine);
  EXPECT_TRUE(off);
  EXPECT_EQ(cases[0].why, "n = 0: empty; zeroed views");
}

TEST(Cases, BudgetIsRespectedAndCasesAreDeduplicated) {
  const check::FnInfo& f = fn("total_by8");
  for (uint32_t budget : {1u, 10u, 256u, 1000u}) {
    Policy p;
    p.budget = budget;
    auto cases = generate_cases(f, find_tiles(f), p);
    EXPECT_EQ(cases.size(), budget);
    std::set<std::string> keys;
    for (const Case& c : cases) EXPECT_TRUE(keys.insert(key(c)).second) << c.why;
  }
  Policy p;  // a single bool has two cases, however large the budget
  auto flags = generate_cases(fn("flag"), {}, p);
  ASSERT_EQ(flags.size(), 2u);
  EXPECT_EQ(flags[0].args[0].bits, 0u);
  EXPECT_EQ(flags[1].args[0].bits, 1u);
  EXPECT_EQ(flags[0].why, "b = false");
}

TEST(Cases, SameSeedSameCasesOtherSeedOtherCases) {
  const check::FnInfo& f = fn("two");
  Policy p;
  auto a = generate_cases(f, {}, p), b = generate_cases(f, {}, p);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(key(a[i]), key(b[i]));
    EXPECT_EQ(a[i].why, b[i].why);
  }
  p.seed = 1;
  auto c = generate_cases(f, {}, p);
  bool differs = false;
  for (size_t i = 0; i < std::min(a.size(), c.size()); ++i) differs = differs || key(a[i]) != key(c[i]);
  EXPECT_TRUE(differs);
}

TEST(Cases, ScalarEdgesAreFullyCrossedWithinTheBudget) {
  const check::FnInfo& f = fn("mix");
  Policy p;
  p.budget = 4096;
  auto cases = generate_cases(f, {}, p);
  std::set<uint64_t> as, xs;
  std::set<std::vector<uint64_t>> combos;
  for (const Case& c : cases) {
    as.insert(c.args[0].bits);
    xs.insert(c.args[2].bits);
    combos.insert({c.args[0].bits, c.args[1].bits, c.args[2].bits});
  }
  auto i8 = [](int64_t v) { return static_cast<uint64_t>(v); };
  EXPECT_EQ(as, (std::set<uint64_t>{i8(0), i8(1), i8(2), i8(-1), i8(-128), i8(127), i8(-127), i8(126)}));
  auto f32 = [](float v) { return uint64_t{std::bit_cast<uint32_t>(v)}; };
  std::set<uint64_t> want_x = {f32(0.0f), f32(-0.0f), f32(1.0f), f32(-1.0f), f32(0.5f),
                               f32(3.0f), f32(1e-30f), f32(1e7f), f32(3.0e38f), f32(-3.0e38f)};
  EXPECT_EQ(xs, want_x);
  EXPECT_EQ(combos.size(), 8u * 2u * 10u);
  EXPECT_EQ(cases.size(), 160u);  // no view, so every case is a scalar combination
}

TEST(Cases, FloatEdgesInsideAFloatDomain) {
  Policy p;
  Range r;
  r.is_float = true, r.flo = -2.5, r.fhi = 2.5;
  p.values["x"] = r;
  std::set<uint64_t> xs;
  for (const Case& c : generate_cases(fn("mix"), {}, p)) xs.insert(c.args[2].bits);
  auto f32 = [](float v) { return uint64_t{std::bit_cast<uint32_t>(v)}; };
  EXPECT_EQ(xs, (std::set<uint64_t>{f32(0.0f), f32(-0.0f), f32(1.0f), f32(-1.0f), f32(0.5f), f32(1e-30f)}));
  r.flo = r.fhi = 0.1;  // no f32 lies inside: one value, as near as f32 comes
  p.values["x"] = r;
  xs.clear();
  for (const Case& c : generate_cases(fn("mix"), {}, p)) xs.insert(c.args[2].bits);
  EXPECT_EQ(xs.size(), 1u);
}

TEST(Cases, DiagonalsAndRandomPicksPastFourTimesTheBudget) {
  Policy p;
  p.budget = 8;  // 160 combinations > 32
  auto cases = generate_cases(fn("mix"), {}, p);
  EXPECT_EQ(cases.size(), 8u);
  EXPECT_EQ(cases[0].why, "a = 0, b = false, x = 0");
}

TEST(Cases, DomainValuesClampViewsAndFilterScalars) {
  const check::FnInfo& f = fn("two");
  Policy p;
  p.budget = 1000;
  p.values["xs"] = int_range(-5, 5);
  p.values["k"] = int_range(10, 20);
  auto cases = generate_cases(f, {}, p);
  std::set<int64_t> ks;
  for (const Case& c : cases) {
    for (uint64_t e : c.args[2].elems) {
      EXPECT_GE(static_cast<int64_t>(e), -5);
      EXPECT_LE(static_cast<int64_t>(e), 5);
    }
    for (uint64_t e : c.args[3].elems) {  // ys: the whole i16 range, sign-extended
      EXPECT_GE(static_cast<int64_t>(e), -32768);
      EXPECT_LE(static_cast<int64_t>(e), 32767);
    }
    ks.insert(static_cast<int64_t>(c.args[4].bits));
  }
  EXPECT_EQ(ks, (std::set<int64_t>{10, 11, 15, 19, 20}));
}

TEST(Cases, ViewPatterns) {
  const check::FnInfo& f = fn("two");
  Policy p;
  auto cases = generate_cases(f, {}, p);
  auto find = [&](const std::string& part) -> const Case* {
    for (const Case& c : cases)
      if (c.args[2].elems.size() >= 4 && c.why.find(part) != std::string::npos && c.offsets.empty()) return &c;
    return nullptr;
  };
  const Case* asc = find("ascending views");
  ASSERT_NE(asc, nullptr);
  for (size_t i = 0; i < asc->args[2].elems.size(); ++i) EXPECT_EQ(asc->args[2].elems[i], i);
  const Case* alt = find("alternating views");
  ASSERT_NE(alt, nullptr);
  EXPECT_EQ(alt->args[2].elems[0], static_cast<uint64_t>(int64_t{-32768}));
  EXPECT_EQ(alt->args[2].elems[1], 32767u);
  const Case* big = find("views of the largest value");
  ASSERT_NE(big, nullptr);
  EXPECT_EQ(big->args[5].elems[0], std::bit_cast<uint64_t>(std::numeric_limits<double>::max()));
  const Case* ones = find("all-ones views");
  ASSERT_NE(ones, nullptr);
  EXPECT_EQ(ones->args[5].elems[2], std::bit_cast<uint64_t>(1.0));
  const Case* rnd = find("random views");
  ASSERT_NE(rnd, nullptr);
  for (uint64_t e : rnd->args[5].elems) {
    double d = std::bit_cast<double>(e);
    EXPECT_GE(d, -1000.0);
    EXPECT_LE(d, 1000.0);
  }
}

TEST(Cases, UnfeedableParametersSayWhy) {
  EXPECT_EQ(unfeedable(fn("total_by8")), "");
  EXPECT_EQ(unfeedable(fn("two")), "");
  EXPECT_EQ(unfeedable(fn("mix")), "");
  EXPECT_EQ(unfeedable(fn("rec")), "its parameter p is a record");
  EXPECT_EQ(unfeedable(fn("bump")), "its parameter x is a single borrow");
  EXPECT_EQ(unfeedable(fn("owner")), "its parameter b is an owner");
  EXPECT_EQ(unfeedable(fn("points")), "its parameter ps is a view of records");
  EXPECT_TRUE(generate_cases(fn("rec"), {}, Policy{}).empty());
}

TEST(Cases, ParamShapes) {
  auto s = param_shapes(fn("two"));
  ASSERT_EQ(s.size(), 6u);
  EXPECT_EQ(s[0].kind, ParamShape::Kind::Extent);
  EXPECT_EQ(s[1].kind, ParamShape::Kind::Extent);
  EXPECT_EQ(s[2].kind, ParamShape::Kind::View);
  EXPECT_EQ(s[2].extent_param, 0);
  EXPECT_EQ(s[3].extent_param, 1);
  EXPECT_EQ(s[4].kind, ParamShape::Kind::Scalar);
  EXPECT_EQ(s[5].kind, ParamShape::Kind::View);
  EXPECT_EQ(s[5].extent_param, -1);
  EXPECT_EQ(s[5].fixed, 3u);
}

}  // namespace
}  // namespace cairn::validate
