// The tokens two batches in flight share: the oldest batch is served first, and --jobs bounds the tasks at once.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "fuzz/run/parallel.h"

namespace cairn::fuzz {
namespace {

TEST(FuzzTokens, TheLowestRankWaitingIsServedFirst) {
  TokenPool pool(1);
  pool.acquire(0);
  std::mutex m;
  std::vector<uint64_t> order;
  auto waiter = [&](uint64_t rank) {
    pool.acquire(rank);
    {
      std::lock_guard<std::mutex> lock(m);
      order.push_back(rank);
    }
    pool.release();
  };
  std::thread late(waiter, 7);
  while (pool.waiting() < 1) std::this_thread::yield();
  std::thread early(waiter, 2);
  while (pool.waiting() < 2) std::this_thread::yield();
  pool.release();
  late.join();
  early.join();
  EXPECT_EQ(order, (std::vector<uint64_t>{2, 7}));
}

TEST(FuzzTokens, TwoParallelLoopsNeverRunMoreTasksThanTokens) {
  TokenPool pool(2);
  std::atomic<int> running{0}, most{0}, done{0};
  auto task = [&](size_t) {
    int now = ++running;
    for (int seen = most.load(); now > seen && !most.compare_exchange_weak(seen, now);) {
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    --running;
    ++done;
  };
  std::thread first([&] { parallel_for(20, 3, task, &pool, 0); });
  std::thread second([&] { parallel_for(20, 3, task, &pool, 1); });
  first.join();
  second.join();
  EXPECT_EQ(done.load(), 40);
  EXPECT_LE(most.load(), 2);
  EXPECT_GE(most.load(), 1);
}

TEST(FuzzTokens, ATaskThatThrowsGivesItsTokenBack) {
  TokenPool pool(1);
  EXPECT_THROW(parallel_for(1, 1, [](size_t) { throw std::runtime_error("task"); }, &pool, 0), std::runtime_error);
  std::atomic<int> ran{0};
  parallel_for(3, 1, [&](size_t) { ++ran; }, &pool, 0);
  EXPECT_EQ(ran.load(), 3);
}

}  // namespace
}  // namespace cairn::fuzz
