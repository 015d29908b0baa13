// rt_eval: one runtime call per row of ops.def (the names of ops.def's runtime column), trap as outcome.
#include "runtime_eval.h"

namespace cairn::lower::test {

namespace {

const cr::Site kSite{"test.cairn", 1};

template <class T>
uint64_t arith(sem::Op op, T x, T y, uint64_t k) {
  using sem::Op;
  const cr::Site* s = &kSite;
  if constexpr (std::is_same_v<T, bool>) {
    switch (op) {
      case Op::Not: return to_bits(cr_not(x));
      case Op::Eq: return to_bits(cr_eq<T>(x, y));
      case Op::Ne: return to_bits(cr_ne<T>(x, y));
      default: return 0;
    }
  } else {
    switch (op) {
      case Op::Add: return to_bits(cr_add<T>(x, y, s));
      case Op::Sub: return to_bits(cr_sub<T>(x, y, s));
      case Op::Mul: return to_bits(cr_mul<T>(x, y, s));
      case Op::Div: return to_bits(cr_div<T>(x, y, s));
      case Op::Neg: return to_bits(cr_neg<T>(x, s));
      case Op::Eq: return to_bits(cr_eq<T>(x, y));
      case Op::Ne: return to_bits(cr_ne<T>(x, y));
      case Op::Lt: return to_bits(cr_lt<T>(x, y));
      case Op::Le: return to_bits(cr_le<T>(x, y));
      case Op::Gt: return to_bits(cr_gt<T>(x, y));
      case Op::Ge: return to_bits(cr_ge<T>(x, y));
      case Op::Abs: return to_bits(cr_abs<T>(x, s));
      default: break;
    }
    if constexpr (std::is_floating_point_v<T>) {
      switch (op) {
        case Op::Sqrt: return to_bits(cr_sqrt<T>(x));
        case Op::Floor: return to_bits(cr_floor<T>(x));
        case Op::Ceil: return to_bits(cr_ceil<T>(x));
        case Op::Trunc: return to_bits(cr_trunc<T>(x));
        case Op::ToBits: return cr_to_bits(x);
        default: return 0;
      }
    } else {
      switch (op) {
        case Op::Rem: return to_bits(cr_rem<T>(x, y, s));
        case Op::BitNot: return to_bits(cr_bitnot<T>(x));
        case Op::BitAnd: return to_bits(cr_bitand<T>(x, y));
        case Op::BitOr: return to_bits(cr_bitor<T>(x, y));
        case Op::BitXor: return to_bits(cr_bitxor<T>(x, y));
        case Op::AddWrap: return to_bits(cr_add_wrap<T>(x, y));
        case Op::SubWrap: return to_bits(cr_sub_wrap<T>(x, y));
        case Op::MulWrap: return to_bits(cr_mul_wrap<T>(x, y));
        case Op::ShlWrap: return to_bits(cr_shl_wrap<T>(x, k, s));
        case Op::Shr: return to_bits(cr_shr<T>(x, k, s));
        case Op::Min: return to_bits(cr_min<T>(x, y));
        case Op::Max: return to_bits(cr_max<T>(x, y));
        default: return 0;
      }
    }
  }
}

uint64_t dispatch(sem::Op op, Scalar type, Scalar result, uint64_t a, uint64_t b) {
  using sem::Op;
  if (op == Op::Convert) {
    return with_native(type, [&](auto from) {
      using From = decltype(from);
      return with_native(result, [&](auto to) -> uint64_t {
        using To = decltype(to);
        if constexpr (std::is_same_v<From, bool> || std::is_same_v<To, bool>) return 0;
        else return to_bits(cr_convert<To, From>(from_bits<From>(a), &kSite));
      });
    });
  }
  if (op == Op::FromBits) {
    if (result == Scalar::F32) return to_bits(cr_from_bits<float>(static_cast<uint32_t>(a)));
    return to_bits(cr_from_bits<double>(a));
  }
  return with_native(type, [&](auto v) {
    using T = decltype(v);
    return arith<T>(op, from_bits<T>(a), from_bits<T>(b), b);
  });
}

}  // namespace

sem::OpOutcome rt_eval(sem::Op op, Scalar type, Scalar result, uint64_t a, uint64_t b) {
  sem::OpOutcome r;
  try {
    r.bits = dispatch(op, type, result, a, b);
  } catch (const RtTrap& t) {
    r.trapped = true;
    r.trap = static_cast<check::TrapKind>(t.kind);
    r.bits = 0;
  }
  return r;
}

}  // namespace cairn::lower::test
