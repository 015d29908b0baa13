// The splitmix64 stream one program is generated from (tools.md §6.1), and the draws the generator makes on it.
#pragma once
#include <cstdint>
#include <vector>

namespace cairn::fuzz {

// One step of splitmix64: advances `state` and returns the next output.
uint64_t splitmix64(uint64_t& state);

class Rng {
 public:
  explicit Rng(uint64_t state) : state_(state) {}
  uint64_t next() { return splitmix64(state_); }
  // A draw in [0, n); n > 0.
  uint64_t below(uint64_t n) { return next() % n; }
  // True with the given percentage.
  bool chance(uint32_t percent) { return below(100) < percent; }
  // A draw in [lo, hi], both inclusive.
  int64_t range(int64_t lo, int64_t hi) { return lo + static_cast<int64_t>(below(static_cast<uint64_t>(hi - lo) + 1)); }
  template <class T>
  const T& pick(const std::vector<T>& v) { return v[below(v.size())]; }

 private:
  uint64_t state_;
};

}  // namespace cairn::fuzz
