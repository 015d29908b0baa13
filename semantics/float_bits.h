// Float values and their bit patterns (the scalar encoding of ops.h): one definition for every file.
#pragma once
#include <bit>
#include <cstdint>

namespace cairn::sem {

inline float f32_of(uint64_t bits) { return std::bit_cast<float>(static_cast<uint32_t>(bits)); }
inline double f64_of(uint64_t bits) { return std::bit_cast<double>(bits); }
inline uint64_t bits_of(float f) { return std::bit_cast<uint32_t>(f); }
inline uint64_t bits_of(double d) { return std::bit_cast<uint64_t>(d); }

}  // namespace cairn::sem
