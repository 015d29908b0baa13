// CAIRN runtime: T(x) between any two numeric types (language.md §6), trapping `conversion` out of range.
#pragma once
#include <cstdint>
#include <type_traits>

#include "rt_math.h"
#include "rt_ops.h"

namespace cr {

// True when every value of From is a value of To (both integers).
template <class From, class To>
inline constexpr bool widening_v =
    std::is_signed_v<From> == std::is_signed_v<To> ? sizeof(From) <= sizeof(To)
                                                   : (!std::is_signed_v<From> && sizeof(From) < sizeof(To));

template <class T>
inline constexpr uint64_t max_u64() {
  using U = std::make_unsigned_t<T>;
  constexpr U all = static_cast<U>(~U{0});
  return std::is_signed_v<T> ? static_cast<uint64_t>(all >> 1) : static_cast<uint64_t>(all);
}

template <class To, class From>
inline bool int_fits(From a) {
  if constexpr (std::is_signed_v<From>) {
    int64_t v = static_cast<int64_t>(a);
    if constexpr (std::is_signed_v<To>) {
      constexpr int64_t hi = static_cast<int64_t>(max_u64<To>());
      return v >= -hi - 1 && v <= hi;
    } else {
      return v >= 0 && static_cast<uint64_t>(v) <= max_u64<To>();
    }
  } else {
    return static_cast<uint64_t>(a) <= max_u64<To>();
  }
}

// 2^e as a float of type F (exact for the exponents used here).
template <class F>
inline F pow2(int e) {
  F r = 1;
  for (int i = 0; i < e; ++i) r = r * 2;
  return r;
}

}  // namespace cr

template <class To, class From>
inline To cr_convert(From a, const cr::Site* s) {
  if constexpr (std::is_same_v<To, From>) {
    (void)s;
    return a;
  } else if constexpr (!cr::is_float_v<From> && !cr::is_float_v<To>) {
    if constexpr (!cr::widening_v<From, To>) {
      if (!cr::int_fits<To>(a)) cr::trap(cr::Trap::Conversion, s);
    } else {
      (void)s;
    }
    return static_cast<To>(a);
  } else if constexpr (!cr::is_float_v<From>) {
    (void)s;
    return static_cast<To>(a);  // one rounding, to nearest even
  } else if constexpr (!cr::is_float_v<To>) {
    constexpr int w = static_cast<int>(sizeof(To) * 8);
    From t = cr::m_trunc(a);
    From lo = std::is_signed_v<To> ? -cr::pow2<From>(w - 1) : From(0);
    From hi = cr::pow2<From>(std::is_signed_v<To> ? w - 1 : w);
    if (!(lo <= t && t < hi)) cr::trap(cr::Trap::Conversion, s);
    return static_cast<To>(t);
  } else {
    (void)s;
    return cr::canon(static_cast<To>(a));
  }
}
