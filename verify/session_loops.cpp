// The loop stages of the stage loop: a proof for every trip count (induction.h), the search within the unrolling
// bound, and the search to --depth in a session of its own (docs/verify-loops.md).
#include "verify/induction.h"
#include "verify/session_steps.h"

namespace cairn::smt::detail {

// The search for a difference past the unrolling bound: both versions unrolled --depth iterations, over inputs that
// name as many elements, in a session of its own; a difference replayed there is real. True when one is found.
bool deep_search(Session& s, FunctionResult& out, nlohmann::ordered_json& queries) {
  unsigned depth = s.job->options.depth;
  if (depth <= kUnrollBound) return false;
  auto d = std::make_unique<Session>();
  d->job = s.job;
  d->ref = s.ref;
  d->cand = s.cand;
  d->ref_fn = s.ref_fn;
  d->cand_fn = s.cand_fn;
  d->pre_fn = s.pre_fn;
  d->in = make_inputs(d->ctx, *s.ref_fn, depth);
  if (d->in.unsupported) return false;
  const ir::Function* rf = s.ref->ir->find(s.ref_fn);
  const ir::Function* cf = s.cand->ir->find(s.cand_fn);
  EncodeOptions deep;
  deep.unroll = depth;
  d->ref_enc = encode_call(d->ctx, *s.ref->ir, *rf, d->in, deep);
  d->cand_enc = encode_call(d->ctx, *s.cand->ir, *cf, d->in, deep);
  if (s.pre_fn) d->pre_enc = encode_call(d->ctx, *s.ref->ir, *s.ref->ir->find(s.pre_fn), d->in, deep);
  if (d->ref_enc.unsupported || d->cand_enc.unsupported || (s.pre_fn && d->pre_enc.unsupported)) return false;
  d->within_bound = true;
  for (Stage st : {Stage::ReferenceTotality, Stage::Equivalence}) {
    if (st == Stage::ReferenceTotality && s.job->options.allow_reference_traps) continue;
    StageRun b = ask(*d, st, queries);
    if (b.decision.verdict == Verdict::Yes || b.decision.verdict == Verdict::Disagreement) {
      d->within_bound = false;
      conclude(*d, out, b, queries);
      out.record["search_depth"] = depth;
      return true;
    }
  }
  return false;
}

namespace {

// A proof for every trip count (induction.h): on success the session asks the remaining stages about the
// summarized encodings and "" is returned; else why not.
std::string try_induction(Session& s, nlohmann::ordered_json& queries) {
  const ir::Function* rf = s.ref->ir->find(s.ref_fn);
  const ir::Function* cf = s.cand->ir->find(s.cand_fn);
  EncodeOptions summarized;
  summarized.summarize_loops = true;
  s.ref_ind = encode_call(s.ctx, *s.ref->ir, *rf, s.in, summarized);
  s.cand_ind = encode_call(s.ctx, *s.cand->ir, *cf, s.in, summarized);
  if (s.ref_ind.unsupported || s.cand_ind.unsupported)
    return "The summarized loops are outside the modeled fragment (" +
           (s.ref_ind.unsupported ? *s.ref_ind.unsupported : *s.cand_ind.unsupported) + ")";
  LoopProofJob job;
  job.ctx = &s.ctx;
  job.ref = &s.ref_ind;
  job.cand = &s.cand_ind;
  job.domain = domain(s.ctx, s.encodings());
  job.solvers = s.job->options.solvers;
  job.timeout_ms = s.job->options.timeout_ms;
  job.queries = &queries;
  LoopProof p = prove_loops(job);
  if (!p.proved) return p.reason;
  s.inductive = true;
  s.assumed = p.assumption;
  s.invariants = p.invariants;
  // Loops inside the summarized ones, in callees or in the precondition are still unrolled.
  StageRun again = ask(s, Stage::LoopUnrolling, queries);
  if (again.decision.verdict == Verdict::No) return "";
  s.inductive = false;
  return "The top-level loops are related for every trip count, but a loop inside one of them, in a callee or in "
         "the precondition may run past 16 iterations";
}

}  // namespace

// Some loop may run past the unrolling bound. First a proof for every trip count, after which the remaining stages
// ask about the summarized encodings; failing that, a difference within the bound (the unrolled encoding is exact
// there, so a replayed one is real), then one within --depth. True when the comparison ends here.
bool past_the_bound(Session& s, FunctionResult& out, const StageRun& r, nlohmann::ordered_json& queries) {
  std::string why = try_induction(s, queries);
  if (why.empty()) return false;
  // No proof: a difference within the bound is still one (the unrolled encoding is exact there).
  s.within_bound = true;
  for (Stage st : {Stage::ReferenceTotality, Stage::Equivalence}) {
    if (st == Stage::ReferenceTotality && s.job->options.allow_reference_traps) continue;
    StageRun b = ask(s, st, queries);
    if (b.decision.verdict == Verdict::Yes || b.decision.verdict == Verdict::Disagreement) {
      s.within_bound = false;
      return conclude(s, out, b, queries);
    }
  }
  s.within_bound = false;
  if (deep_search(s, out, queries)) return true;
  unknown(s, out, r, loop_reason(s) + ". " + why);
  return true;
}

}  // namespace cairn::smt::detail
