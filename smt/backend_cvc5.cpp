// The cvc5 backend: terms to cvc5 terms through the C++ API, one check on a fresh solver, model values.
#include <cvc5/cvc5.h>

#include <unordered_map>

#include "smt/backend.h"

namespace cairn::smt {

namespace {

using cvc5::Kind;

class Cvc5Translation {
 public:
  Cvc5Translation(cvc5::Solver& s, const Context& terms) : s_(s), terms_(terms) {}

  void add(const std::vector<Term>& roots) {
    for (Term t : post_order(roots))
      if (!memo_.count(t.id())) memo_.emplace(t.id(), node(t));
  }
  cvc5::Term get(Term t) const { return memo_.at(t.id()); }
  const std::vector<cvc5::Term>& side() const { return side_; }

 private:
  cvc5::Sort sort(Sort s) {
    const SortInfo& i = terms_.info(s);
    switch (i.kind) {
      case SortKind::Bool: return s_.getBooleanSort();
      case SortKind::BitVec: return s_.mkBitVectorSort(i.a);
      case SortKind::Float: return s_.mkFloatingPointSort(i.a, i.b);
      case SortKind::Array: return s_.mkArraySort(sort(Sort{i.a}), sort(Sort{i.b}));
    }
    return s_.getBooleanSort();
  }
  cvc5::Term rm(uint64_t r) {
    switch (static_cast<Rounding>(r)) {
      case Rounding::NearestEven: return s_.mkRoundingMode(cvc5::ROUND_NEAREST_TIES_TO_EVEN);
      case Rounding::NearestAway: return s_.mkRoundingMode(cvc5::ROUND_NEAREST_TIES_TO_AWAY);
      case Rounding::TowardPositive: return s_.mkRoundingMode(cvc5::ROUND_TOWARD_POSITIVE);
      case Rounding::TowardNegative: return s_.mkRoundingMode(cvc5::ROUND_TOWARD_NEGATIVE);
      case Rounding::TowardZero: return s_.mkRoundingMode(cvc5::ROUND_TOWARD_ZERO);
    }
    return s_.mkRoundingMode(cvc5::ROUND_NEAREST_TIES_TO_EVEN);
  }
  cvc5::Term mk(Kind k, const std::vector<cvc5::Term>& a) { return s_.mkTerm(k, a); }
  cvc5::Term mk(Kind k, std::initializer_list<uint32_t> idx, const std::vector<cvc5::Term>& a) {
    return s_.mkTerm(s_.mkOp(k, idx), a);
  }
  cvc5::Term to_fp(Kind k, Term t, const std::vector<cvc5::Term>& a) {
    const SortInfo& f = terms_.info(t.sort());
    return mk(k, {f.a, f.b}, a);
  }
  cvc5::Term fp_bits(Term t, const cvc5::Term& x) {
    cvc5::Term b = s_.mkConst(sort(t.sort()), "bits!!" + std::to_string(side_.size() + 1));
    const SortInfo& f = terms_.info(t.arg(0).sort());
    side_.push_back(mk(Kind::EQUAL, {mk(Kind::FLOATINGPOINT_TO_FP_FROM_IEEE_BV, {f.a, f.b}, {b}), x}));
    return b;
  }
  cvc5::Term node(Term t);

  cvc5::Solver& s_;
  const Context& terms_;
  std::unordered_map<uint32_t, cvc5::Term> memo_;
  std::vector<cvc5::Term> side_;
};

cvc5::Term Cvc5Translation::node(Term t) {
  std::vector<cvc5::Term> a;
  for (size_t i = 0; i < t.num_args(); ++i) a.push_back(get(t.arg(i)));
  uint32_t p0 = static_cast<uint32_t>(t.p0()), p1 = static_cast<uint32_t>(t.p1());
  auto with_rm = [&](Kind k) {
    std::vector<cvc5::Term> b = {rm(t.p0())};
    b.insert(b.end(), a.begin(), a.end());
    return mk(k, b);
  };
  auto conv = [&](Kind k, std::initializer_list<uint32_t> idx) { return mk(k, idx, {rm(t.p0()), a[0]}); };
  switch (t.kind()) {
    case TermKind::Var: return s_.mkConst(sort(t.sort()), t.name());
    case TermKind::BoolConst: return s_.mkBoolean(t.p0() != 0);
    case TermKind::BvConst: return s_.mkBitVector(t.width(), t.p0());
    case TermKind::Not: return mk(Kind::NOT, a);
    case TermKind::And: return a.size() == 1 ? a[0] : mk(Kind::AND, a);
    case TermKind::Or: return a.size() == 1 ? a[0] : mk(Kind::OR, a);
    case TermKind::Xor: return mk(Kind::XOR, a);
    case TermKind::Implies: return mk(Kind::IMPLIES, a);
    case TermKind::Ite: return mk(Kind::ITE, a);
    case TermKind::Eq: return mk(Kind::EQUAL, a);
    case TermKind::BvNot: return mk(Kind::BITVECTOR_NOT, a);
    case TermKind::BvNeg: return mk(Kind::BITVECTOR_NEG, a);
    case TermKind::BvAnd: return mk(Kind::BITVECTOR_AND, a);
    case TermKind::BvOr: return mk(Kind::BITVECTOR_OR, a);
    case TermKind::BvXor: return mk(Kind::BITVECTOR_XOR, a);
    case TermKind::BvAdd: return mk(Kind::BITVECTOR_ADD, a);
    case TermKind::BvSub: return mk(Kind::BITVECTOR_SUB, a);
    case TermKind::BvMul: return mk(Kind::BITVECTOR_MULT, a);
    case TermKind::BvUdiv: return mk(Kind::BITVECTOR_UDIV, a);
    case TermKind::BvUrem: return mk(Kind::BITVECTOR_UREM, a);
    case TermKind::BvSdiv: return mk(Kind::BITVECTOR_SDIV, a);
    case TermKind::BvSrem: return mk(Kind::BITVECTOR_SREM, a);
    case TermKind::BvShl: return mk(Kind::BITVECTOR_SHL, a);
    case TermKind::BvLshr: return mk(Kind::BITVECTOR_LSHR, a);
    case TermKind::BvAshr: return mk(Kind::BITVECTOR_ASHR, a);
    case TermKind::BvUlt: return mk(Kind::BITVECTOR_ULT, a);
    case TermKind::BvUle: return mk(Kind::BITVECTOR_ULE, a);
    case TermKind::BvSlt: return mk(Kind::BITVECTOR_SLT, a);
    case TermKind::BvSle: return mk(Kind::BITVECTOR_SLE, a);
    case TermKind::Concat: return mk(Kind::BITVECTOR_CONCAT, a);
    case TermKind::Extract: return mk(Kind::BITVECTOR_EXTRACT, {p0, p1}, a);
    case TermKind::ZeroExtend: return mk(Kind::BITVECTOR_ZERO_EXTEND, {p0}, a);
    case TermKind::SignExtend: return mk(Kind::BITVECTOR_SIGN_EXTEND, {p0}, a);
    case TermKind::FpFromBits: return to_fp(Kind::FLOATINGPOINT_TO_FP_FROM_IEEE_BV, t, a);
    case TermKind::FpToBits: return fp_bits(t, a[0]);
    case TermKind::FpFromFp: case TermKind::FpFromSbv: case TermKind::FpFromUbv: {
      Kind k = t.kind() == TermKind::FpFromFp    ? Kind::FLOATINGPOINT_TO_FP_FROM_FP
               : t.kind() == TermKind::FpFromSbv ? Kind::FLOATINGPOINT_TO_FP_FROM_SBV
                                                 : Kind::FLOATINGPOINT_TO_FP_FROM_UBV;
      const SortInfo& f = terms_.info(t.sort());
      return conv(k, {f.a, f.b});
    }
    case TermKind::FpToSbv: return conv(Kind::FLOATINGPOINT_TO_SBV, {t.width()});
    case TermKind::FpToUbv: return conv(Kind::FLOATINGPOINT_TO_UBV, {t.width()});
    case TermKind::FpAdd: return with_rm(Kind::FLOATINGPOINT_ADD);
    case TermKind::FpSub: return with_rm(Kind::FLOATINGPOINT_SUB);
    case TermKind::FpMul: return with_rm(Kind::FLOATINGPOINT_MULT);
    case TermKind::FpDiv: return with_rm(Kind::FLOATINGPOINT_DIV);
    case TermKind::FpSqrt: return with_rm(Kind::FLOATINGPOINT_SQRT);
    case TermKind::FpRound: return with_rm(Kind::FLOATINGPOINT_RTI);
    case TermKind::FpNeg: return mk(Kind::FLOATINGPOINT_NEG, a);
    case TermKind::FpAbs: return mk(Kind::FLOATINGPOINT_ABS, a);
    case TermKind::FpEq: return mk(Kind::FLOATINGPOINT_EQ, a);
    case TermKind::FpLt: return mk(Kind::FLOATINGPOINT_LT, a);
    case TermKind::FpLeq: return mk(Kind::FLOATINGPOINT_LEQ, a);
    case TermKind::FpIsNan: return mk(Kind::FLOATINGPOINT_IS_NAN, a);
    case TermKind::FpIsInf: return mk(Kind::FLOATINGPOINT_IS_INF, a);
    case TermKind::FpIsZero: return mk(Kind::FLOATINGPOINT_IS_ZERO, a);
    case TermKind::FpIsNeg: return mk(Kind::FLOATINGPOINT_IS_NEG, a);
    case TermKind::Select: return mk(Kind::SELECT, a);
    case TermKind::Store: return mk(Kind::STORE, a);
    case TermKind::ConstArray: return s_.mkConstArray(sort(t.sort()), a[0]);
  }
  throw std::logic_error("smt: cvc5: unhandled term kind");
}

uint64_t bits_of_binary(const std::string& s) {
  uint64_t v = 0;
  for (char ch : s) v = (v << 1) | (ch == '1' ? 1 : 0);
  return v;
}

// The value of `e` in the model as in CheckResult::values; false when it cannot be read.
bool read_value(cvc5::Solver& s, Term t, const cvc5::Term& e, uint64_t* out) {
  const SortInfo& i = t.ctx().info(t.sort());
  cvc5::Term v = s.getValue(e);
  switch (i.kind) {
    case SortKind::Bool: *out = v.getBooleanValue() ? 1 : 0; return true;
    case SortKind::BitVec:
      *out = bits_of_binary(v.getBitVectorValue(2));
      return i.a <= 64;
    case SortKind::Float: {
      unsigned w = i.a + i.b;
      if (w != 32 && w != 64) return false;
      if (v.isFloatingPointNaN()) {
        *out = w == 32 ? 0x7FC00000u : 0x7FF8000000000000ull;
        return true;
      }
      *out = bits_of_binary(std::get<2>(v.getFloatingPointValue()).getBitVectorValue(2));
      return true;
    }
    case SortKind::Array: return false;
  }
  return false;
}

}  // namespace

CheckResult run_cvc5(const Query& query, const std::string& logic, unsigned timeout_ms) {
  CheckResult r;
  try {
    cvc5::Solver s;
    s.setOption("produce-models", "true");
    s.setOption("tlimit-per", std::to_string(timeout_ms));
    if (query.work_limit) s.setOption("rlimit-per", std::to_string(query.work_limit));
    s.setLogic(logic);
    if (query.assertions.empty() && query.wanted.empty()) {
      r.answer = Answer::Sat;
      return r;
    }
    const Context& terms = (query.assertions.empty() ? query.wanted : query.assertions)[0].ctx();
    Cvc5Translation tr(s, terms);
    tr.add(query.assertions);
    tr.add(query.wanted);
    for (Term a : query.assertions) s.assertFormula(tr.get(a));
    for (const cvc5::Term& d : tr.side()) s.assertFormula(d);
    cvc5::Result res = s.checkSat();
    if (res.isUnsat()) {
      r.answer = Answer::Unsat;
      return r;
    }
    if (!res.isSat()) {
      cvc5::UnknownExplanation why = res.getUnknownExplanation();
      r.answer = why == cvc5::TIMEOUT || why == cvc5::RESOURCEOUT ? Answer::Timeout : Answer::Unknown;
      r.reason = res.toString();
      return r;
    }
    r.answer = Answer::Sat;
    for (Term w : query.wanted) {
      uint64_t v = 0;
      if (!read_value(s, w, tr.get(w), &v)) {
        r.answer = Answer::Error;
        r.reason = "cvc5: cannot read a model value of sort " + w.ctx().sort_text(w.sort());
        return r;
      }
      r.values.push_back(v);
    }
  } catch (const cvc5::CVC5ApiException& e) {
    r = CheckResult{};
    r.answer = Answer::Error;
    r.reason = std::string("cvc5: ") + e.what();
  }
  return r;
}

}  // namespace cairn::smt
