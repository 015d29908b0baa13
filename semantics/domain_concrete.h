// The concrete value domain: scalar bits as in ops.h, IEEE arithmetic in the operand's own width.
#pragma once
#include <cstdint>

#include "semantics/ops_rules.h"

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

  Pred eq(Scalar t, Val a, Val b) const;
  Pred lt(Scalar t, Val a, Val b) const;
  Pred le(Scalar t, Val a, Val b) const;

  Val add(Scalar t, Val a, Val b) const { return norm(t, a + b); }
  Val sub(Scalar t, Val a, Val b) const { return norm(t, a - b); }
  Val mul(Scalar t, Val a, Val b) const { return norm(t, a * b); }
  Val neg(Scalar t, Val a) const { return norm(t, uint64_t{0} - a); }
  Pred add_overflows(Scalar t, Val a, Val b) const;
  Pred sub_overflows(Scalar t, Val a, Val b) const;
  Pred mul_overflows(Scalar t, Val a, Val b) const;
  Val div(Scalar t, Val a, Val b) const;
  Val rem(Scalar t, Val a, Val b) const;
  Val bnot(Scalar t, Val a) const { return norm(t, ~a); }
  Val band(Scalar t, Val a, Val b) const { return norm(t, a & b); }
  Val bor(Scalar t, Val a, Val b) const { return norm(t, a | b); }
  Val bxor(Scalar t, Val a, Val b) const { return norm(t, a ^ b); }
  Val shl(Scalar t, Val a, Val k) const;
  Val lshr(Scalar t, Val a, Val k) const;

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
  static uint64_t sign_bit(Scalar t) { return t == Scalar::F32 ? uint64_t{1} << 31 : uint64_t{1} << 63; }
};

}  // namespace cairn::sem
