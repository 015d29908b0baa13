// The SMT domain's primitives: each one SMT-LIB bit-vector or floating-point operation (ops_rules.h).
#include "smt/domain_smt.h"

#include "smt/planted_defect.h"

namespace cairn::smt {

namespace {

using sem::rules::is_float;
using sem::rules::is_signed_int;

unsigned width_of(Scalar t) { return check::scalar_bits(t); }
uint64_t sign_bit(Scalar t) { return uint64_t{1} << (width_of(t) - 1); }

}  // namespace

Sort scalar_sort(Context& c, Scalar t) {
  if (t == Scalar::Bool) return c.bool_sort();
  return c.bv_sort(width_of(t));
}

Sort float_sort(Context& c, Scalar t) { return t == Scalar::F32 ? c.fp_sort(8, 24) : c.fp_sort(11, 53); }

void SmtDomain::guard(Pred fails, TrapKind kind) {
  Term g = path && fails;
  if (!g.is_false()) guards.push_back({g, kind});
}

Term SmtDomain::lit(Scalar t, uint64_t bits) const {
  if (t == Scalar::Bool) return ctx.boolean((bits & 1) != 0);
  return ctx.bv(width_of(t), bits);
}

Term SmtDomain::eq(Scalar t, Val a, Val b) const {
  return is_float(t) ? fp_eq(fp(t, a), fp(t, b)) : smt::eq(a, b);
}
Term SmtDomain::lt(Scalar t, Val a, Val b) const {
  if (is_float(t)) return fp_lt(fp(t, a), fp(t, b));
  return is_signed_int(t) ? slt(a, b) : ult(a, b);
}
Term SmtDomain::le(Scalar t, Val a, Val b) const {
  if (is_float(t)) return fp_leq(fp(t, a), fp(t, b));
  return is_signed_int(t) ? sle(a, b) : ule(a, b);
}

// Signed: the exact result needs one more bit (add, sub) or twice the width (mul) when it overflows.
Term SmtDomain::add_overflows(Scalar t, Val a, Val b) const {
  if (is_signed_int(t)) return ne(sext(a, 1) + sext(b, 1), sext(a + b, 1));
  return ult(a + b, a);
}
Term SmtDomain::sub_overflows(Scalar t, Val a, Val b) const {
  if (is_signed_int(t)) return ne(sext(a, 1) - sext(b, 1), sext(a - b, 1));
  return ult(a, b);
}
Term SmtDomain::mul_overflows(Scalar t, Val a, Val b) const {
  unsigned w = width_of(t);
  if (is_signed_int(t)) return ne(sext(a, w) * sext(b, w), sext(a * b, w));
  return ne(extract(zext(a, w) * zext(b, w), 2 * w - 1, w), ctx.bv(w, 0));
}
Term SmtDomain::sub(Scalar, Val a, Val b) const {
  return active_test_defect() == TestDefect::SubAsAdd ? a + b : a - b;
}
Term SmtDomain::bxor(Scalar, Val a, Val b) const {
  return active_test_defect() == TestDefect::XorAsOr ? (a | b) : (a ^ b);
}
Term SmtDomain::div(Scalar t, Val a, Val b) const { return is_signed_int(t) ? sdiv(a, b) : udiv(a, b); }
Term SmtDomain::rem(Scalar t, Val a, Val b) const { return is_signed_int(t) ? srem(a, b) : urem(a, b); }

// The count k is a usize: its low bits are the count whenever the Shift guard holds (k < w).
Term SmtDomain::shl(Scalar t, Val a, Val k) const {
  unsigned w = width_of(t);
  return smt::shl(a, k.width() == w ? k : extract(k, w - 1, 0));
}
Term SmtDomain::lshr(Scalar t, Val a, Val k) const {
  unsigned w = width_of(t);
  return smt::lshr(a, k.width() == w ? k : extract(k, w - 1, 0));
}

Term SmtDomain::fadd(Scalar t, Val a, Val b) const {
  return fp_to_bits(fp_add(Rounding::NearestEven, fp(t, a), fp(t, b)));
}
Term SmtDomain::fsub(Scalar t, Val a, Val b) const {
  return fp_to_bits(fp_sub(Rounding::NearestEven, fp(t, a), fp(t, b)));
}
Term SmtDomain::fmul(Scalar t, Val a, Val b) const {
  return fp_to_bits(fp_mul(Rounding::NearestEven, fp(t, a), fp(t, b)));
}
Term SmtDomain::fdiv(Scalar t, Val a, Val b) const {
  return fp_to_bits(fp_div(Rounding::NearestEven, fp(t, a), fp(t, b)));
}
Term SmtDomain::fsqrt(Scalar t, Val a) const { return fp_to_bits(fp_sqrt(Rounding::NearestEven, fp(t, a))); }
Term SmtDomain::fround(Scalar t, Val a, sem::rules::Round mode) const {
  Rounding r = Rounding::TowardZero;
  switch (mode) {
    case sem::rules::Round::Down: r = Rounding::TowardNegative; break;
    case sem::rules::Round::Up: r = Rounding::TowardPositive; break;
    case sem::rules::Round::TowardZero: r = Rounding::TowardZero; break;
  }
  return fp_to_bits(fp_round(r, fp(t, a)));
}
// Sign bit flipped / cleared on the pattern itself: a NaN keeps its payload, as in the interpreter.
Term SmtDomain::fneg(Scalar t, Val a) const { return a ^ ctx.bv(width_of(t), sign_bit(t)); }
Term SmtDomain::fabs(Scalar t, Val a) const { return a & ctx.bv(width_of(t), ~sign_bit(t)); }
Term SmtDomain::is_nan(Scalar t, Val a) const { return fp_is_nan(fp(t, a)); }

Term SmtDomain::int_resize(Scalar from, Scalar to, Val a) const {
  unsigned wf = width_of(from), wt = width_of(to);
  if (wt < wf) return extract(a, wt - 1, 0);
  return is_signed_int(from) ? sext(a, wt - wf) : zext(a, wt - wf);
}
Term SmtDomain::int_to_float(Scalar from, Scalar to, Val a) const {
  Sort f = float_sort(ctx, to);
  return fp_to_bits(is_signed_int(from) ? sbv_to_fp(Rounding::NearestEven, a, f)
                                        : ubv_to_fp(Rounding::NearestEven, a, f));
}
Term SmtDomain::float_to_int(Scalar from, Scalar to, Val a) const {
  unsigned w = width_of(to);
  return is_signed_int(to) ? fp_to_sbv(Rounding::TowardZero, fp(from, a), w)
                           : fp_to_ubv(Rounding::TowardZero, fp(from, a), w);
}
Term SmtDomain::float_resize(Scalar from, Scalar to, Val a) const {
  return fp_to_bits(fp_convert(Rounding::NearestEven, fp(from, a), float_sort(ctx, to)));
}

Term trap_kind_term(Context& c, TrapKind k) { return c.bv(8, static_cast<uint64_t>(k)); }

TrapOutcome first_failing(Context& c, const std::vector<Guard>& guards) {
  if (guards.empty()) return {c.boolean(false), trap_kind_term(c, TrapKind::Overflow)};
  std::vector<Term> fails;
  Term kind = trap_kind_term(c, guards.back().kind);
  for (size_t i = guards.size(); i-- > 0;) {
    fails.push_back(guards[i].fails);
    if (i + 1 < guards.size()) kind = ite(guards[i].fails, trap_kind_term(c, guards[i].kind), kind);
  }
  std::vector<Term> in_order(fails.rbegin(), fails.rend());
  return {any_of(c, in_order), kind};
}

OpTerm encode_op(Context& c, sem::Op op, Scalar type, Scalar result, Term a, Term b) {
  SmtDomain d(c);
  Term v = sem::rules::apply_rule(d, op, type, result, a, b);
  TrapOutcome t = first_failing(c, d.guards);
  return {v, t.trapped, t.kind};
}

}  // namespace cairn::smt
