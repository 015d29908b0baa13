// The concrete domain's primitives: native integer and IEEE operations, one rounding each.
#include "core/domain_concrete.h"
#include "core/float_bits.h"

#include <cmath>
#include <cstring>

// Each float operation is one statement in its own width: nothing may contract into an FMA.
#ifdef __clang__
#pragma STDC FP_CONTRACT OFF
#endif

namespace cairn::sem {

namespace {

using check::Scalar;

bool is_f32(Scalar t) { return t == Scalar::F32; }
bool is_signed_int(Scalar t) { return check::scalar_is_int(t) && check::scalar_is_signed(t); }
float as_f32(uint64_t bits) { return f32_of(bits); }
double as_f64(uint64_t bits) { return f64_of(bits); }
}  // namespace

uint64_t ConcreteDomain::fadd(Scalar t, Val a, Val b) const {
  if (is_f32(t)) {
    volatile float r = as_f32(a) + as_f32(b);
    return bits_of(static_cast<float>(r));
  }
  volatile double r = as_f64(a) + as_f64(b);
  return bits_of(static_cast<double>(r));
}
uint64_t ConcreteDomain::fsub(Scalar t, Val a, Val b) const {
  if (is_f32(t)) {
    volatile float r = as_f32(a) - as_f32(b);
    return bits_of(static_cast<float>(r));
  }
  volatile double r = as_f64(a) - as_f64(b);
  return bits_of(static_cast<double>(r));
}
uint64_t ConcreteDomain::fmul(Scalar t, Val a, Val b) const {
  if (is_f32(t)) {
    volatile float r = as_f32(a) * as_f32(b);
    return bits_of(static_cast<float>(r));
  }
  volatile double r = as_f64(a) * as_f64(b);
  return bits_of(static_cast<double>(r));
}
uint64_t ConcreteDomain::fdiv(Scalar t, Val a, Val b) const {
  if (is_f32(t)) {
    volatile float r = as_f32(a) / as_f32(b);
    return bits_of(static_cast<float>(r));
  }
  volatile double r = as_f64(a) / as_f64(b);
  return bits_of(static_cast<double>(r));
}
uint64_t ConcreteDomain::fsqrt(Scalar t, Val a) const {
  if (is_f32(t)) return bits_of(std::sqrt(as_f32(a)));
  return bits_of(std::sqrt(as_f64(a)));
}
uint64_t ConcreteDomain::fround(Scalar t, Val a, rules::Round mode) const {
  if (is_f32(t)) {
    float x = as_f32(a);
    switch (mode) {
      case rules::Round::Down: return bits_of(std::floor(x));
      case rules::Round::Up: return bits_of(std::ceil(x));
      case rules::Round::TowardZero: return bits_of(std::trunc(x));
    }
  }
  double x = as_f64(a);
  switch (mode) {
    case rules::Round::Down: return bits_of(std::floor(x));
    case rules::Round::Up: return bits_of(std::ceil(x));
    case rules::Round::TowardZero: return bits_of(std::trunc(x));
  }
  return a;
}
bool ConcreteDomain::is_nan(Scalar t, Val a) const {
  return is_f32(t) ? std::isnan(as_f32(a)) : std::isnan(as_f64(a));
}

// One rounding, straight from the integer (never through f64 for an f32 target).
uint64_t ConcreteDomain::int_to_float(Scalar from, Scalar to, Val a) const {
  bool s = is_signed_int(from);
  if (is_f32(to)) return bits_of(s ? static_cast<float>(static_cast<int64_t>(a)) : static_cast<float>(a));
  return bits_of(s ? static_cast<double>(static_cast<int64_t>(a)) : static_cast<double>(a));
}
uint64_t ConcreteDomain::float_to_int(Scalar from, Scalar to, Val a) const {
  double v = is_f32(from) ? static_cast<double>(as_f32(a)) : as_f64(a);  // f32 -> f64 is exact
  if (!(v >= -9223372036854775808.0) || !(v < 18446744073709551616.0)) return 0;
  if (v <= -1.0) return norm(to, static_cast<uint64_t>(static_cast<int64_t>(v)));
  if (v < 0.0) return 0;
  return norm(to, static_cast<uint64_t>(v));
}
uint64_t ConcreteDomain::float_resize(Scalar from, Scalar to, Val a) const {
  if (from == to) return a;
  if (is_f32(from)) return bits_of(static_cast<double>(as_f32(a)));
  return bits_of(static_cast<float>(as_f64(a)));
}

}  // namespace cairn::sem
