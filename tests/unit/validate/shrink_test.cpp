// Shrinking (validate/shrink.h, tools.md §5.5): the spec's example, extents cut with their views, alignment,
// values toward zero, the domain's least extent, the probe budget, and timeouts that are never kept.
#include <gtest/gtest.h>

#include <bit>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "front/driver/driver.h"
#include "validate/cases.h"
#include "validate/shrink.h"
#include "../scratch_dir.h"

namespace cairn::validate {
namespace {

namespace fs = std::filesystem;

[[maybe_unused]] auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new test::ScratchCleanup("cairn_shrink_"));

const char* kProgram = R"(// Functions whose failing cases are shrunk.
fn sum(n:usize, xs:ro<u64>[n]) -> u64 {
  let mut s:u64 = 0;
  for x in xs {
    s = add_wrap(s, x);
  }
  return s;
}
fn scalars(a:i32, b:i64, x:f64, y:f32, f:bool) -> i32 = a;
fn signed_view(n:usize, xs:ro<i32>[n]) -> usize = n;
)";

const check::FnInfo& fn(const std::string& name) {
  static driver::CheckRun* run = [] {
    fs::path dir = test::scratch_dir("cairn_shrink_");
    fs::create_directories(dir);
    std::ofstream(dir / "shrink.cairn") << kProgram;
    return new driver::CheckRun(driver::run((dir / "shrink.cairn").string()));
  }();
  static check::FnInfo none;
  EXPECT_EQ(run->outcome, driver::Outcome::Typed);
  if (!run->program) return none;
  for (const check::FnInfo& f : run->program->fns)
    if (f.name == name) return f;
  ADD_FAILURE() << name;
  return none;
}

sem::ArgValue scalar(uint64_t bits) {
  sem::ArgValue a;
  a.bits = bits;
  return a;
}
sem::ArgValue view(std::vector<uint64_t> elems) {
  sem::ArgValue a;
  a.is_view = true;
  a.elems = std::move(elems);
  return a;
}

// A large random failing case of sum: n = 100, every element nonzero, the view one element off.
Case large_sum_case() {
  Rng r(42);
  std::vector<uint64_t> xs(100);
  for (auto& x : xs) x = r.uniform(1, std::numeric_limits<uint64_t>::max());
  Case c;
  c.args = {scalar(100), view(xs)};
  c.offsets = {0, 1};
  c.why = "n = 100: random";
  return c;
}

Trial xs7(const Case& c) {
  const auto& xs = c.args[1].elems;
  EXPECT_EQ(xs.size(), c.args[0].bits);  // every trial keeps the view at its extent
  return c.args[0].bits >= 8 && xs.size() >= 8 && xs[7] != 0 ? Trial::Fails : Trial::Passes;
}

TEST(Shrink, TheSpecsExample) {
  unsigned calls = 0;
  Shrunk s = shrink(fn("sum"), large_sum_case(), Policy{}, 300, [&](const Case& c) {
    ++calls;
    return xs7(c);
  });
  EXPECT_EQ(s.c.args[0].bits, 8u);
  EXPECT_EQ(s.c.args[1].elems, (std::vector<uint64_t>{0, 0, 0, 0, 0, 0, 0, 1}));
  EXPECT_TRUE(s.c.offsets.empty());
  EXPECT_EQ(s.c.why, "n = 100: random");
  EXPECT_EQ(s.probes, calls);
  EXPECT_LE(s.probes, 300u);
}

TEST(Shrink, TheProbeBudgetIsNeverExceeded) {
  // A case that never fails again has about 400 trials in its first pass (100 elements toward zero).
  for (unsigned probes : {0u, 1u, 5u, 17u, 40u, 300u}) {
    unsigned calls = 0;
    Shrunk s = shrink(fn("sum"), large_sum_case(), Policy{}, probes, [&](const Case&) {
      ++calls;
      return Trial::Passes;
    });
    EXPECT_EQ(calls, probes);
    EXPECT_EQ(s.probes, probes);
    EXPECT_EQ(s.c.args[1].elems, large_sum_case().args[1].elems);
  }
  // One that always fails is done in two trials (n = 0, then aligned), and a third pass is not needed.
  Shrunk quick = shrink(fn("sum"), large_sum_case(), Policy{}, 300, [](const Case&) { return Trial::Fails; });
  EXPECT_EQ(quick.probes, 2u);
  EXPECT_EQ(quick.c.args[0].bits, 0u);
  EXPECT_TRUE(quick.c.args[1].elems.empty());
  Shrunk none = shrink(fn("sum"), large_sum_case(), Policy{}, 0, [](const Case&) { return Trial::Fails; });
  EXPECT_EQ(none.c.args[0].bits, 100u);
}

TEST(Shrink, ATimeoutIsNotKept) {
  Shrunk s = shrink(fn("sum"), large_sum_case(), Policy{}, 300, [](const Case&) { return Trial::TimedOut; });
  EXPECT_EQ(s.c.args[0].bits, 100u);
  EXPECT_EQ(s.c.args[1].elems, large_sum_case().args[1].elems);
  EXPECT_EQ(s.c.offsets, (std::vector<uint64_t>{0, 1}));
  // Below 50 every trial times out: the extent stops at 50 (tried from 100 as 0, 1, 2, 3, 50).
  Shrunk t = shrink(fn("sum"), large_sum_case(), Policy{}, 300,
                    [](const Case& c) { return c.args[0].bits < 50 ? Trial::TimedOut : Trial::Fails; });
  EXPECT_EQ(t.c.args[0].bits, 50u);
  EXPECT_EQ(t.c.args[1].elems, std::vector<uint64_t>(50, 0));
}

TEST(Shrink, TheDomainsLeastExtentBoundsTheCut) {
  Policy p;
  Range r;
  r.lo = 4, r.hi = 1000;
  p.extents["n"] = r;
  Shrunk s = shrink(fn("sum"), large_sum_case(), p, 300, [](const Case&) { return Trial::Fails; });
  EXPECT_EQ(s.c.args[0].bits, 4u);
  EXPECT_EQ(s.c.args[1].elems, std::vector<uint64_t>(4, 0));
}

TEST(Shrink, ViewElementsStayInsideTheDomain) {
  Policy p;
  Range r;
  r.lo = 3, r.hi = 9;
  p.values["xs"] = r;
  Case c;
  c.args = {scalar(2), view({9, 9})};
  Shrunk s = shrink(fn("signed_view"), c, p, 300, [](const Case&) { return Trial::Fails; });
  EXPECT_EQ(s.c.args[0].bits, 0u);  // the extent goes first: nothing is left to shrink in the view
  c.args = {scalar(2), view({9, 9})};
  s = shrink(fn("signed_view"), c, p, 300,
             [](const Case& t) { return t.args[0].bits == 2 ? Trial::Fails : Trial::Passes; });
  // 9: 0 and 1 are outside [3, 9], 9 / 2 = 4 is kept; 4: only 4 - 1 = 3 is inside.
  EXPECT_EQ(s.c.args[1].elems, (std::vector<uint64_t>{3, 3}));
}

TEST(Shrink, NegativeElementsMoveTowardZero) {
  Case c;
  c.args = {scalar(1), view({static_cast<uint64_t>(int64_t{-1000})})};
  // Fails while the element is at most -37: -1000, -500, -250, -125, -62, then one step at a time.
  Shrunk s = shrink(fn("signed_view"), c, Policy{}, 300, [](const Case& t) {
    return t.args[0].bits == 1 && static_cast<int64_t>(t.args[1].elems[0]) <= -37 ? Trial::Fails : Trial::Passes;
  });
  EXPECT_EQ(static_cast<int64_t>(s.c.args[1].elems[0]), -37);
}

TEST(Shrink, ScalarsTowardZero) {
  auto f64 = [](double d) { return std::bit_cast<uint64_t>(d); };
  auto f32 = [](float d) { return uint64_t{std::bit_cast<uint32_t>(d)}; };
  Case c;
  c.args = {scalar(static_cast<uint64_t>(int64_t{-1000})), scalar(uint64_t{1} << 40), scalar(f64(7.5)),
            scalar(f32(-5.5f)), scalar(1)};
  Shrunk s = shrink(fn("scalars"), c, Policy{}, 300, [&](const Case& t) {
    bool ok = static_cast<int64_t>(t.args[0].bits) < -36 && std::bit_cast<double>(t.args[2].bits) != 0.0 &&
              std::bit_cast<float>(static_cast<uint32_t>(t.args[3].bits)) < -2.0f;
    return ok ? Trial::Fails : Trial::Passes;
  });
  EXPECT_EQ(static_cast<int64_t>(s.c.args[0].bits), -37);
  EXPECT_EQ(s.c.args[1].bits, 0u);
  EXPECT_EQ(s.c.args[2].bits, f64(1.0));
  EXPECT_EQ(s.c.args[3].bits, f32(-5.0f));
  EXPECT_EQ(s.c.args[4].bits, 0u);  // bool: false
}

TEST(Shrink, AThrowingTrialEndsWithTheLastFailingCase) {
  unsigned calls = 0;
  Shrunk s = shrink(fn("sum"), large_sum_case(), Policy{}, 300, [&](const Case& c) {
    if (++calls == 8) throw std::runtime_error("the runner broke");
    return xs7(c);
  });
  EXPECT_EQ(calls, 8u);
  EXPECT_EQ(s.c.args[1].elems.size(), s.c.args[0].bits);
  EXPECT_EQ(xs7(s.c), Trial::Fails);
}

TEST(Shrink, ACaseThatDoesNotFitIsReturnedAsIs) {
  Case c;
  c.args = {scalar(3)};
  unsigned calls = 0;
  Shrunk s = shrink(fn("sum"), c, Policy{}, 300, [&](const Case&) {
    ++calls;
    return Trial::Fails;
  });
  EXPECT_EQ(calls, 0u);
  EXPECT_EQ(s.c.args.size(), 1u);
  c.args = {scalar(3), scalar(4)};  // a scalar where the view is
  s = shrink(fn("sum"), c, Policy{}, 300, [&](const Case&) {
    ++calls;
    return Trial::Fails;
  });
  EXPECT_EQ(calls, 0u);
}

}  // namespace
}  // namespace cairn::validate
