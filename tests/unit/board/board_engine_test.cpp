// The board engine API the differential runners use (targets/board_run.h, board_profile.h): the profile's
// verdict and message, a build and run under QEMU returning stdout, status and trap report like the host
// runners, and its scratch directory removed. Skipped when the cross compiler or QEMU is absent.
#include <gtest/gtest.h>

#include <cstdlib>
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

TEST(BoardEngine, RunsLikeTheHostEnginesAndCleansUp) {
  std::string why = board_engine_unavailable("aarch64-virt");
  if (!why.empty()) GTEST_SKIP() << why;
  EXPECT_NE(board_engine_unavailable("riscv-virt"), "");
  driver::CheckRun run = checked("trap.cairn",
                                 "fn at(n:usize, xs:ro<u64>[n], i:usize) -> u64 = xs[i];\n"
                                 "fn main() -> i32 {\n  let w = Array[u64, 4]();\n  print(\"a \", 1.5);\n"
                                 "  let v = at(w, 4);\n  println(v);\n  return 0;\n}\n");
  ASSERT_EQ(run.outcome, driver::Outcome::Typed);
  fs::path tmp = scratch() / "tmp";  // the engine's scratch goes under TMPDIR: a private one, empty again after
  fs::create_directories(tmp);
  std::string old_tmp = std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "";
  setenv("TMPDIR", tmp.c_str(), 1);
  BoardOutcome o = board_engine_run(run, "aarch64-virt", 30);
  old_tmp.empty() ? unsetenv("TMPDIR") : setenv("TMPDIR", old_tmp.c_str(), 1);
  bool emptied = fs::is_empty(tmp);
  ASSERT_EQ(o.status, BoardOutcome::Status::Ran) << o.message;
  EXPECT_EQ(o.run.process.status, 134);
  EXPECT_EQ(o.run.process.out, "a 1.5");
  EXPECT_TRUE(o.run.trapped());
  EXPECT_EQ(o.run.trap_what(), "bounds at " + (scratch() / "trap.cairn").string() + ":1");
  EXPECT_GT(o.size.text, 0u);
  EXPECT_TRUE(emptied);  // the scratch build directory is gone

  driver::CheckRun refused = checked("alloc.cairn",
                                     "fn main() -> i32 {\n  let b = Buf[u8](3);\n  return i32(b[0]);\n}\n");
  ASSERT_EQ(refused.outcome, driver::Outcome::Typed);
  BoardOutcome r = board_engine_run(refused, "aarch64-virt", 30);
  EXPECT_EQ(r.status, BoardOutcome::Status::Refused);
  EXPECT_EQ(r.message, "A freestanding target has no hosted runtime: main has effect 'alloc'.");
}

}  // namespace
}  // namespace cairn::targets
