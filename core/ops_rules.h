// The meaning of every row of ops.def, written once, generically over a value domain D.
#pragma once
#include <cstdint>

#include "core/ops.h"

// A domain D provides (t is the Scalar type of the operands; every primitive exists in SMT-LIB's
// bit-vector or floating-point theory, so the SMT encoder instantiates the same rules with terms):
//   types   D::Val (a value of some scalar type: bit-vector of its width, or FP term), D::Pred (Bool)
//   consts  lit(t, bits) with the bits encoded as in ops.h
//   preds   pnot(p) pand(p, q) por(p, q); as_bool(p) -> bool Val; is_true(v) for a bool Val
//           ite(p, x, y) selection; guard(fails, TrapKind): the program traps with that kind when
//           `fails` holds (the concrete domain records the first failing guard, evaluation goes on)
//   compare eq(t, a, b) lt(t, a, b) le(t, a, b): signed/unsigned by t (bvslt/bvult), IEEE for floats
//           (fp.eq / fp.lt / fp.leq: NaN unordered, -0 == +0)
//   integer add sub mul (mod 2^w: bvadd bvsub bvmul), add_overflows sub_overflows mul_overflows
//           (signed or unsigned by t: bvsaddo/bvuaddo-style), div rem (truncating: bvsdiv/bvsrem or
//           bvudiv/bvurem; any value when b = 0 or MIN/-1), neg (bvneg), bnot band bor bxor,
//           shl(t, a, k) lshr(t, a, k) with k a usize (any value when k >= w)
//   float   fadd fsub fmul fdiv fsqrt (RNE), fround(t, a, Round) (fp.roundToIntegral RTN/RTP/RTZ),
//           fneg fabs (sign bit flipped / cleared, NaN payload kept), is_nan(t, a)
//   convert int_resize(from, to, a) (bits extended by from's signedness or truncated: sign_extend /
//           zero_extend / extract), int_to_float(from, to, a) (to_fp / to_fp_unsigned RNE),
//           float_to_int(from, to, a) (fp.to_sbv / fp.to_ubv RTZ; any value out of range),
//           float_resize(from, to, a) (to_fp RNE), to_bits(t, a) (fp -> bv), from_bits(t, a) (bv -> fp t)
namespace cairn::sem::rules {

using check::Scalar;
using check::TrapKind;

enum class Round : uint8_t { Down, Up, TowardZero };

inline bool is_float(Scalar t) { return check::scalar_is_float(t); }
inline bool is_signed_int(Scalar t) { return check::scalar_is_int(t) && check::scalar_is_signed(t); }

// Encoded bits of MIN(T) for a signed T (sign-extended to 64 bits).
inline uint64_t int_min_bits(Scalar t) { return ~uint64_t{0} << (check::scalar_bits(t) - 1); }
inline uint64_t all_ones_bits(Scalar t) {
  unsigned w = check::scalar_bits(t);
  return w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
}
// Encoded bits of the float +-2^e (e within the normal range of t).
inline uint64_t float_pow2_bits(Scalar t, int e, bool negative) {
  if (t == Scalar::F32) return (uint64_t(127 + e) << 23) | (negative ? uint64_t{1} << 31 : 0);
  return (uint64_t(1023 + e) << 52) | (negative ? uint64_t{1} << 63 : 0);
}
inline uint64_t canonical_nan_bits(Scalar t) {
  return t == Scalar::F32 ? 0x7FC00000u : 0x7FF8000000000000ull;
}

// A float result: any NaN becomes the canonical quiet positive NaN (§5.4).
template <class D>
typename D::Val canon(D& d, Scalar t, typename D::Val r) {
  return d.ite(d.is_nan(t, r), d.lit(t, canonical_nan_bits(t)), r);
}

template <class D>
typename D::Val rule_Add(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val b) {
  if (is_float(t)) return canon(d, t, d.fadd(t, a, b));
  d.guard(d.add_overflows(t, a, b), TrapKind::Overflow);
  return d.add(t, a, b);
}
template <class D>
typename D::Val rule_Sub(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val b) {
  if (is_float(t)) return canon(d, t, d.fsub(t, a, b));
  d.guard(d.sub_overflows(t, a, b), TrapKind::Overflow);
  return d.sub(t, a, b);
}
template <class D>
typename D::Val rule_Mul(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val b) {
  if (is_float(t)) return canon(d, t, d.fmul(t, a, b));
  d.guard(d.mul_overflows(t, a, b), TrapKind::Overflow);
  return d.mul(t, a, b);
}
// MIN / -1 and MIN % -1 for a signed T (§4.3); called for signed types only.
template <class D>
typename D::Pred min_by_minus_one(D& d, Scalar t, typename D::Val a, typename D::Val b) {
  return d.pand(d.eq(t, a, d.lit(t, int_min_bits(t))), d.eq(t, b, d.lit(t, ~uint64_t{0})));
}
template <class D>
typename D::Val rule_Div(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val b) {
  if (is_float(t)) return canon(d, t, d.fdiv(t, a, b));
  d.guard(d.eq(t, b, d.lit(t, 0)), TrapKind::DivideByZero);
  if (is_signed_int(t)) d.guard(min_by_minus_one(d, t, a, b), TrapKind::Overflow);
  return d.div(t, a, b);
}
template <class D>
typename D::Val rule_Rem(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val b) {
  d.guard(d.eq(t, b, d.lit(t, 0)), TrapKind::DivideByZero);
  if (is_signed_int(t)) d.guard(min_by_minus_one(d, t, a, b), TrapKind::Overflow);
  return d.rem(t, a, b);
}
template <class D>
typename D::Val rule_Neg(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val) {
  if (is_float(t)) return d.fneg(t, a);
  if (is_signed_int(t)) {
    d.guard(d.eq(t, a, d.lit(t, int_min_bits(t))), TrapKind::Overflow);
    return d.neg(t, a);
  }
  d.guard(d.sub_overflows(t, d.lit(t, 0), a), TrapKind::Overflow);  // unsigned: only -0 exists
  return d.sub(t, d.lit(t, 0), a);
}
template <class D>
typename D::Val rule_BitNot(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val) {
  return d.bnot(t, a);
}
template <class D>
typename D::Val rule_BitAnd(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val b) {
  return d.band(t, a, b);
}
template <class D>
typename D::Val rule_BitOr(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val b) {
  return d.bor(t, a, b);
}
template <class D>
typename D::Val rule_BitXor(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val b) {
  return d.bxor(t, a, b);
}
template <class D>
typename D::Val rule_Not(D& d, Scalar, Scalar, typename D::Val a, typename D::Val) {
  return d.as_bool(d.pnot(d.is_true(a)));
}
template <class D>
typename D::Val rule_Eq(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val b) {
  return d.as_bool(d.eq(t, a, b));
}
template <class D>
typename D::Val rule_Ne(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val b) {
  return d.as_bool(d.pnot(d.eq(t, a, b)));
}
template <class D>
typename D::Val rule_Lt(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val b) {
  return d.as_bool(d.lt(t, a, b));
}
template <class D>
typename D::Val rule_Le(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val b) {
  return d.as_bool(d.le(t, a, b));
}
template <class D>
typename D::Val rule_Gt(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val b) {
  return d.as_bool(d.lt(t, b, a));
}
template <class D>
typename D::Val rule_Ge(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val b) {
  return d.as_bool(d.le(t, b, a));
}
template <class D>
typename D::Val rule_AddWrap(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val b) {
  return d.add(t, a, b);
}
template <class D>
typename D::Val rule_SubWrap(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val b) {
  return d.sub(t, a, b);
}
template <class D>
typename D::Val rule_MulWrap(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val b) {
  return d.mul(t, a, b);
}
template <class D>
void guard_shift_count(D& d, Scalar t, typename D::Val k) {
  d.guard(d.le(Scalar::Usize, d.lit(Scalar::Usize, check::scalar_bits(t)), k), TrapKind::Shift);
}
template <class D>
typename D::Val rule_ShlWrap(D& d, Scalar t, Scalar, typename D::Val x, typename D::Val k) {
  guard_shift_count(d, t, k);
  return d.shl(t, x, k);
}
template <class D>
typename D::Val rule_Shr(D& d, Scalar t, Scalar, typename D::Val x, typename D::Val k) {
  guard_shift_count(d, t, k);
  return d.lshr(t, x, k);
}
template <class D>
typename D::Val rule_Min(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val b) {
  return d.ite(d.lt(t, b, a), b, a);
}
template <class D>
typename D::Val rule_Max(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val b) {
  return d.ite(d.lt(t, a, b), b, a);
}
template <class D>
typename D::Val rule_Abs(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val) {
  if (is_float(t)) return d.fabs(t, a);
  if (!is_signed_int(t)) return a;
  d.guard(d.eq(t, a, d.lit(t, int_min_bits(t))), TrapKind::AbsMin);
  return d.ite(d.lt(t, a, d.lit(t, 0)), d.neg(t, a), a);
}
template <class D>
typename D::Val rule_Sqrt(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val) {
  return canon(d, t, d.fsqrt(t, a));
}
template <class D>
typename D::Val rule_Floor(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val) {
  return canon(d, t, d.fround(t, a, Round::Down));
}
template <class D>
typename D::Val rule_Ceil(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val) {
  return canon(d, t, d.fround(t, a, Round::Up));
}
template <class D>
typename D::Val rule_Trunc(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val) {
  return canon(d, t, d.fround(t, a, Round::TowardZero));
}
// to_bits: t is the float type, result its unsigned bit type.
template <class D>
typename D::Val rule_ToBits(D& d, Scalar t, Scalar, typename D::Val a, typename D::Val) {
  return d.to_bits(t, a);
}
// from_bits: t is the unsigned bit type, result the float type.
template <class D>
typename D::Val rule_FromBits(D& d, Scalar, Scalar result, typename D::Val a, typename D::Val) {
  return d.from_bits(result, a);
}

// "Widening" (§6): the source range lies inside the target range.
inline bool int_widening(Scalar from, Scalar to) {
  unsigned wf = check::scalar_bits(from), wt = check::scalar_bits(to);
  bool sf = check::scalar_is_signed(from), st = check::scalar_is_signed(to);
  if (sf == st) return wf <= wt;
  return !sf && wf < wt;  // unsigned into a strictly wider signed type
}
// Whether converting `from` to `to` has a `conversion` guard (§6): integer to integer not widening, and float
// to integer; every other pair is total.
inline bool conversion_guarded(Scalar from, Scalar to) {
  if (check::scalar_is_int(from) && check::scalar_is_int(to)) return !int_widening(from, to);
  return is_float(from) && check::scalar_is_int(to);
}
template <class D>
typename D::Val convert_int_int(D& d, Scalar from, Scalar to, typename D::Val a) {
  typename D::Val r = d.int_resize(from, to, a);
  if (int_widening(from, to)) return r;
  // Out of range when the round trip loses bits, or the sign is reinterpreted.
  typename D::Pred fails = d.pnot(d.eq(from, d.int_resize(to, from, r), a));
  if (check::scalar_is_signed(from) && !check::scalar_is_signed(to))
    fails = d.por(fails, d.lt(from, a, d.lit(from, 0)));
  if (!check::scalar_is_signed(from) && check::scalar_is_signed(to))
    fails = d.por(fails, d.lt(to, r, d.lit(to, 0)));
  d.guard(fails, TrapKind::Conversion);
  return r;
}
// Float -> integer: the truncated value must lie in [lo, hi) with lo, hi exact powers of two (or 0);
// comparisons with NaN are false, so NaN and the infinities fail the same test.
template <class D>
typename D::Val convert_float_int(D& d, Scalar from, Scalar to, typename D::Val a) {
  unsigned w = check::scalar_bits(to);
  bool s = check::scalar_is_signed(to);
  typename D::Val tr = d.fround(from, a, Round::TowardZero);
  typename D::Val lo = s ? d.lit(from, float_pow2_bits(from, int(w) - 1, true)) : d.lit(from, 0);
  typename D::Val hi = d.lit(from, float_pow2_bits(from, s ? int(w) - 1 : int(w), false));
  typename D::Pred ok = d.pand(d.le(from, lo, tr), d.lt(from, tr, hi));
  d.guard(d.pnot(ok), TrapKind::Conversion);
  return d.float_to_int(from, to, a);
}
// T(x): t is the source type, result the target type (§6).
template <class D>
typename D::Val rule_Convert(D& d, Scalar from, Scalar to, typename D::Val a, typename D::Val) {
  if (from == to) return a;
  if (!is_float(from) && !is_float(to)) return convert_int_int(d, from, to, a);
  if (!is_float(from)) return d.int_to_float(from, to, a);
  if (!is_float(to)) return convert_float_int(d, from, to, a);
  return canon(d, to, d.float_resize(from, to, a));
}

// The one dispatch over the table: every row of ops.def has its rule above.
template <class D>
typename D::Val apply_rule(D& d, Op op, Scalar type, Scalar result, typename D::Val a, typename D::Val b) {
  switch (op) {
#define OP(k, spelling, typing, operands, result_class, traps, runtime, unchecked, form) \
  case Op::k:                                                                   \
    return rule_##k(d, type, result, a, b);
#include "core/ops.def"
#undef OP
  }
  return a;
}

}  // namespace cairn::sem::rules
