// The fallback of a relational loop proof (induction.h) where Houdini's candidates do not relate a pair: the
// product of the two loops as constrained Horn clauses, solved by Z3's Spacer (smt/horn.h). Its answer is a
// candidate invariant only: prove_loops re-checks it with every chosen solver.
#pragma once
#include <string>

#include "verify/induction.h"

namespace cairn::smt {

struct HornInvariant {
  bool found = false;
  Term entry, head, post;  // the invariant when the loops start (k = 0), at the head of step k, after it
  std::string text;        // over reference.NAME, candidate.NAME, NAME@entry and k
  std::string reason;      // not found: Spacer's answer
};

// `base`: the domain and what earlier pairs established; `goal` (null: none): a difference after the loops, which
// an invariant must rule out where both leave.
HornInvariant horn_invariant(const LoopProofJob& job, const LoopSummary& r, const LoopSummary& k, Term base, Term goal);

}  // namespace cairn::smt
