// The concrete value domain: scalar bits as in ops.h, IEEE arithmetic in the operand's own width.
#pragma once
#include <cstdint>

#include "core/float_bits.h"
#include "core/ops_rules.h"

namespace cairn::sem {

// Every primitive is total (division by zero, shifts past the width and out-of-range float->int give
// an arbitrary value) because the concrete domain keeps evaluating after a failed guard; the first
// failing guard is the outcome.
class ConcreteDomain {
 public:
  using Val = uint64_t;
  using Pred = bool;
  using Scalar = check::Scalar;

  bool trapped = false;
  check::TrapKind trap = check::TrapKind::Overflow;

  void guard(Pred fails, check::TrapKind kind) {
    if (fails && !trapped) {
      trapped = true;
      trap = kind;
    }
  }
  Val lit(Scalar t, uint64_t bits) const { return norm(t, bits); }
  Pred pnot(Pred p) const { return !p; }
  Pred pand(Pred p, Pred q) const { return p && q; }
  Pred por(Pred p, Pred q) const { return p || q; }
  Val as_bool(Pred p) const { return p ? 1 : 0; }
  Pred is_true(Val v) const { return v != 0; }
  Val ite(Pred p, Val x, Val y) const { return p ? x : y; }

  // The integer primitives are inline (the interpreter's hot path); floats live in the .cpp.
  Pred eq(Scalar t, Val a, Val b) const {
    if (t == Scalar::F32) return f32_of(a) == f32_of(b);
    if (t == Scalar::F64) return f64_of(a) == f64_of(b);
    return a == b;
  }
  Pred lt(Scalar t, Val a, Val b) const {
    if (t == Scalar::F32) return f32_of(a) < f32_of(b);
    if (t == Scalar::F64) return f64_of(a) < f64_of(b);
    if (rules::is_signed_int(t)) return static_cast<int64_t>(a) < static_cast<int64_t>(b);
    return a < b;
  }
  Pred le(Scalar t, Val a, Val b) const {
    if (t == Scalar::F32) return f32_of(a) <= f32_of(b);
    if (t == Scalar::F64) return f64_of(a) <= f64_of(b);
    if (rules::is_signed_int(t)) return static_cast<int64_t>(a) <= static_cast<int64_t>(b);
    return a <= b;
  }

  Val add(Scalar t, Val a, Val b) const { return norm(t, a + b); }
  Val sub(Scalar t, Val a, Val b) const { return norm(t, a - b); }
  Val mul(Scalar t, Val a, Val b) const { return norm(t, a * b); }
  Val neg(Scalar t, Val a) const { return norm(t, uint64_t{0} - a); }
  // The operands' mathematical values are int64 (signed) or uint64 (unsigned), so each exact result
  // either overflows 64 bits (then it is out of every type's range) or is checked against t's range.
  Pred add_overflows(Scalar t, Val a, Val b) const {
    if (rules::is_signed_int(t)) {
      int64_t r;
      return __builtin_add_overflow(static_cast<int64_t>(a), static_cast<int64_t>(b), &r) || !fits_signed(t, r);
    }
    uint64_t r;
    return __builtin_add_overflow(a, b, &r) || !fits_unsigned(t, r);
  }
  Pred sub_overflows(Scalar t, Val a, Val b) const {
    if (rules::is_signed_int(t)) {
      int64_t r;
      return __builtin_sub_overflow(static_cast<int64_t>(a), static_cast<int64_t>(b), &r) || !fits_signed(t, r);
    }
    return a < b || !fits_unsigned(t, a - b);
  }
  Pred mul_overflows(Scalar t, Val a, Val b) const {
    if (rules::is_signed_int(t)) {
      int64_t r;
      return __builtin_mul_overflow(static_cast<int64_t>(a), static_cast<int64_t>(b), &r) || !fits_signed(t, r);
    }
    uint64_t r;
    return __builtin_mul_overflow(a, b, &r) || r > rules::all_ones_bits(t);
  }
  // Truncating, in 64 bits: exact except MIN64 / -1 (2^63), which b == -1 handles as a negation
  // (the concrete domain evaluates on after a failed guard, so this must stay total).
  Val div(Scalar t, Val a, Val b) const {
    if (b == 0) return 0;
    if (!rules::is_signed_int(t)) return a / b;
    int64_t sb = static_cast<int64_t>(b);
    if (sb == -1) return norm(t, uint64_t{0} - a);
    return norm(t, static_cast<uint64_t>(static_cast<int64_t>(a) / sb));
  }
  Val rem(Scalar t, Val a, Val b) const {
    if (b == 0) return 0;
    if (!rules::is_signed_int(t)) return a % b;
    int64_t sb = static_cast<int64_t>(b);
    if (sb == -1) return 0;
    return norm(t, static_cast<uint64_t>(static_cast<int64_t>(a) % sb));
  }
  Val bnot(Scalar t, Val a) const { return norm(t, ~a); }
  Val band(Scalar t, Val a, Val b) const { return norm(t, a & b); }
  Val bor(Scalar t, Val a, Val b) const { return norm(t, a | b); }
  Val bxor(Scalar t, Val a, Val b) const { return norm(t, a ^ b); }
  Val shl(Scalar t, Val a, Val k) const { return k >= check::scalar_bits(t) ? 0 : norm(t, a << k); }
  Val lshr(Scalar t, Val a, Val k) const { return k >= check::scalar_bits(t) ? 0 : norm(t, a >> k); }

  Val fadd(Scalar t, Val a, Val b) const;
  Val fsub(Scalar t, Val a, Val b) const;
  Val fmul(Scalar t, Val a, Val b) const;
  Val fdiv(Scalar t, Val a, Val b) const;
  Val fsqrt(Scalar t, Val a) const;
  Val fround(Scalar t, Val a, rules::Round mode) const;
  Val fneg(Scalar t, Val a) const { return a ^ sign_bit(t); }
  Val fabs(Scalar t, Val a) const { return a & ~sign_bit(t); }
  Pred is_nan(Scalar t, Val a) const;

  Val int_resize(Scalar from, Scalar to, Val a) const { (void)from; return norm(to, a); }
  Val int_to_float(Scalar from, Scalar to, Val a) const;
  Val float_to_int(Scalar from, Scalar to, Val a) const;
  Val float_resize(Scalar from, Scalar to, Val a) const;
  Val to_bits(Scalar t, Val a) const { return norm(t == Scalar::F32 ? Scalar::U32 : Scalar::U64, a); }
  Val from_bits(Scalar t, Val a) const { return norm(t, a); }

  // The encoding of ops.h: sign-extended for signed integers, zero-extended otherwise.
  // Bits of type t in the ops.h encoding (inline: every operation ends here).
  static uint64_t norm(Scalar t, uint64_t bits) {
    if (t == Scalar::F64) return bits;
    if (t == Scalar::F32) return bits & 0xFFFFFFFFu;
    if (t == Scalar::Bool) return bits & 1;
    unsigned w = check::scalar_bits(t);
    if (w >= 64) return bits;
    uint64_t mask = (uint64_t{1} << w) - 1;
    bits &= mask;
    if (check::scalar_is_signed(t) && (bits >> (w - 1)) != 0) bits |= ~mask;
    return bits;
  }
  // Whether the exact result r lies in t's range (signed / unsigned integer t).
  static bool fits_signed(Scalar t, int64_t r) {
    unsigned w = check::scalar_bits(t);
    if (w >= 64) return true;
    int64_t half = int64_t{1} << (w - 1);
    return r >= -half && r < half;
  }
  static bool fits_unsigned(Scalar t, uint64_t r) {
    unsigned w = check::scalar_bits(t);
    return w >= 64 || (r >> w) == 0;
  }
  static uint64_t sign_bit(Scalar t) { return t == Scalar::F32 ? uint64_t{1} << 31 : uint64_t{1} << 63; }
};

}  // namespace cairn::sem
