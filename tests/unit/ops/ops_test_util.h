// Helpers shared by the operator tests: bit encodings of test values (as in core/ops.h).
#pragma once
#include <cstdint>
#include <cstring>

#include "core/ops.h"

namespace cairn::sem::test {

using check::Scalar;
using check::TrapKind;

inline uint64_t F32(float f) {
  uint32_t b;
  std::memcpy(&b, &f, sizeof b);
  return b;
}
inline uint64_t F64(double d) {
  uint64_t b;
  std::memcpy(&b, &d, sizeof b);
  return b;
}
inline uint64_t I(int64_t v) { return static_cast<uint64_t>(v); }
inline float as_f32(uint64_t b) {
  uint32_t u = static_cast<uint32_t>(b);
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}
inline double as_f64(uint64_t b) {
  double d;
  std::memcpy(&d, &b, sizeof d);
  return d;
}
constexpr uint64_t kNaN32 = 0x7FC00000u;
constexpr uint64_t kNaN64 = 0x7FF8000000000000ull;

}  // namespace cairn::sem::test
