// Batch sizes under --seconds (fuzz/run/campaign.h timed_batch_size): full batches while they fit, none smaller
// than a quarter of a full one after the first, none past the deadline.
#include <gtest/gtest.h>

#include "fuzz/run/campaign.h"

namespace cairn::fuzz {
namespace {

BatchPace pace(double remaining_s, size_t judged, double elapsed_s, size_t in_flight, bool first = false) {
  BatchPace p;
  p.remaining_s = remaining_s;
  p.judged = judged;
  p.elapsed_s = elapsed_s;
  p.in_flight = in_flight;
  p.first = first;
  p.full = 100;
  return p;
}

TEST(FuzzBatchPace, TheFirstTwoBatchesOfAMinuteAreFull) {
  EXPECT_EQ(timed_batch_size(pace(60, 0, 0, 0, true)), 100u);  // 4 a second guessed: 240 fit
  EXPECT_EQ(timed_batch_size(pace(59, 0, 1, 100)), 100u);      // 236 less the 100 in flight
}

TEST(FuzzBatchPace, AShortRunStartsOneSmallBatchThenWaitsForItsPace) {
  EXPECT_EQ(timed_batch_size(pace(5, 0, 0, 0, true)), 20u);
  EXPECT_EQ(timed_batch_size(pace(5, 0, 0.2, 20)), 0u);  // nothing else fits yet: judge the first one
  EXPECT_EQ(timed_batch_size(pace(0.5, 0, 0, 0, true)), 2u);
  EXPECT_EQ(timed_batch_size(pace(-1, 0, 0, 0, true)), 1u);  // the first batch always starts
}

TEST(FuzzBatchPace, TheMeasuredPaceSizesTheRest) {
  // 8 a second so far: 20 s left hold 160, less 100 in flight.
  EXPECT_EQ(timed_batch_size(pace(20, 320, 40, 100)), 60u);
  EXPECT_EQ(timed_batch_size(pace(40, 160, 20, 100)), 100u);  // 220 fit: at most a full batch
}

TEST(FuzzBatchPace, LessThanAQuarterOfABatchStartsNothing) {
  EXPECT_EQ(timed_batch_size(pace(15, 320, 40, 100)), 0u);  // 20 fit
  EXPECT_EQ(timed_batch_size(pace(3.2, 320, 40, 0)), 25u);  // a quarter fits
  EXPECT_EQ(timed_batch_size(pace(3.0, 320, 40, 0)), 0u);
  EXPECT_EQ(timed_batch_size(pace(-2, 320, 40, 0)), 0u);    // past the deadline
}

TEST(FuzzBatchPace, AnEmptyFullBatchStartsNothing) {
  BatchPace p = pace(60, 0, 0, 0, true);
  p.full = 0;
  EXPECT_EQ(timed_batch_size(p), 0u);
  p.first = false;
  EXPECT_EQ(timed_batch_size(p), 0u);
}

}  // namespace
}  // namespace cairn::fuzz
