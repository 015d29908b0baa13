// Z3Translation (z3_translation.h): one Z3 AST per term kind; z3_unknown_answer.
#include "smt/z3_translation.h"

#include <stdexcept>

namespace cairn::smt {

z3::expr Z3Translation::node(Term t) {
  std::vector<Z3_ast> a;
  for (size_t i = 0; i < t.num_args(); ++i) a.push_back(get(t.arg(i)));
  unsigned n = static_cast<unsigned>(a.size());
  Z3_context c = c_;
  unsigned p0 = static_cast<unsigned>(t.p0()), p1 = static_cast<unsigned>(t.p1());
  switch (t.kind()) {
    case TermKind::Var: return c_.constant(t.name().c_str(), sort(t.sort()));
    case TermKind::BoolConst: return c_.bool_val(t.p0() != 0);
    case TermKind::BvConst: return c_.bv_val(static_cast<uint64_t>(t.p0()), t.width());
    case TermKind::Not: return wrap(Z3_mk_not(c, a[0]));
    case TermKind::And: return wrap(Z3_mk_and(c, n, a.data()));
    case TermKind::Or: return wrap(Z3_mk_or(c, n, a.data()));
    case TermKind::Xor: return wrap(Z3_mk_xor(c, a[0], a[1]));
    case TermKind::Implies: return wrap(Z3_mk_implies(c, a[0], a[1]));
    case TermKind::Ite: return wrap(Z3_mk_ite(c, a[0], a[1], a[2]));
    case TermKind::Eq: return wrap(Z3_mk_eq(c, a[0], a[1]));
    case TermKind::BvNot: return wrap(Z3_mk_bvnot(c, a[0]));
    case TermKind::BvNeg: return wrap(Z3_mk_bvneg(c, a[0]));
    case TermKind::BvAnd: return wrap(Z3_mk_bvand(c, a[0], a[1]));
    case TermKind::BvOr: return wrap(Z3_mk_bvor(c, a[0], a[1]));
    case TermKind::BvXor: return wrap(Z3_mk_bvxor(c, a[0], a[1]));
    case TermKind::BvAdd: return wrap(Z3_mk_bvadd(c, a[0], a[1]));
    case TermKind::BvSub: return wrap(Z3_mk_bvsub(c, a[0], a[1]));
    case TermKind::BvMul: return wrap(Z3_mk_bvmul(c, a[0], a[1]));
    case TermKind::BvUdiv: return wrap(Z3_mk_bvudiv(c, a[0], a[1]));
    case TermKind::BvUrem: return wrap(Z3_mk_bvurem(c, a[0], a[1]));
    case TermKind::BvSdiv: return wrap(Z3_mk_bvsdiv(c, a[0], a[1]));
    case TermKind::BvSrem: return wrap(Z3_mk_bvsrem(c, a[0], a[1]));
    case TermKind::BvShl: return wrap(Z3_mk_bvshl(c, a[0], a[1]));
    case TermKind::BvLshr: return wrap(Z3_mk_bvlshr(c, a[0], a[1]));
    case TermKind::BvAshr: return wrap(Z3_mk_bvashr(c, a[0], a[1]));
    case TermKind::BvUlt: return wrap(Z3_mk_bvult(c, a[0], a[1]));
    case TermKind::BvUle: return wrap(Z3_mk_bvule(c, a[0], a[1]));
    case TermKind::BvSlt: return wrap(Z3_mk_bvslt(c, a[0], a[1]));
    case TermKind::BvSle: return wrap(Z3_mk_bvsle(c, a[0], a[1]));
    case TermKind::Concat: return wrap(Z3_mk_concat(c, a[0], a[1]));
    case TermKind::Extract: return wrap(Z3_mk_extract(c, p0, p1, a[0]));
    case TermKind::ZeroExtend: return wrap(Z3_mk_zero_ext(c, p0, a[0]));
    case TermKind::SignExtend: return wrap(Z3_mk_sign_ext(c, p0, a[0]));
    case TermKind::FpFromBits: return wrap(Z3_mk_fpa_to_fp_bv(c, a[0], sort(t.sort())));
    case TermKind::FpToBits: return fp_bits(t, a[0]);
    case TermKind::FpFromFp: return wrap(Z3_mk_fpa_to_fp_float(c, rm(t.p0()), a[0], sort(t.sort())));
    case TermKind::FpFromSbv: return wrap(Z3_mk_fpa_to_fp_signed(c, rm(t.p0()), a[0], sort(t.sort())));
    case TermKind::FpFromUbv: return wrap(Z3_mk_fpa_to_fp_unsigned(c, rm(t.p0()), a[0], sort(t.sort())));
    case TermKind::FpToSbv: return wrap(Z3_mk_fpa_to_sbv(c, rm(t.p0()), a[0], t.width()));
    case TermKind::FpToUbv: return wrap(Z3_mk_fpa_to_ubv(c, rm(t.p0()), a[0], t.width()));
    case TermKind::FpAdd: return wrap(Z3_mk_fpa_add(c, rm(t.p0()), a[0], a[1]));
    case TermKind::FpSub: return wrap(Z3_mk_fpa_sub(c, rm(t.p0()), a[0], a[1]));
    case TermKind::FpMul: return wrap(Z3_mk_fpa_mul(c, rm(t.p0()), a[0], a[1]));
    case TermKind::FpDiv: return wrap(Z3_mk_fpa_div(c, rm(t.p0()), a[0], a[1]));
    case TermKind::FpSqrt: return wrap(Z3_mk_fpa_sqrt(c, rm(t.p0()), a[0]));
    case TermKind::FpRound: return wrap(Z3_mk_fpa_round_to_integral(c, rm(t.p0()), a[0]));
    case TermKind::FpNeg: return wrap(Z3_mk_fpa_neg(c, a[0]));
    case TermKind::FpAbs: return wrap(Z3_mk_fpa_abs(c, a[0]));
    case TermKind::FpEq: return wrap(Z3_mk_fpa_eq(c, a[0], a[1]));
    case TermKind::FpLt: return wrap(Z3_mk_fpa_lt(c, a[0], a[1]));
    case TermKind::FpLeq: return wrap(Z3_mk_fpa_leq(c, a[0], a[1]));
    case TermKind::FpIsNan: return wrap(Z3_mk_fpa_is_nan(c, a[0]));
    case TermKind::FpIsInf: return wrap(Z3_mk_fpa_is_infinite(c, a[0]));
    case TermKind::FpIsZero: return wrap(Z3_mk_fpa_is_zero(c, a[0]));
    case TermKind::FpIsNeg: return wrap(Z3_mk_fpa_is_negative(c, a[0]));
    case TermKind::Select: return wrap(Z3_mk_select(c, a[0], a[1]));
    case TermKind::Store: return wrap(Z3_mk_store(c, a[0], a[1], a[2]));
    case TermKind::ConstArray:
      return wrap(Z3_mk_const_array(c, sort(Sort{terms_.info(t.sort()).a}), a[0]));
  }
  throw std::logic_error("smt: z3: unhandled term kind");
}

Answer z3_unknown_answer(const std::string& reason) {
  for (const char* why : {"timeout", "canceled", "resource limit"})
    if (reason.find(why) != std::string::npos) return Answer::Timeout;
  return Answer::Unknown;
}

}  // namespace cairn::smt
