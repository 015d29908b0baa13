// The Z3 backend: terms to Z3 ASTs through the C/C++ API, one check on a fresh context, model values.
#include <z3++.h>

#include <algorithm>
#include <cstdint>
#include <unordered_map>

#include "smt/backend.h"

namespace cairn::smt {

namespace {

class Z3Translation {
 public:
  Z3Translation(z3::context& c, const Context& terms) : c_(c), terms_(terms) {}

  // Translates every node under `roots` (post order); FpToBits adds its definition to side().
  void add(const std::vector<Term>& roots) {
    for (Term t : post_order(roots))
      if (!memo_.count(t.id())) memo_.emplace(t.id(), node(t));
  }
  z3::expr get(Term t) const { return memo_.at(t.id()); }
  const std::vector<z3::expr>& side() const { return side_; }

 private:
  z3::expr wrap(Z3_ast a) {
    c_.check_error();
    return z3::expr(c_, a);
  }
  z3::sort sort(Sort s) {
    const SortInfo& i = terms_.info(s);
    switch (i.kind) {
      case SortKind::Bool: return c_.bool_sort();
      case SortKind::BitVec: return c_.bv_sort(i.a);
      case SortKind::Float: return c_.fpa_sort(i.a, i.b);
      case SortKind::Array: return c_.array_sort(sort(Sort{i.a}), sort(Sort{i.b}));
    }
    return c_.bool_sort();
  }
  Z3_ast rm(uint64_t r) {
    switch (static_cast<Rounding>(r)) {
      case Rounding::NearestEven: return Z3_mk_fpa_rne(c_);
      case Rounding::NearestAway: return Z3_mk_fpa_rna(c_);
      case Rounding::TowardPositive: return Z3_mk_fpa_rtp(c_);
      case Rounding::TowardNegative: return Z3_mk_fpa_rtn(c_);
      case Rounding::TowardZero: return Z3_mk_fpa_rtz(c_);
    }
    return Z3_mk_fpa_rne(c_);
  }
  z3::expr fp_bits(Term t, Z3_ast x) {
    z3::expr b = wrap(Z3_mk_fresh_const(c_, "bits", sort(t.sort())));
    side_.push_back(wrap(Z3_mk_eq(c_, Z3_mk_fpa_to_fp_bv(c_, b, Z3_get_sort(c_, x)), x)));
    return b;
  }
  z3::expr node(Term t);

  z3::context& c_;
  const Context& terms_;
  std::unordered_map<uint32_t, z3::expr> memo_;
  std::vector<z3::expr> side_;
};

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

// The value of `e` in the model as in CheckResult::values; false when it cannot be read.
bool read_value(z3::context& c, z3::model& m, Term t, const z3::expr& e, uint64_t* out) {
  const SortInfo& i = t.ctx().info(t.sort());
  z3::expr v = m.eval(e, true);
  switch (i.kind) {
    case SortKind::Bool: *out = v.is_true() ? 1 : 0; return v.is_true() || v.is_false();
    case SortKind::BitVec: return i.a <= 64 && Z3_get_numeral_uint64(c, v, out);
    case SortKind::Float: {
      if (m.eval(z3::expr(c, Z3_mk_fpa_is_nan(c, e)), true).is_true()) {
        *out = i.a + i.b == 32 ? 0x7FC00000u : i.a + i.b == 64 ? 0x7FF8000000000000ull : 0;
        return i.a + i.b == 32 || i.a + i.b == 64;
      }
      z3::expr bits = m.eval(z3::expr(c, Z3_mk_fpa_to_ieee_bv(c, e)), true);
      return i.a + i.b <= 64 && Z3_get_numeral_uint64(c, bits, out);
    }
    case SortKind::Array: return false;
  }
  return false;
}

// Z3's solver for `logic`; its general solver (recorded as ALL) for a logic it does not support, such as
// QF_ABVFP in Z3 4.8.
z3::solver solver_for(z3::context& c, const std::string& logic, std::string* used) {
  *used = "ALL";
  if (logic == "ALL") return z3::solver(c);
  Z3_solver raw = Z3_mk_solver_for_logic(c, Z3_mk_string_symbol(c, logic.c_str()));
  if (!raw) return z3::solver(c);
  *used = logic;
  return z3::solver(c, raw);
}

Answer unknown_kind(const std::string& reason) {
  // "resource limit": the query's work_limit ran out, which is a timeout counted in work.
  for (const char* why : {"timeout", "canceled", "resource limit"})
    if (reason.find(why) != std::string::npos) return Answer::Timeout;
  return Answer::Unknown;
}

}  // namespace

CheckResult run_z3(const Query& query, const std::string& logic, unsigned timeout_ms) {
  CheckResult r;
  try {
    z3::context c;
    z3::solver s = solver_for(c, logic, &r.logic);
    z3::params p(c);
    p.set("timeout", timeout_ms);
    if (query.work_limit) p.set("rlimit", static_cast<unsigned>(std::min<uint64_t>(query.work_limit, UINT32_MAX)));
    s.set(p);
    if (query.assertions.empty() && query.wanted.empty()) {
      r.answer = Answer::Sat;
      return r;
    }
    const Context& terms = (query.assertions.empty() ? query.wanted : query.assertions)[0].ctx();
    Z3Translation tr(c, terms);
    tr.add(query.assertions);
    tr.add(query.wanted);
    for (Term a : query.assertions) s.add(tr.get(a));
    for (const z3::expr& d : tr.side()) s.add(d);
    switch (s.check()) {
      case z3::unsat: r.answer = Answer::Unsat; return r;
      case z3::unknown:
        r.reason = s.reason_unknown();
        r.answer = unknown_kind(r.reason);
        return r;
      case z3::sat: break;
    }
    z3::model m = s.get_model();
    r.answer = Answer::Sat;
    for (Term w : query.wanted) {
      uint64_t v = 0;
      if (!read_value(c, m, w, tr.get(w), &v)) {
        r.answer = Answer::Error;
        r.reason = "z3: cannot read a model value of sort " + w.ctx().sort_text(w.sort());
        return r;
      }
      r.values.push_back(v);
    }
  } catch (const z3::exception& e) {
    r = CheckResult{};
    r.answer = Answer::Error;
    r.reason = std::string("z3: ") + e.msg();
  }
  return r;
}

}  // namespace cairn::smt
