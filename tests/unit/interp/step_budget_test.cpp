// Limits::max_steps: a loop or a recursion that would run on stops cleanly (Engine::out_of_steps), through
// call and run_entry, compiled and walked alike; without a budget the same engine runs to the end.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "front/driver/driver.h"
#include "semantics/embed.h"

namespace {

const char* kSpin = R"(fn spin(n:u64) -> u64 {
  let mut k:u64 = 0;
  while k < n { k += 1; }
  return k;
}
fn upto(n:usize) -> u64 {
  let mut s:u64 = 0;
  for i in 0..n { s = add_wrap(s, u64(i)); }
  return s;
}
fn fib(n:u64) -> u64 {
  if n < 2 { return n; }
  return fib(n - 1) + fib(n - 2);
}
fn main() -> i32 {
  let mut x:u64 = 1;
  while x != 0 { x = add_wrap(x, 2); }
  return 0;
}
)";

struct Loaded {
  cairn::driver::CheckRun run;
  std::unique_ptr<cairn::sem::Engine> engine;
};

std::unique_ptr<Loaded> load() {
  auto dir = std::filesystem::temp_directory_path() / ("cairn_steps_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  auto path = dir / "spin.cairn";
  std::ofstream(path) << kSpin;
  auto l = std::make_unique<Loaded>();
  l->run = cairn::driver::run(path.string());
  std::filesystem::remove_all(dir);
  if (l->run.outcome != cairn::driver::Outcome::Typed) {
    ADD_FAILURE() << (l->run.refusal ? l->run.refusal->first.message : "no program");
    return nullptr;
  }
  l->engine = cairn::sem::Engine::compile(*l->run.program, l->run.sources);
  return l;
}

cairn::sem::CallOutcome call(cairn::sem::Engine& e, const char* fn, uint64_t n, uint64_t steps) {
  std::vector<cairn::sem::ArgValue> args(1);
  args[0].bits = n;
  cairn::sem::Limits limits;
  limits.max_steps = steps;
  return e.call(*e.find(fn), args, limits);
}

TEST(StepBudget, LoopsAndCallsStopCleanly) {
  auto l = load();
  ASSERT_TRUE(l);
  cairn::sem::Engine& e = *l->engine;
  for (const char* fn : {"spin", "upto", "fib"}) {
    cairn::sem::CallOutcome stopped = call(e, fn, 1000000, 1000);
    EXPECT_FALSE(stopped.defined) << fn;
    EXPECT_TRUE(e.out_of_steps()) << fn;
    cairn::sem::CallOutcome fine = call(e, fn, 20, 0);  // no budget
    EXPECT_TRUE(fine.defined) << fn;
    EXPECT_FALSE(e.out_of_steps()) << fn;
  }
  EXPECT_EQ(*call(e, "spin", 500, 1000).ret, 500u);  // within the budget: the same result
  cairn::sem::Limits limits;
  limits.max_steps = 100000;
  EXPECT_EQ(e.run_entry(*e.find("main"), limits, -1), cairn::sem::kOutOfStepsStatus);
  EXPECT_TRUE(e.out_of_steps());
}

}  // namespace
