// The generic builder's rules: the argument sorts and result sort of every term kind, boolean folding.
#include <stdexcept>

#include "smt/term.h"
#include "core/closed_set.h"

namespace cairn::smt {

namespace {

[[noreturn]] void ill_sorted(TermKind k, const std::string& why) {
  throw std::logic_error(std::string("smt: ill-sorted ") + term_name(k) + ": " + why);
}

struct Args {
  const Context& c;
  TermKind k;
  const std::vector<Term>& v;

  void count(size_t n) const {
    if (v.size() != n) ill_sorted(k, std::to_string(n) + " arguments expected");
  }
  SortKind kind(size_t i) const { return c.info(v[i].sort()).kind; }
  void is(size_t i, SortKind want) const {
    if (kind(i) != want) ill_sorted(k, "argument " + std::to_string(i) + " is " + c.sort_text(v[i].sort()));
  }
  void all(SortKind want) const {
    for (size_t i = 0; i < v.size(); ++i) is(i, want);
  }
  void same_sorts() const {
    for (size_t i = 1; i < v.size(); ++i)
      if (!(v[i].sort() == v[0].sort())) ill_sorted(k, "arguments of different sorts");
  }
  // n arguments of one sort of kind `want`.
  Sort uniform(size_t n, SortKind want) const {
    count(n);
    all(want);
    same_sorts();
    return v[0].sort();
  }
};

}  // namespace

Sort Context::result_sort(TermKind k, const std::vector<Term>& args, uint64_t p0, uint64_t p1, Sort result) {
  Args a{*this, k, args};
  auto want_result = [&](SortKind want) {
    if (info(result).kind != want) ill_sorted(k, "result sort " + sort_text(result));
    return result;
  };
  switch (k) {
    case TermKind::Var: case TermKind::BoolConst: case TermKind::BvConst:
      ill_sorted(k, "leaves are built by var / boolean / bv");
    case TermKind::Not: a.uniform(1, SortKind::Bool); return bool_sort();
    case TermKind::And: case TermKind::Or:
      if (args.empty()) ill_sorted(k, "no arguments");
      a.all(SortKind::Bool);
      return bool_sort();
    case TermKind::Xor: case TermKind::Implies: a.uniform(2, SortKind::Bool); return bool_sort();
    case TermKind::Ite:
      a.count(3);
      a.is(0, SortKind::Bool);
      if (!(args[1].sort() == args[2].sort())) ill_sorted(k, "branches of different sorts");
      return args[1].sort();
    case TermKind::Eq:
      a.count(2);
      a.same_sorts();
      return bool_sort();
    case TermKind::BvNot: case TermKind::BvNeg: return a.uniform(1, SortKind::BitVec);
    case TermKind::BvAnd: case TermKind::BvOr: case TermKind::BvXor: case TermKind::BvAdd: case TermKind::BvSub:
    case TermKind::BvMul: case TermKind::BvUdiv: case TermKind::BvUrem: case TermKind::BvSdiv: case TermKind::BvSrem:
    case TermKind::BvShl: case TermKind::BvLshr: case TermKind::BvAshr:
      return a.uniform(2, SortKind::BitVec);
    case TermKind::BvUlt: case TermKind::BvUle: case TermKind::BvSlt: case TermKind::BvSle:
      a.uniform(2, SortKind::BitVec);
      return bool_sort();
    case TermKind::Concat:
      a.count(2);
      a.all(SortKind::BitVec);
      return bv_sort(args[0].width() + args[1].width());
    case TermKind::Extract:
      a.uniform(1, SortKind::BitVec);
      if (p1 > p0 || p0 >= args[0].width()) ill_sorted(k, "bit range outside the width");
      return bv_sort(static_cast<unsigned>(p0 - p1 + 1));
    case TermKind::ZeroExtend: case TermKind::SignExtend:
      a.uniform(1, SortKind::BitVec);
      return bv_sort(args[0].width() + static_cast<unsigned>(p0));
    case TermKind::FpFromBits:
      a.uniform(1, SortKind::BitVec);
      want_result(SortKind::Float);
      if (info(result).a + info(result).b != args[0].width()) ill_sorted(k, "width differs from the format");
      return result;
    case TermKind::FpToBits: {
      Sort f = a.uniform(1, SortKind::Float);
      return bv_sort(info(f).a + info(f).b);
    }
    case TermKind::FpFromFp: a.uniform(1, SortKind::Float); return want_result(SortKind::Float);
    case TermKind::FpFromSbv: case TermKind::FpFromUbv:
      a.uniform(1, SortKind::BitVec);
      return want_result(SortKind::Float);
    case TermKind::FpToSbv: case TermKind::FpToUbv: a.uniform(1, SortKind::Float); return want_result(SortKind::BitVec);
    case TermKind::FpAdd: case TermKind::FpSub: case TermKind::FpMul: case TermKind::FpDiv:
      return a.uniform(2, SortKind::Float);
    case TermKind::FpSqrt: case TermKind::FpRound: case TermKind::FpNeg: case TermKind::FpAbs:
      return a.uniform(1, SortKind::Float);
    case TermKind::FpEq: case TermKind::FpLt: case TermKind::FpLeq:
      a.uniform(2, SortKind::Float);
      return bool_sort();
    case TermKind::FpIsNan: case TermKind::FpIsInf: case TermKind::FpIsZero: case TermKind::FpIsNeg:
      a.uniform(1, SortKind::Float);
      return bool_sort();
    case TermKind::Select:
      a.count(2);
      a.is(0, SortKind::Array);
      if (!(Sort{info(args[0].sort()).a} == args[1].sort())) ill_sorted(k, "index of another sort");
      return Sort{info(args[0].sort()).b};
    case TermKind::Store:
      a.count(3);
      a.is(0, SortKind::Array);
      if (!(Sort{info(args[0].sort()).a} == args[1].sort()) || !(Sort{info(args[0].sort()).b} == args[2].sort()))
        ill_sorted(k, "index or element of another sort");
      return args[0].sort();
    case TermKind::ConstArray:
      a.count(1);
      want_result(SortKind::Array);
      if (!(Sort{info(result).b} == args[0].sort())) ill_sorted(k, "element of another sort");
      return result;
  }
  ill_sorted(k, "unknown kind");
}

// Rewrites of bit-vector operations as a term is built (the encoder's constants stay constants, and the solvers
// see shifts and masks where a division or remainder is by a power of two): operations on two literals fold to
// a literal; unsigned division by 2^j is a logical shift right by j, the remainder a mask of the low j bits.
Term Context::fold_bv(TermKind k, const std::vector<Term>& args) {
  Term a = args[0], b = args[1];
  unsigned w = a.width();
  uint64_t mask = w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
  bool ca = a.kind() == TermKind::BvConst, cb = b.kind() == TermKind::BvConst;
  if (ca && cb) {
    uint64_t x = a.p0() & mask, y = b.p0() & mask;
    if (k == TermKind::BvAnd) return bv(w, x & y);
    if (k == TermKind::BvOr) return bv(w, x | y);
    if (k == TermKind::BvXor) return bv(w, x ^ y);
    if (k == TermKind::BvAdd) return bv(w, x + y);
    if (k == TermKind::BvSub) return bv(w, x - y);
    if (k == TermKind::BvMul) return bv(w, x * y);
    if (k == TermKind::BvUdiv) return bv(w, y == 0 ? mask : x / y);  // SMT-LIB: all ones by zero
    if (k == TermKind::BvUrem) return bv(w, y == 0 ? x : x % y);     // the dividend by zero
    if (k == TermKind::BvUlt) return boolean(x < y);
    if (k == TermKind::BvUle) return boolean(x <= y);
    return {};
  }
  // Identities with a literal operand (x + 0, x | 0, x ^ 0, x - 0, x * 1, x & all ones; x * 0 and x & 0 are 0), so
  // that an index k + 0 reads the same element term as k.
  auto is = [&](Term t, uint64_t v) { return t.kind() == TermKind::BvConst && (t.p0() & mask) == (v & mask); };
  // An if per kind, as the literal folds above: these identities concern a few kinds of the closed TermKind set,
  // which a switch could only leave to a default.
  if (k == TermKind::BvAdd || k == TermKind::BvOr || k == TermKind::BvXor) {
    if (is(a, 0)) return b;
    if (is(b, 0)) return a;
  } else if (k == TermKind::BvSub) {
    if (is(b, 0)) return a;
  } else if (k == TermKind::BvMul) {
    if (is(a, 1)) return b;
    if (is(b, 1)) return a;
    if (is(a, 0) || is(b, 0)) return bv(w, 0);
  } else if (k == TermKind::BvAnd) {
    if (is(a, ~uint64_t{0})) return b;
    if (is(b, ~uint64_t{0})) return a;
    if (is(a, 0) || is(b, 0)) return bv(w, 0);
  }
  if (cb && (k == TermKind::BvUdiv || k == TermKind::BvUrem)) {
    uint64_t y = b.p0() & mask;
    if (y != 0 && (y & (y - 1)) == 0) {
      unsigned j = 0;
      while ((uint64_t{1} << j) != y) ++j;
      if (k == TermKind::BvUdiv) return j == 0 ? a : make(TermKind::BvLshr, {a, bv(w, j)});
      return make(TermKind::BvAnd, {a, bv(w, y - 1)});
    }
  }
  // A remainder is below its divisor exactly when the divisor is not zero (SMT-LIB: x % 0 is x, never below 0):
  // the identity a solver's bit-blasting takes long to find (a recursion's measure gcd(b, a % b)).
  if (k == TermKind::BvUlt && a.kind() == TermKind::BvUrem && same(a.arg(1), b))
    return make(TermKind::Not, {make(TermKind::Eq, {b, bv(w, 0)})});
  return {};
}

// Reads and writes at literal indices through a chain of writes at literal indices: a read of the element last
// written there, or past a write elsewhere; a read of a constant array; a write over a write at the same index.
// So an unrolled loop's element reads stay element terms instead of a solver's case split per write.
Term Context::fold_array(TermKind k, const std::vector<Term>& args) {
  Term a = args[0], i = args[1];
  if (k == TermKind::Store) {
    if (a.kind() == TermKind::Store && same(a.arg(1), i)) return make(TermKind::Store, {a.arg(0), i, args[2]});
    return {};
  }
  if (a.kind() == TermKind::ConstArray) return a.arg(0);
  if (a.kind() != TermKind::Store || i.kind() != TermKind::BvConst || a.arg(1).kind() != TermKind::BvConst) return {};
  if (same(a.arg(1), i)) return a.arg(2);
  return make(TermKind::Select, {a.arg(0), i});  // interned: distinct literals differ in value
}

// An arm that decides on the same condition again takes its side: ite(c, x, ite(c, p, q)) is ite(c, x, q), and an
// operand ite(c, p, q) of the then arm's operation is p (an accumulator guarded by one path condition at every
// step of an unrolled loop, acc' = ite(c, acc + v, acc), stays one sum under one condition).
Term Context::fold_ite(Term c, Term t, Term e) {
  auto taken = [&](Term x, bool then) {
    return x.kind() == TermKind::Ite && same(x.arg(0), c) ? x.arg(then ? 1 : 2) : x;
  };
  Term e2 = taken(e, false), t2 = taken(t, true);
  if (same(t2, t) && t.num_args() == 2 && t.kind() != TermKind::Ite && c.ctx().info(t.sort()).kind == SortKind::BitVec) {
    Term a = taken(t.arg(0), true), b = taken(t.arg(1), true);
    if (!same(a, t.arg(0)) || !same(b, t.arg(1))) t2 = make(t.kind(), {a, b}, t.p0(), t.p1(), t.sort());
  }
  if (same(t2, t) && same(e2, e)) return {};
  return make(TermKind::Ite, {c, t2, e2});
}

// A literal's bits extracted or extended are a literal of the result's width; a whole-width extract is its argument.
Term Context::fold_resize(TermKind k, Term a, Sort s, uint64_t lo) {
  unsigned from = a.width(), to = info(s).a;
  if (to == from) return a;
  if (a.kind() != TermKind::BvConst || to > 64) return {};
  uint64_t x = a.p0() & (from >= 64 ? ~uint64_t{0} : (uint64_t{1} << from) - 1);
  if (k == TermKind::Extract) return bv(to, lo >= 64 ? 0 : x >> lo);
  if (k == TermKind::SignExtend && from < 64 && ((x >> (from - 1)) & 1)) x |= ~uint64_t{0} << from;
  return bv(to, x);
}

// Folds boolean constants so that guards and path conditions stay small, and the float of a float's
// bits (to_fp b = x defines b); null when nothing folds.
Term Context::simplify(TermKind k, const std::vector<Term>& args, Sort s, uint64_t p1) {
  switch (k) {
    case TermKind::FpFromBits:
      if (args[0].kind() == TermKind::FpToBits && args[0].arg(0).sort() == s) return args[0].arg(0);
      return {};
    case TermKind::Not:
      if (args[0].kind() == TermKind::BoolConst) return boolean(!args[0].is_true());
      if (args[0].kind() == TermKind::Not) return args[0].arg(0);
      return {};
    case TermKind::And: case TermKind::Or: {
      bool is_and = k == TermKind::And;
      std::vector<Term> kept;
      for (Term a : args) {
        if (is_and ? a.is_false() : a.is_true()) return boolean(!is_and);
        if (is_and ? a.is_true() : a.is_false()) continue;
        // A repeated operand, or one that is already an operand of another (x && y) && y, is dropped: a path
        // condition conjoined again with a guard it holds stays one term.
        bool repeated = false;
        for (Term b : kept) repeated = repeated || same(a, b);
        if (!repeated) kept.push_back(a);
      }
      if (kept.size() == 2)
        for (int i = 0; i < 2; ++i) {
          Term whole = kept[i], part = kept[1 - i];
          if (whole.kind() != k) continue;
          for (size_t j = 0; j < whole.num_args(); ++j)
            if (same(whole.arg(j), part)) return whole;
        }
      if (kept.empty()) return boolean(is_and);
      if (kept.size() == 1) return kept[0];
      if (kept.size() != args.size()) return make(k, kept);
      return {};
    }
    case TermKind::Implies:
      if (args[0].is_true()) return args[1];
      if (args[0].is_false() || args[1].is_true()) return boolean(true);
      return {};
    case TermKind::Ite:
      if (args[0].is_true() || same(args[1], args[2])) return args[1];
      if (args[0].is_false()) return args[2];
      if (args[1].is_true() && args[2].is_false()) return args[0];
      return fold_ite(args[0], args[1], args[2]);
    case TermKind::Eq: {
      if (same(args[0], args[1])) return boolean(true);
      bool consts = (args[0].kind() == TermKind::BoolConst || args[0].kind() == TermKind::BvConst) &&
                    args[1].kind() == args[0].kind();
      if (consts) return boolean(false);  // interned: distinct literal nodes of one sort differ in value
      return {};
    }
    case TermKind::BvAnd: case TermKind::BvOr: case TermKind::BvXor: case TermKind::BvAdd: case TermKind::BvSub:
    case TermKind::BvMul: case TermKind::BvUdiv: case TermKind::BvUrem: case TermKind::BvUlt: case TermKind::BvUle:
      return fold_bv(k, args);
    case TermKind::Extract: case TermKind::ZeroExtend: case TermKind::SignExtend:
      return fold_resize(k, args[0], s, k == TermKind::Extract ? p1 : 0);
    case TermKind::BvShl: case TermKind::BvLshr:
      // A shift by 0 is the value itself.
      if (args[1].kind() == TermKind::BvConst && args[1].p0() == 0) return args[0];
      return {};
    case TermKind::Var: case TermKind::BoolConst: case TermKind::BvConst: case TermKind::Xor:
    case TermKind::BvNot: case TermKind::BvNeg: case TermKind::BvSdiv: case TermKind::BvSrem:
    case TermKind::BvAshr:
    case TermKind::BvSlt: case TermKind::BvSle: case TermKind::Concat:
    case TermKind::FpToBits:
    case TermKind::FpFromFp: case TermKind::FpFromSbv: case TermKind::FpFromUbv: case TermKind::FpToSbv:
    case TermKind::FpToUbv: case TermKind::FpAdd: case TermKind::FpSub: case TermKind::FpMul:
    case TermKind::FpDiv: case TermKind::FpSqrt: case TermKind::FpRound: case TermKind::FpNeg:
    case TermKind::FpAbs: case TermKind::FpEq: case TermKind::FpLt: case TermKind::FpLeq:
    case TermKind::FpIsNan: case TermKind::FpIsInf: case TermKind::FpIsZero: case TermKind::FpIsNeg:
    case TermKind::ConstArray:
      return {};
    case TermKind::Select: case TermKind::Store:
      return fold_array(k, args);
  }
  outside_closed_set("smt::TermKind");
}

}  // namespace cairn::smt
