// A deep recursion through the embedding API stops with the trap `stack` whatever the caller's thread stack,
// never by overflowing it (issue: Engine::call runs on the caller's stack).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "front/driver/driver.h"
#include "semantics/embed.h"
#include "tests/unit/interp/interp_test_support.h"

namespace {

const char* kDeep = R"(fn deep(n:u64) -> u64 {
  if n == 0 { return 0; }
  return deep(n - 1) + 1;
}
fn main() -> i32 { return 0; }
)";

// Runs deep(n) through the embedding API on a thread whose stack is `stack_bytes`.
cairn::sem::CallOutcome on_thread(cairn::sem::Engine& engine, uint64_t n, size_t stack_bytes) {
  cairn::sem::CallOutcome out;
  cairn::test::on_thread_stack([&] {
    std::vector<cairn::sem::ArgValue> args(1);
    args[0].bits = n;
    cairn::sem::Limits limits;  // max_call_depth 10,000: more than 256 KiB of C stack can hold
    out = engine.call(*engine.find("deep"), args, limits);
  }, stack_bytes);
  return out;
}

TEST(StackFloor, DeepRecursionOnASmallThreadStackTrapsStack) {
  auto dir = std::filesystem::temp_directory_path() / ("cairn_stack_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  auto path = dir / "deep.cairn";
  std::ofstream(path) << kDeep;
  auto run = cairn::driver::run(path.string());
  ASSERT_EQ(run.outcome, cairn::driver::Outcome::Typed);
  auto engine = cairn::sem::Engine::compile(*run.program, run.sources);

  auto shallow = on_thread(*engine, 50, size_t{256} << 10);
  ASSERT_TRUE(shallow.defined);
  EXPECT_EQ(*shallow.ret, 50u);

  auto deep = on_thread(*engine, 9999, size_t{256} << 10);
  EXPECT_FALSE(deep.defined);
  EXPECT_EQ(deep.trap, cairn::check::TrapKind::Stack);

  // the same engine still calls normally afterwards, on a thread with room for the whole depth
  auto roomy = on_thread(*engine, 9999, size_t{256} << 20);
  ASSERT_TRUE(roomy.defined);
  EXPECT_EQ(*roomy.ret, 9999u);
  std::filesystem::remove_all(dir);
}

}  // namespace
