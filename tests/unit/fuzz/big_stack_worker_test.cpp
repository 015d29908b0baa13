// The libFuzzer targets' big-stack thread (front/driver/big_stack_worker.h, on_big_stack): one thread, made once,
// runs every job on a stack of the size asked for; a job it runs may hand on another, which runs in place; and
// the interpreter's run_entry, called there, gives what it gives on its own thread.
#include <gtest/gtest.h>
#include <pthread.h>

#include <string_view>

#include "front/driver/big_stack_worker.h"
#include "front/driver/fuzz_harness.h"
#include "semantics/embed.h"

namespace cairn::fuzzing {
namespace {

size_t stack_bytes_here() {
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) != 0) return 0;
  void* low = nullptr;
  size_t size = 0;
  (void)pthread_attr_getstack(&attr, &low, &size);
  pthread_attr_destroy(&attr);
  return size;
}

TEST(BigStackWorker, OneThreadWithTheStackRunsEveryJob) {
  BigStackWorker worker(size_t{64} << 20);
  ASSERT_TRUE(worker.started());
  pthread_t first{}, second{}, nested{};
  size_t bytes = 0;
  worker.run([&] {
    first = pthread_self();
    bytes = stack_bytes_here();
  });
  worker.run([&] {
    second = pthread_self();
    worker.run([&] { nested = pthread_self(); });  // handed on from the worker: runs in place
  });
  EXPECT_FALSE(pthread_equal(first, pthread_self()));
  EXPECT_TRUE(pthread_equal(first, second));
  EXPECT_TRUE(pthread_equal(first, nested));
  EXPECT_GE(bytes, size_t{64} << 20);
}

// main's exit status through run_entry on the caller's thread (which makes its own 1 GiB thread) and on the
// harness's thread (where it runs in place): the same for a return, a trap and the call-depth limit.
int status_of(std::string_view text, bool on_worker) {
  std::unique_ptr<FrontRun> r;
  on_big_stack([&] { r = front_run(text, true); });
  EXPECT_TRUE(r && r->program) << text;
  if (!r || !r->program) return -1;
  auto engine = sem::Engine::compile(*r->program, r->sources);
  sem::Limits limits;
  limits.max_call_depth = 2000;
  limits.max_steps = 200000;
  int status = -1;
  auto run = [&] { status = engine->run_entry(*engine->find("main"), limits, -1); };
  if (on_worker) on_big_stack(run);
  else run();
  return status;
}

TEST(BigStackWorker, RunEntryInPlaceGivesWhatItsOwnThreadGives) {
  const char* programs[] = {
      "fn main() -> i32 {\n  return 7;\n}\n",
      "fn main() -> i32 {\n  let x:u8 = 200;\n  let y:u8 = x + x;\n  return i32(y);\n}\n",
      "fn down(n:u64) -> u64 {\n  return down(n + 1);\n}\nfn main() -> i32 {\n  return i32(down(0));\n}\n",
      "fn main() -> i32 {\n  let mut x:u64 = 1;\n  while x != 0 { x = add_wrap(x, 2); }\n  return 0;\n}\n",
  };
  const int expected[] = {7, 134, 134, sem::kOutOfStepsStatus};
  for (size_t i = 0; i < std::size(programs); ++i) {
    EXPECT_EQ(status_of(programs[i], false), expected[i]) << programs[i];
    EXPECT_EQ(status_of(programs[i], true), expected[i]) << programs[i];
  }
}

}  // namespace
}  // namespace cairn::fuzzing
