// The obligations' assertions: each a separate question over the shared inputs, asked on fresh solvers.
#include "verify/stages.h"

namespace cairn::smt {

namespace {

Term precondition_holds(Context& c, const Encodings& e) {
  if (!e.pre) return c.boolean(true);
  // The precondition function returns one bool: its one observed leaf.
  Term ret = e.pre->observed.empty() ? c.boolean(true) : e.pre->observed[0].value;
  return !e.pre->trapped && ret;
}

Term stage_assertion(Context& c, Stage stage, const Encodings& e) {
  Term admitted = e.in->admitted;
  Term d = domain(c, e);
  const Encoded& r = *e.ref;
  const Encoded& k = *e.cand;
  switch (stage) {
    case Stage::DomainTotality:
      return e.pre ? admitted && e.pre->trapped : c.boolean(false);
    case Stage::DomainNonempty:
      return d;
    case Stage::LoopUnrolling: {
      // The precondition's own loops count on every admitted input; the versions' on D.
      Term pre_past = e.pre ? e.pre->past_bound : c.boolean(false);
      return admitted && (pre_past || (d && (r.past_bound || k.past_bound)));
    }
    case Stage::ReferenceTotality:
      return d && r.trapped;
    case Stage::Equivalence: {
      Term both_defined = !r.trapped && !k.trapped;
      return d && (bxor(r.trapped, k.trapped) || (both_defined && observations_differ(c, r, k)));
    }
    case Stage::NanObservation:
      return d && ((!r.trapped && observes_nan(c, r)) || (!k.trapped && observes_nan(c, k)));
  }
  return c.boolean(false);
}

}  // namespace

Term domain(Context& c, const Encodings& e) { return e.in->admitted && precondition_holds(c, e); }

Query stage_query(Context& c, Stage stage, const Encodings& e, unsigned timeout_ms) {
  Query q;
  q.assertions.push_back(stage_assertion(c, stage, e));
  bool before_totality = stage == Stage::DomainTotality || stage == Stage::DomainNonempty || stage == Stage::LoopUnrolling;
  if (!e.assumed.is_null() && !(e.assumed_from_totality && before_totality)) q.assertions.push_back(e.assumed);
  if (e.within_bound) {
    // The unrolled encoding is exact where no loop starts a 17th iteration: a difference found there is real.
    q.assertions.push_back(!e.ref->past_bound && !e.cand->past_bound);
    if (e.pre) q.assertions.push_back(!e.pre->past_bound);
  }
  if (!e.pinned.is_null()) q.assertions.push_back(e.pinned);
  for (const InputLeaf& leaf : e.in->leaves) q.wanted.push_back(leaf.term);
  q.timeout_ms = timeout_ms;
  return q;
}

std::vector<Stage> stages_asked(bool allow_reference_traps) {
  std::vector<Stage> out;
#define STAGE(k, name, question) \
  if (!(Stage::k == Stage::ReferenceTotality && allow_reference_traps)) out.push_back(Stage::k);
#include "verify/stages.def"
#undef STAGE
  return out;
}

}  // namespace cairn::smt
