// Constrained Horn clauses over one relation, solved by Z3's Spacer engine (horn_z3.cpp): a loop's invariant
// where templates do not find one (verify/induction.cpp). What Spacer answers is only a candidate: the caller
// re-checks the invariant with every chosen solver before it counts.
#pragma once
#include <string>
#include <vector>

#include "smt/backend.h"
#include "smt/term.h"

namespace cairn::smt {

// The clauses, over an unknown relation Inv(params):
//   init                     -> Inv(params)
//   Inv(params) && step      -> Inv(next)        (next: one term per param)
//   Inv(params) && bad[i]    -> false
// Every variable of a clause other than the params is universally quantified in that clause alone.
struct HornProblem {
  std::vector<Term> params;  // Var terms
  Term init, step;
  std::vector<Term> next;
  std::vector<Term> bad;
  unsigned timeout_ms = 3000;
  // How a solution is read back: per reading, one term per param put in its place (the invariant at the loop's
  // entry, head, after one step); per param, the name the invariant's text gives it.
  std::vector<std::vector<Term>> readings;
  std::vector<std::string> display;
};

struct HornResult {
  // Sat: an interpretation of Inv satisfies every clause (`invariant`); Unsat: none does (the bad states are
  // reachable from init); Timeout, Unknown, Error otherwise, with Spacer's words in `reason`.
  Answer answer = Answer::Error;
  std::string reason;
  std::vector<Term> invariants;  // Sat: the relation's interpretation under each reading, in the caller's Context
  std::string text;              // Sat: that interpretation written over the display names
  double milliseconds = 0;
  std::string script;            // the clauses as Z3 prints them (SMT-LIB), for the record's query hash
};

HornResult solve_horn(Context& c, const HornProblem& p);

}  // namespace cairn::smt
