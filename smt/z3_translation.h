// Terms to Z3 ASTs through the C/C++ API (backend_z3.cpp's checks, horn_z3.cpp's Horn clauses), and Z3's unknown
// answers read.
#pragma once
#include <z3++.h>

#include <unordered_map>
#include <vector>

#include "smt/backend.h"
#include "smt/term.h"

namespace cairn::smt {

// Translates the nodes under some roots once each; a node's AST by get().
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

// Z3's reason for an unknown answer as an Answer: Timeout for a time or work limit ("resource limit": a query's
// work_limit ran out, a timeout counted in work), else Unknown.
Answer z3_unknown_answer(const std::string& reason);

}  // namespace cairn::smt
