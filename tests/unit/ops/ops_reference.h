// An independent, straightforward C++ implementation of every operator, to check eval_op against.
#pragma once
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "ops_test_util.h"

namespace cairn::sem::test {

// Calls f(N{}) with N the native type of scalar t.
template <class F>
auto with_native(Scalar t, F f) {
  switch (t) {
    case Scalar::Bool: return f(bool{});
    case Scalar::U8: return f(uint8_t{});
    case Scalar::U16: return f(uint16_t{});
    case Scalar::U32: return f(uint32_t{});
    case Scalar::U64:
    case Scalar::Usize: return f(uint64_t{});
    case Scalar::I8: return f(int8_t{});
    case Scalar::I16: return f(int16_t{});
    case Scalar::I32: return f(int32_t{});
    case Scalar::I64: return f(int64_t{});
    case Scalar::F32: return f(float{});
    case Scalar::F64: return f(double{});
  }
  return f(uint64_t{});
}

template <class N>
N from_bits_native(uint64_t b) {
  if constexpr (std::is_same_v<N, float>) return as_f32(b);
  else if constexpr (std::is_same_v<N, double>) return as_f64(b);
  else return static_cast<N>(b);
}
template <class N>
uint64_t to_bits_native(N v) {
  if constexpr (std::is_same_v<N, float>) return F32(v);
  else if constexpr (std::is_same_v<N, double>) return F64(v);
  else if constexpr (std::is_signed_v<N>) return static_cast<uint64_t>(static_cast<int64_t>(v));
  else return static_cast<uint64_t>(v);
}
template <class N>
uint64_t float_result(N v) {  // NaN results are canonical (§5.4)
  if (std::isnan(v)) return std::is_same_v<N, float> ? kNaN32 : kNaN64;
  return to_bits_native(v);
}

inline OpOutcome trap(TrapKind k) {
  OpOutcome o;
  o.trapped = true;
  o.trap = k;
  return o;
}
inline OpOutcome value(uint64_t bits) {
  OpOutcome o;
  o.bits = bits;
  return o;
}

template <class N>
OpOutcome ref_int_binary(Op op, N a, N b) {
  N r{};
  switch (op) {
    case Op::Add: return __builtin_add_overflow(a, b, &r) ? trap(TrapKind::Overflow) : value(to_bits_native(r));
    case Op::Sub: return __builtin_sub_overflow(a, b, &r) ? trap(TrapKind::Overflow) : value(to_bits_native(r));
    case Op::Mul: return __builtin_mul_overflow(a, b, &r) ? trap(TrapKind::Overflow) : value(to_bits_native(r));
    case Op::Div:
    case Op::Rem:
      if (b == 0) return trap(TrapKind::DivideByZero);
      if (std::is_signed_v<N> && a == std::numeric_limits<N>::min() && b == N(-1)) return trap(TrapKind::Overflow);
      return value(to_bits_native(N(op == Op::Div ? a / b : a % b)));
    case Op::BitAnd: return value(to_bits_native(N(a & b)));
    case Op::BitOr: return value(to_bits_native(N(a | b)));
    case Op::BitXor: return value(to_bits_native(N(a ^ b)));
    case Op::Eq: return value(a == b);
    case Op::Ne: return value(a != b);
    case Op::Lt: return value(a < b);
    case Op::Le: return value(a <= b);
    case Op::Gt: return value(a > b);
    case Op::Ge: return value(a >= b);
    case Op::AddWrap: return value(to_bits_native(N(a + b)));
    case Op::SubWrap: return value(to_bits_native(N(a - b)));
    case Op::MulWrap: return value(to_bits_native(N(uint64_t(a) * uint64_t(b))));
    case Op::Min: return value(to_bits_native(a < b ? a : b));
    case Op::Max: return value(to_bits_native(a < b ? b : a));
    default: return trap(TrapKind::Assert);  // not a binary integer op
  }
}

template <class N>
OpOutcome ref_float_binary(Op op, N a, N b) {
  volatile N r = 0;
  switch (op) {
    case Op::Add: r = a + b; break;
    case Op::Sub: r = a - b; break;
    case Op::Mul: r = a * b; break;
    case Op::Div: r = a / b; break;
    case Op::Eq: return value(a == b);
    case Op::Ne: return value(a != b);
    case Op::Lt: return value(a < b);
    case Op::Le: return value(a <= b);
    case Op::Gt: return value(a > b);
    case Op::Ge: return value(a >= b);
    default: return trap(TrapKind::Assert);
  }
  return value(float_result(N(r)));
}

template <class N>
OpOutcome ref_unary(Op op, N a) {
  if constexpr (std::is_floating_point_v<N>) {
    switch (op) {
      case Op::Neg: return value(to_bits_native(N(-a)));
      case Op::Abs: return value(to_bits_native(std::fabs(a)));
      case Op::Sqrt: return value(float_result(std::sqrt(a)));
      case Op::Floor: return value(float_result(std::floor(a)));
      case Op::Ceil: return value(float_result(std::ceil(a)));
      case Op::Trunc: return value(float_result(std::trunc(a)));
      default: return trap(TrapKind::Assert);
    }
  } else {
    switch (op) {
      case Op::Neg:
        if (a == std::numeric_limits<N>::min()) return trap(TrapKind::Overflow);
        return value(to_bits_native(N(-a)));
      case Op::Abs:
        if (a == std::numeric_limits<N>::min()) return trap(TrapKind::AbsMin);
        return value(to_bits_native(N(a < 0 ? -a : a)));
      case Op::BitNot: return value(to_bits_native(N(~a)));
      default: return trap(TrapKind::Assert);
    }
  }
}

template <class N>
OpOutcome ref_shift(Op op, N x, uint64_t k) {
  if (k >= sizeof(N) * 8) return trap(TrapKind::Shift);
  return value(to_bits_native(N(op == Op::ShlWrap ? uint64_t(x) << k : uint64_t(x) >> k)));
}

// T(x) by the book: integer ranges compared in long double / __int128, floats by native casts.
template <class From, class To>
OpOutcome ref_convert(From x) {
  if constexpr (std::is_same_v<From, To>) {
    return value(to_bits_native(x));
  } else if constexpr (std::is_integral_v<From> && std::is_integral_v<To>) {
    __int128 v = x;
    if (v < __int128(std::numeric_limits<To>::min()) || v > __int128(std::numeric_limits<To>::max()))
      return trap(TrapKind::Conversion);
    return value(to_bits_native(To(x)));
  } else if constexpr (std::is_integral_v<From>) {
    return value(to_bits_native(To(x)));
  } else if constexpr (std::is_integral_v<To>) {
    if (std::isnan(x) || std::isinf(x)) return trap(TrapKind::Conversion);
    long double t = std::trunc(static_cast<long double>(x));
    if (t < static_cast<long double>(std::numeric_limits<To>::min()) ||
        t > static_cast<long double>(std::numeric_limits<To>::max()))
      return trap(TrapKind::Conversion);
    return value(to_bits_native(To(t)));
  } else {
    return value(float_result(To(x)));
  }
}

inline OpOutcome reference(Op op, Scalar t, Scalar r, uint64_t a, uint64_t b) {
  return with_native(t, [&](auto n) -> OpOutcome {
    using N = decltype(n);
    N x = from_bits_native<N>(a), y = from_bits_native<N>(b);
    if (op == Op::Convert)
      return with_native(r, [&](auto m) -> OpOutcome {
        using M = decltype(m);
        if constexpr (std::is_same_v<N, bool> || std::is_same_v<M, bool>) return trap(TrapKind::Assert);
        else return ref_convert<N, M>(x);
      });
    if constexpr (std::is_same_v<N, bool>) {
      if (op == Op::Not) return value(!x);
      if (op == Op::Eq) return value(x == y);
      if (op == Op::Ne) return value(x != y);
      return trap(TrapKind::Assert);
    } else {
      if (op == Op::ToBits) return value(a);
      if (op == Op::FromBits) return value(a);
      if (op == Op::ShlWrap || op == Op::Shr) {
        if constexpr (std::is_integral_v<N>) return ref_shift(op, x, b);
        else return trap(TrapKind::Assert);
      }
      OpOutcome u = ref_unary(op, x);
      if (!(u.trapped && u.trap == TrapKind::Assert)) return u;
      if constexpr (std::is_floating_point_v<N>) return ref_float_binary(op, x, y);
      else return ref_int_binary(op, x, y);
    }
  });
}

}  // namespace cairn::sem::test
