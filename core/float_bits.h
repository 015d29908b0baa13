// Float values and their bit patterns (the scalar encoding of ops.h): one definition for every file.
#pragma once
#include <bit>
#include <cstdint>

#include "core/scalar.h"

namespace cairn::sem {

inline float f32_of(uint64_t bits) { return std::bit_cast<float>(static_cast<uint32_t>(bits)); }
inline double f64_of(uint64_t bits) { return std::bit_cast<double>(bits); }
inline uint64_t bits_of(float f) { return std::bit_cast<uint32_t>(f); }
inline uint64_t bits_of(double d) { return std::bit_cast<uint64_t>(d); }
// Whether `b` is a NaN of float type t (false for every other scalar).
inline bool is_nan_bits(check::Scalar t, uint64_t b) {
  if (t == check::Scalar::F32) return (b & 0x7F800000u) == 0x7F800000u && (b & 0x7FFFFFu) != 0;
  if (t == check::Scalar::F64)
    return (b & 0x7FF0000000000000ull) == 0x7FF0000000000000ull && (b & 0xFFFFFFFFFFFFFull) != 0;
  return false;
}

}  // namespace cairn::sem
