// horn_invariant (induction_horn.h): Inv over both head states, the shared step count k and the inputs; one clause
// for the loops' start, one for a step of both, and one per state that must not be reached (the loops out of
// lockstep, a difference where both leave).
#include "verify/induction_horn.h"

#include <unordered_set>

#include "base/sha256.h"
#include "smt/horn.h"
#include "verify/record.h"

namespace cairn::smt {

HornInvariant horn_invariant(const LoopProofJob& job, const LoopSummary& r, const LoopSummary& k, Term base, Term goal) {
  Context& c = *job.ctx;
  HornInvariant out;
  HornProblem p;
  std::vector<Term> at_entry, at_post;
  std::unordered_set<uint32_t> have;
  auto param = [&](Term v, const std::string& shown, Term entry, Term post) {
    if (v.kind() != TermKind::Var || !have.insert(v.id()).second) return;
    p.params.push_back(v);
    p.display.push_back(shown);
    at_entry.push_back(entry);
    at_post.push_back(post);
  };
  for (int s = 0; s < 2; ++s) {
    const LoopSummary& l = s == 0 ? r : k;
    for (const LoopSummary::Leaf& leaf : l.leaves) {
      if (leaf.head.kind() != TermKind::Var || leaf.entry.is_null() || leaf.post.is_null()) {
        out.reason = "a head state that is not a variable with an entry and a next value";
        return out;
      }
      param(leaf.head, std::string(s == 0 ? "reference." : "candidate.") + leaf.name, leaf.entry, leaf.post);
    }
  }
  param(r.k, "k", c.bv(64, 0), r.k + c.bv(64, 1));
  // The inputs: every other variable the loops' terms read stays what it is from step to step.
  std::vector<Term> roots{base, r.reach, k.reach, r.cont, k.cont};
  for (const LoopSummary* l : {&r, &k})
    for (const LoopSummary::Leaf& leaf : l->leaves) roots.insert(roots.end(), {leaf.entry, leaf.post});
  for (Term v : post_order(roots)) param(v, v.name(), v, v);

  Term reach = r.reach && k.reach;
  Term start = base && reach && eq(r.k, c.bv(64, 0));
  for (size_t i = 0; i < p.params.size(); ++i)
    if (!same(p.params[i], at_entry[i])) start = start && eq(p.params[i], at_entry[i]);
  p.init = start;
  p.step = base && reach && r.cont && k.cont;
  p.next = at_post;
  p.bad.push_back(base && reach && bxor(r.cont, k.cont));
  if (!goal.is_null()) p.bad.push_back(base && reach && !r.cont && !k.cont && goal);
  p.readings = {at_entry, p.params, at_post};
  p.timeout_ms = job.timeout_ms;

  HornResult h = solve_horn(c, p);
  if (job.queries) {
    CheckResult as_check;
    as_check.answer = h.answer;
    as_check.reason = h.reason;
    as_check.logic = "HORN";
    as_check.milliseconds = h.milliseconds;
    job.queries->push_back(query_entry("loop-chc", Solver::Z3, as_check, job.timeout_ms, sha256_hex(h.script)));
  }
  if (h.answer != Answer::Sat || h.invariants.size() != 3) {
    out.reason = std::string("Spacer answered ") + answer_name(h.answer) + (h.reason.empty() ? "" : " (" + h.reason + ")");
    return out;
  }
  out.found = true;
  out.entry = h.invariants[0];
  out.head = h.invariants[1];
  out.post = h.invariants[2];
  out.text = h.text;
  return out;
}

}  // namespace cairn::smt
