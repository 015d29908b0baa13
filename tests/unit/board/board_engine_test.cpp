// The freestanding profile the differential runners consult (targets/board_profile.h): its verdict and message.
// (The board engine's builds and runs are tested through cairn fuzz: tests/unit/fuzz/qemu_engine_test.cpp.)
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "front/driver/driver.h"
#include "targets/board_profile.h"
#include "targets/board_run.h"
#include "../scratch_dir.h"

namespace cairn::targets {
namespace {

namespace fs = std::filesystem;

fs::path scratch() { return test::scratch_dir("cairn_board_"); }
[[maybe_unused]] auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new test::ScratchCleanup("cairn_board_"));

driver::CheckRun checked(const std::string& name, const std::string& text) {
  fs::create_directories(scratch());
  fs::path p = scratch() / name;
  std::ofstream(p) << text;
  return driver::run_here(p.string(), driver::Stop::Full, "aarch64-virt");
}

TEST(BoardProfile, NamesTheFirstFunctionInSourceOrderAndItsFirstLabel) {
  driver::CheckRun ok = checked("ok.cairn", "fn main() -> i32 {\n  println(\"x\");\n  return 0;\n}\n");
  ASSERT_EQ(ok.outcome, driver::Outcome::Typed);
  EXPECT_TRUE(board_profile_accepts(*ok.program));
  driver::CheckRun two = checked("two.cairn",
                                 "fn one() -> i32 = 1;\n"
                                 "fn calls() -> i32 {\n  let f = one;\n  return f();\n}\n"
                                 "fn fill(n:usize) -> u64 {\n  let b = Buf[u64](n);\n  return b[0];\n}\n"
                                 "fn unused(n:usize) -> u64 {\n  let b = Buf[u64](n);\n  return b[0];\n}\n"
                                 "fn main() -> i32 {\n  let v = fill(2);\n  let w = calls();\n  return w;\n}\n");
  ASSERT_EQ(two.outcome, driver::Outcome::Typed) << (two.refusal ? two.refusal->first.message : "");
  EXPECT_EQ(board_profile_refusal(*two.program),
            "A freestanding target has no hosted runtime: calls has effect 'indirect_call'.");
}

}  // namespace
}  // namespace cairn::targets
