// A fixed number of threads taking tasks 0..n-1 in turn (builds and runs of a batch), and the tokens that bound how
// many such tasks run at once across the batches a campaign keeps in flight.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

namespace cairn::fuzz {

// `count` tokens; a task holds one while it runs. When several wait, the lowest `rank` (the oldest batch) is served
// first, so a batch in flight finishes before a newer one takes the machine.
class TokenPool {
 public:
  explicit TokenPool(unsigned count) : free_(count ? count : 1) {}
  void acquire(uint64_t rank) {
    std::unique_lock<std::mutex> lock(m_);
    auto me = waiting_.insert(rank);
    cv_.wait(lock, [&] { return free_ > 0 && *waiting_.begin() == rank; });
    waiting_.erase(me);
    --free_;
    if (free_ > 0) cv_.notify_all();
  }
  size_t waiting() {  // how many wait now (the tests watch the queue)
    std::lock_guard<std::mutex> lock(m_);
    return waiting_.size();
  }
  void release() {
    {
      std::lock_guard<std::mutex> lock(m_);
      ++free_;
    }
    cv_.notify_all();
  }

 private:
  std::mutex m_;
  std::condition_variable cv_;
  unsigned free_;
  std::multiset<uint64_t> waiting_;
};

// Runs task(0..n-1) on up to `jobs` threads; with a pool, each task holds one of its tokens (ranked `rank`) while
// it runs.
inline void parallel_for(size_t n, unsigned jobs, const std::function<void(size_t)>& task, TokenPool* pool = nullptr,
                         uint64_t rank = 0) {
  struct Hold {
    TokenPool* pool;
    ~Hold() {
      if (pool) pool->release();
    }
  };
  auto one = [&](size_t i) {
    if (pool) pool->acquire(rank);
    Hold hold{pool};
    task(i);
  };
  if (jobs <= 1 || n <= 1) {
    for (size_t i = 0; i < n; ++i) one(i);
    return;
  }
  std::atomic<size_t> next{0};
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < jobs && t < n; ++t)
    threads.emplace_back([&] {
      for (size_t i = next++; i < n; i = next++) one(i);
    });
  for (std::thread& t : threads) t.join();
}

}  // namespace cairn::fuzz
