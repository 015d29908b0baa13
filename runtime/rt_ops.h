// CAIRN runtime: the operators of ops.def on native scalars (language.md §4, §5): checked integer
// arithmetic through __builtin_*_overflow, IEEE floats with canonical NaN results, comparisons, wrapping ops.
#pragma once
#include <cstdint>
#include <type_traits>

#include "rt_math.h"
#include "rt_trap.h"

namespace cr {

template <class T>
inline constexpr bool is_float_v = std::is_floating_point_v<T>;
template <class T>
inline constexpr bool is_sint_v = std::is_integral_v<T> && std::is_signed_v<T>;

inline uint32_t bits(float f) { return __builtin_bit_cast(uint32_t, f); }
inline uint64_t bits(double d) { return __builtin_bit_cast(uint64_t, d); }
inline float f32_from(uint32_t b) { return __builtin_bit_cast(float, b); }
inline double f64_from(uint64_t b) { return __builtin_bit_cast(double, b); }

// Any NaN result becomes the quiet positive NaN of its width (§5.4), as the interpreter makes it, when the
// program can see NaN bits: the lowering defines CR_CANONICAL_NAN 1 when it uses to_bits or is a library.
// Elsewhere the bits are unobservable and the check is left out (it costs a compare and a select per
// operation, and keeps g++ from vectorizing float loops).
#ifndef CR_CANONICAL_NAN
#define CR_CANONICAL_NAN 0
#endif
template <class F>
inline F canon(F r) {
  if constexpr (CR_CANONICAL_NAN != 0) {
    if (r != r) {
      if constexpr (sizeof(F) == 4) return f32_from(0x7FC00000u);
      else return f64_from(0x7FF8000000000000ull);
    }
  }
  return r;
}
template <class F>
inline F flip_sign(F a) {
  if constexpr (sizeof(F) == 4) return f32_from(bits(a) ^ 0x80000000u);
  else return f64_from(bits(a) ^ 0x8000000000000000ull);
}
template <class F>
inline F clear_sign(F a) {
  if constexpr (sizeof(F) == 4) return f32_from(bits(a) & 0x7FFFFFFFu);
  else return f64_from(bits(a) & 0x7FFFFFFFFFFFFFFFull);
}
template <class T>
inline constexpr T min_of() {
  if constexpr (is_sint_v<T>) return static_cast<T>(static_cast<std::make_unsigned_t<T>>(1) << (sizeof(T) * 8 - 1));
  else return 0;
}

}  // namespace cr

template <class T>
inline T cr_add(T a, T b, const cr::Site* s) {
  if constexpr (cr::is_float_v<T>) {
    (void)s;
    T r = a + b;
    return cr::canon(r);
  } else {
    T r;
    if (__builtin_add_overflow(a, b, &r)) cr::trap(cr::Trap::Overflow, s);
    return r;
  }
}
template <class T>
inline T cr_sub(T a, T b, const cr::Site* s) {
  if constexpr (cr::is_float_v<T>) {
    (void)s;
    T r = a - b;
    return cr::canon(r);
  } else {
    T r;
    if (__builtin_sub_overflow(a, b, &r)) cr::trap(cr::Trap::Overflow, s);
    return r;
  }
}
template <class T>
inline T cr_mul(T a, T b, const cr::Site* s) {
  if constexpr (cr::is_float_v<T>) {
    (void)s;
    T r = a * b;
    return cr::canon(r);
  } else {
    T r;
    if (__builtin_mul_overflow(a, b, &r)) cr::trap(cr::Trap::Overflow, s);
    return r;
  }
}
template <class T>
inline T cr_div(T a, T b, const cr::Site* s) {
  if constexpr (cr::is_float_v<T>) {
    (void)s;
    T r = a / b;
    return cr::canon(r);
  } else {
    if (b == 0) cr::trap(cr::Trap::DivideByZero, s);
    if constexpr (cr::is_sint_v<T>)
      if (a == cr::min_of<T>() && b == static_cast<T>(-1)) cr::trap(cr::Trap::Overflow, s);
    return static_cast<T>(a / b);
  }
}
template <class T>
inline T cr_rem(T a, T b, const cr::Site* s) {
  if (b == 0) cr::trap(cr::Trap::DivideByZero, s);
  if constexpr (cr::is_sint_v<T>)
    if (a == cr::min_of<T>() && b == static_cast<T>(-1)) cr::trap(cr::Trap::Overflow, s);
  return static_cast<T>(a % b);
}
template <class T>
inline T cr_neg(T a, const cr::Site* s) {
  if constexpr (cr::is_float_v<T>) {
    (void)s;
    return cr::flip_sign(a);
  } else {
    T r;
    if (__builtin_sub_overflow(static_cast<T>(0), a, &r)) cr::trap(cr::Trap::Overflow, s);
    return r;
  }
}
template <class T>
inline T cr_bitnot(T a) { return static_cast<T>(~static_cast<uint64_t>(a)); }
template <class T>
inline T cr_bitand(T a, T b) { return static_cast<T>(a & b); }
template <class T>
inline T cr_bitor(T a, T b) { return static_cast<T>(a | b); }
template <class T>
inline T cr_bitxor(T a, T b) { return static_cast<T>(a ^ b); }
inline bool cr_not(bool a) { return !a; }
template <class T>
inline bool cr_eq(T a, T b) { return a == b; }
template <class T>
inline bool cr_ne(T a, T b) { return !(a == b); }
template <class T>
inline bool cr_lt(T a, T b) { return a < b; }
template <class T>
inline bool cr_le(T a, T b) { return a <= b; }
template <class T>
inline bool cr_gt(T a, T b) { return b < a; }
template <class T>
inline bool cr_ge(T a, T b) { return b <= a; }
template <class T>
inline T cr_add_wrap(T a, T b) { return static_cast<T>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b)); }
template <class T>
inline T cr_sub_wrap(T a, T b) { return static_cast<T>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b)); }
template <class T>
inline T cr_mul_wrap(T a, T b) { return static_cast<T>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b)); }
template <class T>
inline T cr_shl_wrap(T x, uint64_t k, const cr::Site* s) {
  if (k >= sizeof(T) * 8) cr::trap(cr::Trap::Shift, s);
  return static_cast<T>(static_cast<uint64_t>(x) << k);
}
template <class T>
inline T cr_shr(T x, uint64_t k, const cr::Site* s) {
  if (k >= sizeof(T) * 8) cr::trap(cr::Trap::Shift, s);
  return static_cast<T>(static_cast<uint64_t>(x) >> k);
}
template <class T>
inline T cr_min(T a, T b) { return b < a ? b : a; }
template <class T>
inline T cr_max(T a, T b) { return a < b ? b : a; }
template <class T>
inline T cr_abs(T a, const cr::Site* s) {
  if constexpr (cr::is_float_v<T>) {
    (void)s;
    return cr::clear_sign(a);
  } else if constexpr (cr::is_sint_v<T>) {
    if (a == cr::min_of<T>()) cr::trap(cr::Trap::AbsMin, s);
    return a < 0 ? static_cast<T>(-a) : a;
  } else {
    (void)s;
    return a;
  }
}
template <class F>
inline F cr_sqrt(F a) { return cr::canon(static_cast<F>(cr::m_sqrt(a))); }
template <class F>
inline F cr_floor(F a) { return cr::canon(static_cast<F>(cr::m_floor(a))); }
template <class F>
inline F cr_ceil(F a) { return cr::canon(static_cast<F>(cr::m_ceil(a))); }
template <class F>
inline F cr_trunc(F a) { return cr::canon(static_cast<F>(cr::m_trunc(a))); }
inline uint32_t cr_to_bits(float a) { return cr::bits(a); }
inline uint64_t cr_to_bits(double a) { return cr::bits(a); }
template <class F, class U>
inline F cr_from_bits(U a) {
  if constexpr (sizeof(F) == 4) return cr::f32_from(static_cast<uint32_t>(a));
  else return cr::f64_from(static_cast<uint64_t>(a));
}

// Guard-free forms, written where the checker proved the guard cannot fail (§16.3): the result is in T's
// range, so no promoted operation overflows either.
template <class T>
inline T cr_add_nc(T a, T b) { return static_cast<T>(a + b); }
template <class T>
inline T cr_mul_nc(T a, T b) { return static_cast<T>(a * b); }
template <class T>
inline T cr_sub_nc(T a, T b) { return static_cast<T>(a - b); }
template <class T>
inline T cr_div_nc(T a, T b) { return static_cast<T>(a / b); }
template <class T>
inline T cr_rem_nc(T a, T b) { return static_cast<T>(a % b); }
