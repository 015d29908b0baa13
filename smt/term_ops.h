// Named builders and operators over Terms, so encodings read like arithmetic: a + b, ult(a, b), ite(c, x, y).
#pragma once
#include <vector>

#include "smt/term.h"

namespace cairn::smt {

namespace detail {
inline Term mk(TermKind k, std::vector<Term> args, uint64_t p0 = 0, uint64_t p1 = 0, Sort result = {}) {
  return args.at(0).ctx().make(k, args, p0, p1, result);
}
inline uint64_t rm(Rounding r) { return static_cast<uint64_t>(r); }
}  // namespace detail

// Booleans (operators fold constants; && and || build terms, they do not short-circuit).
inline Term operator!(Term a) { return detail::mk(TermKind::Not, {a}); }
inline Term operator&&(Term a, Term b) { return detail::mk(TermKind::And, {a, b}); }
inline Term operator||(Term a, Term b) { return detail::mk(TermKind::Or, {a, b}); }
inline Term implies(Term a, Term b) { return detail::mk(TermKind::Implies, {a, b}); }
inline Term bxor(Term a, Term b) { return detail::mk(TermKind::Xor, {a, b}); }
inline Term ite(Term c, Term x, Term y) { return detail::mk(TermKind::Ite, {c, x, y}); }
inline Term eq(Term a, Term b) { return detail::mk(TermKind::Eq, {a, b}); }
inline Term ne(Term a, Term b) { return !eq(a, b); }
inline Term all_of(Context& c, const std::vector<Term>& ps) {
  return ps.empty() ? c.boolean(true) : c.make(TermKind::And, ps);
}
inline Term any_of(Context& c, const std::vector<Term>& ps) {
  return ps.empty() ? c.boolean(false) : c.make(TermKind::Or, ps);
}

// Bit-vectors of one width.
inline Term operator~(Term a) { return detail::mk(TermKind::BvNot, {a}); }
inline Term operator-(Term a) { return detail::mk(TermKind::BvNeg, {a}); }
inline Term operator&(Term a, Term b) { return detail::mk(TermKind::BvAnd, {a, b}); }
inline Term operator|(Term a, Term b) { return detail::mk(TermKind::BvOr, {a, b}); }
inline Term operator^(Term a, Term b) { return detail::mk(TermKind::BvXor, {a, b}); }
inline Term operator+(Term a, Term b) { return detail::mk(TermKind::BvAdd, {a, b}); }
inline Term operator-(Term a, Term b) { return detail::mk(TermKind::BvSub, {a, b}); }
inline Term operator*(Term a, Term b) { return detail::mk(TermKind::BvMul, {a, b}); }
inline Term udiv(Term a, Term b) { return detail::mk(TermKind::BvUdiv, {a, b}); }
inline Term urem(Term a, Term b) { return detail::mk(TermKind::BvUrem, {a, b}); }
inline Term sdiv(Term a, Term b) { return detail::mk(TermKind::BvSdiv, {a, b}); }
inline Term srem(Term a, Term b) { return detail::mk(TermKind::BvSrem, {a, b}); }
inline Term shl(Term a, Term k) { return detail::mk(TermKind::BvShl, {a, k}); }
inline Term lshr(Term a, Term k) { return detail::mk(TermKind::BvLshr, {a, k}); }
inline Term ashr(Term a, Term k) { return detail::mk(TermKind::BvAshr, {a, k}); }
inline Term ult(Term a, Term b) { return detail::mk(TermKind::BvUlt, {a, b}); }
inline Term ule(Term a, Term b) { return detail::mk(TermKind::BvUle, {a, b}); }
inline Term slt(Term a, Term b) { return detail::mk(TermKind::BvSlt, {a, b}); }
inline Term sle(Term a, Term b) { return detail::mk(TermKind::BvSle, {a, b}); }
inline Term concat(Term hi, Term lo) { return detail::mk(TermKind::Concat, {hi, lo}); }
inline Term extract(Term a, unsigned hi, unsigned lo) { return detail::mk(TermKind::Extract, {a}, hi, lo); }
inline Term zext(Term a, unsigned n) { return n == 0 ? a : detail::mk(TermKind::ZeroExtend, {a}, n); }
inline Term sext(Term a, unsigned n) { return n == 0 ? a : detail::mk(TermKind::SignExtend, {a}, n); }
// A literal of a's width.
inline Term bv_like(Term a, uint64_t bits) { return a.ctx().bv(a.width(), bits); }

// Floating point (f is a Float sort; rounding-mode operations take the mode first).
inline Term fp_from_bits(Term bits, Sort f) { return detail::mk(TermKind::FpFromBits, {bits}, 0, 0, f); }
inline Term fp_to_bits(Term x) { return detail::mk(TermKind::FpToBits, {x}); }
inline Term fp_convert(Rounding r, Term x, Sort f) { return detail::mk(TermKind::FpFromFp, {x}, detail::rm(r), 0, f); }
inline Term sbv_to_fp(Rounding r, Term x, Sort f) { return detail::mk(TermKind::FpFromSbv, {x}, detail::rm(r), 0, f); }
inline Term ubv_to_fp(Rounding r, Term x, Sort f) { return detail::mk(TermKind::FpFromUbv, {x}, detail::rm(r), 0, f); }
inline Term fp_to_sbv(Rounding r, Term x, unsigned w) {
  return detail::mk(TermKind::FpToSbv, {x}, detail::rm(r), 0, x.ctx().bv_sort(w));
}
inline Term fp_to_ubv(Rounding r, Term x, unsigned w) {
  return detail::mk(TermKind::FpToUbv, {x}, detail::rm(r), 0, x.ctx().bv_sort(w));
}
inline Term fp_add(Rounding r, Term a, Term b) { return detail::mk(TermKind::FpAdd, {a, b}, detail::rm(r)); }
inline Term fp_sub(Rounding r, Term a, Term b) { return detail::mk(TermKind::FpSub, {a, b}, detail::rm(r)); }
inline Term fp_mul(Rounding r, Term a, Term b) { return detail::mk(TermKind::FpMul, {a, b}, detail::rm(r)); }
inline Term fp_div(Rounding r, Term a, Term b) { return detail::mk(TermKind::FpDiv, {a, b}, detail::rm(r)); }
inline Term fp_sqrt(Rounding r, Term a) { return detail::mk(TermKind::FpSqrt, {a}, detail::rm(r)); }
inline Term fp_round(Rounding r, Term a) { return detail::mk(TermKind::FpRound, {a}, detail::rm(r)); }
inline Term fp_neg(Term a) { return detail::mk(TermKind::FpNeg, {a}); }
inline Term fp_abs(Term a) { return detail::mk(TermKind::FpAbs, {a}); }
inline Term fp_eq(Term a, Term b) { return detail::mk(TermKind::FpEq, {a, b}); }
inline Term fp_lt(Term a, Term b) { return detail::mk(TermKind::FpLt, {a, b}); }
inline Term fp_leq(Term a, Term b) { return detail::mk(TermKind::FpLeq, {a, b}); }
inline Term fp_is_nan(Term a) { return detail::mk(TermKind::FpIsNan, {a}); }
inline Term fp_is_inf(Term a) { return detail::mk(TermKind::FpIsInf, {a}); }
inline Term fp_is_zero(Term a) { return detail::mk(TermKind::FpIsZero, {a}); }
inline Term fp_is_negative(Term a) { return detail::mk(TermKind::FpIsNeg, {a}); }

// Arrays.
inline Term select(Term a, Term i) { return detail::mk(TermKind::Select, {a, i}); }
inline Term store(Term a, Term i, Term v) { return detail::mk(TermKind::Store, {a, i, v}); }
inline Term const_array(Sort array, Term v) { return detail::mk(TermKind::ConstArray, {v}, 0, 0, array); }

}  // namespace cairn::smt
