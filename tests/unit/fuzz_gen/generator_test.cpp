// The program generator of cairn fuzz (tools.md §6.1): deterministic, every program accepted by the checker,
// every construct covered, and a sample run in the interpreter finishing as generated (intended traps trap).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "front/driver/driver.h"
#include "fuzz/gen/generate.h"
#include "targets/process.h"
#include "targets/program_run.h"
#include "tests/unit/scratch_dir.h"

namespace {

using cairn::fuzz::Construct;
using cairn::fuzz::Generated;

constexpr uint64_t kPrograms = 10000;  // programs checked: seeds 0 .. kPrograms - 1, index 0 each
constexpr uint64_t kRunSample = 300;   // of those, run in the interpreter (CAIRN_FUZZ_GEN_RUN_SAMPLE overrides)

uint64_t run_sample() {
  const char* v = std::getenv("CAIRN_FUZZ_GEN_RUN_SAMPLE");
  uint64_t n = v ? std::strtoull(v, nullptr, 10) : kRunSample;
  return n == 0 || n > kPrograms ? kRunSample : n;
}

const ::testing::Environment* const kCleanup =
    ::testing::AddGlobalTestEnvironment(new cairn::test::ScratchCleanup("cairn_fuzz_gen_"));

std::string write_program(const Generated& g, uint64_t n) {
  auto dir = cairn::test::scratch_dir("cairn_fuzz_gen_");
  std::filesystem::create_directories(dir);
  std::string path = (dir / ("p" + std::to_string(n) + ".cairn")).string();
  std::ofstream(path) << g.text;
  return path;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// The programs of the checked batch, generated once.
const std::vector<Generated>& batch() {
  static const std::vector<Generated> programs = [] {
    std::vector<Generated> v;
    v.reserve(kPrograms);
    for (uint64_t s = 0; s < kPrograms; ++s) v.push_back(cairn::fuzz::generate(s, 0));
    return v;
  }();
  return programs;
}

uint64_t splitmix(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

TEST(FuzzGen, ProgramSeedIsTheIndexthOutputOfSplitmix) {
  uint64_t state = 9127;
  for (uint64_t i = 0; i < 50; ++i) EXPECT_EQ(cairn::fuzz::program_seed(9127, i), splitmix(state)) << i;
}

TEST(FuzzGen, SameSeedAndIndexGiveTheSameProgram) {
  for (uint64_t i = 0; i < 200; ++i) {
    Generated a = cairn::fuzz::generate(42, i);
    Generated b = cairn::fuzz::generate(42, i);
    EXPECT_EQ(a.text, b.text) << i;
    EXPECT_EQ(a.constructs, b.constructs) << i;
    EXPECT_EQ(a.intended_trap, b.intended_trap) << i;
  }
}

TEST(FuzzGen, AProgramDoesNotDependOnTheOthersGenerated) {
  // Program 7 alone, then after generating the programs before it, then out of order: the same text.
  std::string alone = cairn::fuzz::generate(5, 7).text;
  for (uint64_t i = 0; i < 7; ++i) (void)cairn::fuzz::generate(5, i);
  EXPECT_EQ(cairn::fuzz::generate(5, 7).text, alone);
  (void)cairn::fuzz::generate(6, 7);
  EXPECT_EQ(cairn::fuzz::generate(5, 7).text, alone);
  EXPECT_NE(cairn::fuzz::generate(5, 8).text, alone);
  EXPECT_NE(cairn::fuzz::generate(6, 7).text, alone);
}

TEST(FuzzGen, ConstructsAreListedOnceInEnumOrder) {
  for (uint64_t i = 0; i < 100; ++i) {
    Generated g = cairn::fuzz::generate(1, i);
    for (size_t k = 1; k < g.constructs.size(); ++k) EXPECT_LT(g.constructs[k - 1], g.constructs[k]) << i;
  }
}

// The release stage checks all ten thousand; the sanitizer stage, where checking is several times slower, the first
// two thousand (scripts/test runs both).
uint64_t checked_seeds() { return cairn::targets::sanitized_build() ? 2000 : kPrograms; }

TEST(FuzzGen, EveryProgramOfTenThousandSeedsIsAccepted) {
  auto t0 = std::chrono::steady_clock::now();
  size_t refused = 0, lines = 0;
  const uint64_t seeds = checked_seeds();
  for (uint64_t s = 0; s < seeds; ++s) {
    const Generated& g = batch()[s];
    lines += static_cast<size_t>(std::count(g.text.begin(), g.text.end(), '\n'));
    std::string path = write_program(g, s % 16);
    cairn::driver::CheckRun run = cairn::driver::run_here(path);
    if (run.outcome != cairn::driver::Outcome::Typed) {
      if (++refused <= 5) {
        std::string why = run.refusal ? std::string(cairn::code_name(run.refusal->first.code)) + " line " +
                                            std::to_string(run.refusal->first.line) + ": " + run.refusal->first.message
                                      : "?";
        ADD_FAILURE() << "seed " << s << " index 0 refused: " << why << "\n" << g.text;
      }
    }
  }
  double secs = seconds_since(t0);
  EXPECT_EQ(refused, 0u);
  std::printf("checked %llu programs (%zu lines, %.1f per program) in %.1f s\n",
              static_cast<unsigned long long>(seeds), lines, static_cast<double>(lines) / static_cast<double>(seeds), secs);
}

TEST(FuzzGen, EveryConstructAppearsAndTheCoverageTableIsWritten) {
  std::map<Construct, size_t> count;
  size_t traps = 0;
  for (const Generated& g : batch()) {
    for (Construct c : g.constructs) ++count[c];
    traps += g.intended_trap ? 1 : 0;
  }
  std::printf("%-18s | programs (of %llu)\n", "construct", static_cast<unsigned long long>(kPrograms));
  for (Construct c : cairn::fuzz::all_constructs()) {
    std::printf("%-18s | %zu\n", std::string(cairn::fuzz::construct_name(c)).c_str(), count[c]);
    EXPECT_GT(count[c], 0u) << cairn::fuzz::construct_name(c);
  }
  std::printf("intended traps: %zu\n", traps);
  // About one in ten (tools.md §6.1).
  EXPECT_GT(traps, kPrograms / 20);
  EXPECT_LT(traps, kPrograms / 5);
}

TEST(FuzzGen, ASampleRunsInTheInterpreterAndTrapsExactlyWhenIntended) {
  auto t0 = std::chrono::steady_clock::now();
  cairn::targets::RunLimits limits;
  limits.timeout_s = 10;
  size_t trapped = 0;
  uint64_t sample = run_sample();
  for (uint64_t s = 0; s < sample; ++s) {
    const Generated& g = batch()[s];
    std::string path = write_program(g, s % 16);
    cairn::driver::CheckRun run = cairn::driver::run_here(path);
    ASSERT_EQ(run.outcome, cairn::driver::Outcome::Typed) << s;
    cairn::targets::ProgramRun pr = cairn::targets::run_interpreted(run, limits, true);
    ASSERT_TRUE(pr.process.started) << pr.process.error;
    EXPECT_FALSE(pr.process.timed_out) << "seed " << s;
    EXPECT_EQ(pr.trapped(), g.intended_trap) << "seed " << s << ": status " << pr.process.status << " "
                                             << pr.trap_report << "\n" << g.text;
    if (!g.intended_trap) {
      EXPECT_EQ(pr.process.signal, 0) << "seed " << s;
      EXPECT_NE(pr.process.status, 134) << "seed " << s;
    }
    EXPECT_NE(pr.process.out.find("ck "), std::string::npos) << "seed " << s << ": the checksum line is missing";
    trapped += pr.trapped() ? 1 : 0;
  }
  std::printf("ran %llu programs in the interpreter (%zu trapped as intended) in %.1f s\n",
              static_cast<unsigned long long>(sample), trapped, seconds_since(t0));
}

}  // namespace
