// Tiles of an implementation (validate/cases.h, tools.md §5.2): the condition's literals, the body's literal
// operands of * / %, an instance's naturals, the 2..2^20 window and the first reason found.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "front/driver/driver.h"
#include "validate/cases.h"
#include "../scratch_dir.h"

namespace cairn::validate {
namespace {

namespace fs = std::filesystem;

[[maybe_unused]] auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new test::ScratchCleanup("cairn_tiles_"));

const check::FnInfo* fn_named(const driver::CheckRun& run, const std::string& name) {
  if (!run.program) return nullptr;
  for (const check::FnInfo& f : run.program->fns)
    if (f.name == name) return &f;
  return nullptr;
}

const driver::CheckRun& example21() {
  static driver::CheckRun* run = new driver::CheckRun(
      driver::run((fs::path(CAIRN_SOURCE_DIR) / "examples" / "21_implementations.cairn").string()));
  return *run;
}

const char* kProgram = R"(// Tiles from a condition and a body.
fn g(n:usize, xs:ro<u64>[n]) -> u64 {
  let mut s:u64 = 0;
  for x in xs {
    s = add_wrap(s, x);
  }
  return s;
}
fn g_fast(n:usize, xs:ro<u64>[n]) -> u64 implements g when (n % 8 == 0 && n >= 16) || n == 1 {
  let mut s:u64 = 0;
  for i in 0..n / 1 {
    s = add_wrap(s, xs[i] * 3 % 2000000);
    s *= 5;
    s = s / (16);
  }
  return s;
}
fn g_nat[K:nat](n:usize, xs:ro<u64>[n]) -> u64 implements g when n >= 1 tune K in [3] {
  let mut s:u64 = 0;
  for i in 0..n {
    s = add_wrap(s, xs[i * K / K]);
  }
  return s;
}
)";

const driver::CheckRun& own() {
  static driver::CheckRun* run = [] {
    fs::path dir = test::scratch_dir("cairn_tiles_");
    fs::create_directories(dir);
    std::ofstream(dir / "tiles.cairn") << kProgram;
    return new driver::CheckRun(driver::run((dir / "tiles.cairn").string()));
  }();
  return *run;
}

TEST(Tiles, TotalBy2HasTheConditionsTwo) {
  ASSERT_EQ(example21().outcome, driver::Outcome::Typed);
  const check::FnInfo* f = fn_named(example21(), "total_by2");
  ASSERT_NE(f, nullptr);
  auto tiles = find_tiles(*f);
  ASSERT_EQ(tiles.size(), 1u);
  EXPECT_EQ(tiles.begin()->first, 2u);
  EXPECT_EQ(tiles.begin()->second, "the condition's % 2");  // found before the body's `n / 2` and `2 * i`
}

TEST(Tiles, AnInstancesNaturalCountsAsALiteral) {
  ASSERT_EQ(example21().outcome, driver::Outcome::Typed);
  const check::FnInfo* f = fn_named(example21(), "prefix_by[4]");
  ASSERT_NE(f, nullptr);
  auto tiles = find_tiles(*f);
  ASSERT_EQ(tiles.size(), 1u);
  EXPECT_EQ(tiles.begin()->first, 4u);
  EXPECT_EQ(tiles.begin()->second, "the condition's % K (the natural K = 4)");
  const check::FnInfo* f2 = fn_named(example21(), "prefix_by[2]");
  ASSERT_NE(f2, nullptr);
  EXPECT_EQ(find_tiles(*f2).count(2), 1u);
}

TEST(Tiles, ConditionLiteralsAndBodyOperandsInTheirWindow) {
  ASSERT_EQ(own().outcome, driver::Outcome::Typed);
  const check::FnInfo* f = fn_named(own(), "g_fast");
  ASSERT_NE(f, nullptr);
  auto tiles = find_tiles(*f);
  std::map<uint64_t, std::string> want = {
      {3, "a literal * 3 in the body"},
      {5, "a literal *= 5 in the body"},
      {8, "the condition's % 8"},
      {16, "the condition's >= 16"},  // the condition wins over the body's `/ (16)`
  };
  EXPECT_EQ(tiles, want);  // 0 and 1 are below 2; 2000000 is above 2^20
}

TEST(Tiles, ANaturalInTheBody) {
  ASSERT_EQ(own().outcome, driver::Outcome::Typed);
  const check::FnInfo* f = fn_named(own(), "g_nat[3]");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(find_tiles(*f), (std::map<uint64_t, std::string>{{3, "the natural K = 3"}}));
}

TEST(Tiles, AReferenceWithoutConditionOrOperandsHasNone) {
  ASSERT_EQ(own().outcome, driver::Outcome::Typed);
  const check::FnInfo* f = fn_named(own(), "g");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(find_tiles(*f).empty());
  check::FnInfo bare;  // no declaration at all
  EXPECT_TRUE(find_tiles(bare).empty());
}

}  // namespace
}  // namespace cairn::validate
