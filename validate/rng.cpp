// splitmix64 and its two draws (tools.md §5.2): integers by rejection, floats from a 53-bit fraction.
#include <limits>

#include "validate/cases.h"

namespace cairn::validate {

uint64_t Rng::next() {
  state_ += 0x9E3779B97F4A7C15ull;
  uint64_t z = state_;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// Rejects the top 2^64 mod n outputs, so every residue is equally likely; the full range takes one output as is.
// An empty range (lo > hi) gives lo without drawing.
uint64_t Rng::uniform(uint64_t lo, uint64_t hi) {
  if (lo > hi) return lo;
  uint64_t span = hi - lo;
  if (span == std::numeric_limits<uint64_t>::max()) return next();
  uint64_t n = span + 1;
  uint64_t rem = (std::numeric_limits<uint64_t>::max() % n + 1) % n;  // 2^64 mod n
  uint64_t limit = std::numeric_limits<uint64_t>::max() - rem;          // accept x <= limit
  uint64_t x = next();
  while (x > limit) x = next();
  return lo + x % n;
}

double Rng::uniform_real(double a, double b) {
  double u = static_cast<double>(next() >> 11) * 0x1p-53;
  return a + u * (b - a);
}

}  // namespace cairn::validate
