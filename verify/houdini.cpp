// prune (houdini.h): the candidates a solver's model falsifies dropped round by round.
#include "verify/houdini.h"

#include "verify/side_query.h"

namespace cairn::smt {

Term conjunction(Context& c, const std::vector<Held>& set, At at) {
  Term all = c.boolean(true);
  for (const Held& x : set) all = all && x.at(at);
  return all;
}

bool prune(Context& c, const Pruning& how, std::vector<Held>& set, const std::vector<Term>& facts, bool assume_head,
           At at, std::string& why) {
  for (size_t round = 0; round <= how.max_rounds; ++round) {
    if (set.empty()) return true;
    std::vector<Term> assertions = facts;
    if (assume_head) assertions.push_back(conjunction(c, set, At::Head));
    assertions.push_back(!conjunction(c, set, at));
    std::vector<Term> wanted;
    for (const Held& x : set) wanted.push_back(x.at(at));
    Answers a = ask_side(assertions, wanted, SolverSet::only(how.solver), how.timeout_ms, "loop-induction", how.queries);
    const CheckResult& r = a[static_cast<size_t>(how.solver)];
    if (r.answer == Answer::Unsat) return true;
    if (r.answer != Answer::Sat || r.values.size() != set.size()) {
      why = std::string(solver_name(how.solver)) + " answered " + answer_name(r.answer) + " while looking for an invariant";
      return false;
    }
    std::vector<Held> kept;
    for (size_t i = 0; i < set.size(); ++i)
      if (r.values[i] != 0) kept.push_back(set[i]);
    if (kept.size() == set.size()) {
      why = "the solver's model falsified no candidate";
      return false;
    }
    set = std::move(kept);
  }
  why = "the invariant search did not settle";
  return false;
}

}  // namespace cairn::smt
