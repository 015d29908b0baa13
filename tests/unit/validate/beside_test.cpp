// The thread beside the caller's in a validation (validate/session.h, Beside): made and ended many times, each
// time with jobs, it runs every job once and returns from wait only after the job. Its thread used to start in a
// member initialiser before the mutex, condition variable and flags it reads were made, which crashed (EINVAL from
// the condition variable), faulted or deadlocked a few runs in a hundred; under ThreadSanitizer (the sanitizer
// suite's thread stage) that order is also a reported race.
#include <gtest/gtest.h>

#include <atomic>

#include "validate/session.h"

namespace cairn::validate {
namespace {

TEST(Beside, MadeAndEndedManyTimesRunsEveryJobOnce) {
  std::atomic<uint64_t> ran{0};
  for (int round = 0; round < 5000; ++round) {
    Beside b;
    int jobs = round % 3;  // none, one or two jobs before the end
    for (int j = 0; j < jobs; ++j) {
      uint64_t before = ran.load();
      int local = 0;
      b.start([&] {
        local = j + 1;
        ran.fetch_add(1);
      });
      b.wait();
      ASSERT_EQ(local, j + 1);  // the job ended before wait returned
      ASSERT_EQ(ran.load(), before + 1);
    }
  }
  uint64_t want = 0;
  for (int round = 0; round < 5000; ++round) want += round % 3;
  EXPECT_EQ(ran.load(), want);
}

TEST(Beside, EndsWhileIdleRightAfterItStarts) {
  for (int round = 0; round < 5000; ++round) {
    Beside b;  // ended at once: its thread may not even be waiting yet
  }
  SUCCEED();
}

}  // namespace
}  // namespace cairn::validate
