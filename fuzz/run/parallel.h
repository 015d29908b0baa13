// A fixed number of threads taking tasks 0..n-1 in turn (builds and runs of a batch).
#pragma once
#include <atomic>
#include <functional>
#include <thread>
#include <vector>

namespace cairn::fuzz {

inline void parallel_for(size_t n, unsigned jobs, const std::function<void(size_t)>& task) {
  if (jobs <= 1 || n <= 1) {
    for (size_t i = 0; i < n; ++i) task(i);
    return;
  }
  std::atomic<size_t> next{0};
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < jobs && t < n; ++t)
    threads.emplace_back([&] {
      for (size_t i = next++; i < n; i = next++) task(i);
    });
  for (std::thread& t : threads) t.join();
}

}  // namespace cairn::fuzz
