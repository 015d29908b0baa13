// The loop stages of the stage loop: a proof for every trip count (induction.h), the search within the unrolling
// bound, and the search to --depth in a session of its own (docs/verify-loops.md).
#include "verify/induction.h"
#include "verify/induction_recursion.h"
#include "verify/recursion.h"
#include "verify/session_steps.h"

namespace cairn::smt::detail {

namespace {

constexpr unsigned kShallowDepth = 24;

// Element patterns for the deep search: per pattern, every bit-vector element leaf of every view or Buf fixed (all
// zero, all one, all ones, its index, a scrambled index); none where the inputs have no such leaf.
std::vector<Term> element_patterns(Context& c, const Inputs& in) {
  std::vector<Term> out;
  for (unsigned pattern = 0; pattern < 5; ++pattern) {
    Term all = c.boolean(true);
    bool any = false;
    for (const ParamInput& p : in.params)
      for (size_t i = 0; i < p.elements.size(); ++i) {
        Term t = in.leaves.at(p.elements[i]).term;
        if (c.info(t.sort()).kind != SortKind::BitVec) continue;
        uint64_t v = pattern == 0 ? 0 : pattern == 1 ? 1 : pattern == 2 ? ~uint64_t{0} : pattern == 3 ? i
                     : (i * 2654435761u + 40503u) >> 7;
        all = all && eq(t, bv_like(t, v));
        any = true;
      }
    if (any) out.push_back(all);
  }
  return out;
}

// One level of deep_search (below): both versions unrolled `depth` iterations over inputs naming as many elements.
bool deep_search_at(Session& s, FunctionResult& out, nlohmann::ordered_json& queries, unsigned depth) {
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
  // A version that calls itself: as many calls inlined (a witness is replayed, so the abstracted ones past them
  // cannot make a difference up).
  deep.abstract_recursion = s.recursive;
  deep.recursion_depth = depth;
  d->ref_enc = encode_call(d->ctx, *s.ref->ir, *rf, d->in, deep);
  d->cand_enc = encode_call(d->ctx, *s.cand->ir, *cf, d->in, deep);
  if (s.pre_fn) d->pre_enc = encode_call(d->ctx, *s.ref->ir, *s.ref->ir->find(s.pre_fn), d->in, deep);
  if (d->ref_enc.unsupported || d->cand_enc.unsupported || (s.pre_fn && d->pre_enc.unsupported)) return false;
  d->within_bound = true;
  // The whole input space first; where that is not decided, every element fixed to one of a few patterns in turn
  // (the remaining leaves, lengths among them, left to the solver): far smaller queries, whose models replay alike.
  std::vector<Term> patterns = element_patterns(d->ctx, d->in);
  for (size_t p = 0; p <= patterns.size(); ++p) {
    d->pinned = p == 0 ? Term{} : patterns[p - 1];
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
  }
  return false;
}

}  // namespace

// The search for a difference past the unrolling bound: both versions unrolled --depth iterations, over inputs that
// name as many elements, in a session of its own; a difference replayed there is real. True when one is found.
bool deep_search(Session& s, FunctionResult& out, nlohmann::ordered_json& queries) {
  // Iterative deepening: a difference a few iterations past the bound is found at a shallow depth, whose queries are
  // far smaller than those at --depth.
  unsigned depth = s.job->options.depth;
  if (depth > kShallowDepth && deep_search_at(s, out, queries, kShallowDepth)) return true;
  return deep_search_at(s, out, queries, depth);
}

namespace {

LoopProofJob loop_job(Session& s, nlohmann::ordered_json& queries) {
  LoopProofJob job;
  job.ctx = &s.ctx;
  job.ref = &s.ref_ind;
  job.cand = &s.cand_ind;
  job.domain = domain(s.ctx, s.encodings());
  job.solvers = s.job->options.solvers;
  job.timeout_ms = s.job->options.timeout_ms;
  job.queries = &queries;
  return job;
}

// The pairings a proof for every trip count tries, in order (docs/verify-loops.md): the loops as they are; where
// the versions' top-level loops differ by one, a tiling split, else a loop run twice; then k-to-1 steps for a pair
// not related in lockstep. Each re-encodes the versions with other loop plans.
class Alignment {
 public:
  Alignment(Session& s, nlohmann::ordered_json& queries) : s_(s) {
    rf_ = s.ref->ir->find(s.ref_fn);
    cf_ = s.cand->ir->find(s.cand_fn);
    ref_.summarize_loops = cand_.summarize_loops = true;
    encode();
    job_ = loop_job(s, queries);
  }
  bool unsupported() const { return s_.ref_ind.unsupported || s_.cand_ind.unsupported; }

  LoopProof prove() {
    LoopProof p = prove_loops(job_);
    first_reason_ = p.reason;
    if (!p.proved && p.failed_pair < 0 &&
        (plan_split(s_.ref_ind, s_.cand_ind, ref_.loop_plans) || plan_split(s_.cand_ind, s_.ref_ind, cand_.loop_plans))) {
      encode();
      if (!unsupported()) p = prove_loops(job_);
    }
    if (!p.proved && p.failed_pair < 0 && s_.ref_ind.loops.size() != s_.cand_ind.loops.size()) {
      Encoded r0 = s_.ref_ind, k0 = s_.cand_ind;
      if (!twice(r0, k0, ref_.loop_plans, p) && !twice(k0, r0, cand_.loop_plans, p)) {
        encode();
        p.failed_pair = -1;  // the pairs it names were those of a run twice
      }
    }
    strides(p);
    return p;
  }
  // Why no pairing was proved: the first attempt's reason, and the last other one's.
  std::string reason(const LoopProof& p) const {
    return p.reason == first_reason_ ? first_reason_ : first_reason_ + ". Aligned otherwise: " + p.reason;
  }

 private:
  void encode() {
    s_.ref_ind = encode_call(s_.ctx, *s_.ref->ir, *rf_, s_.in, ref_);
    s_.cand_ind = encode_call(s_.ctx, *s_.cand->ir, *cf_, s_.in, cand_);
  }
  // The longer version's loop j steps by a literal F (i += F) and loop j + 1 does not: the shorter one's loop j split
  // in steps of F while F iterations remain and the rest (a loop tiled by F and its tail loop).
  static bool plan_split(const Encoded& shorter, const Encoded& longer, std::vector<LoopPlan>& plans) {
    if (shorter.loops.size() + 1 != longer.loops.size()) return false;
    for (size_t j = 0; j + 1 < longer.loops.size(); ++j) {
      unsigned f = literal_stride(longer.loops[j]);
      if (f <= 1 || literal_stride(longer.loops[j + 1]) > 1) continue;
      plans.assign(j + 1, LoopPlan{});
      plans[j] = LoopPlan{f, true};
      return true;
    }
    return false;
  }
  // A loop of the shorter version run twice over, each run paired with one of the longer one's loops (a loop split
  // in two, two loops fused), each place in turn; true when one is proved (then `p` is its proof).
  bool twice(const Encoded& shorter, const Encoded& longer, std::vector<LoopPlan>& plans, LoopProof& p) {
    if (shorter.loops.size() + 1 != longer.loops.size()) return false;
    for (size_t j = 0; j < shorter.loops.size(); ++j) {
      plans.assign(j + 1, LoopPlan{});
      plans[j].twice = true;
      encode();
      if (unsupported()) continue;
      p = prove_loops(job_);
      if (p.proved) return true;
    }
    plans.clear();
    return false;
  }
  // A pair not related, where one loop steps by a literal F and the other by one: once more with the other one's
  // summarized step holding F iterations (k-to-1), each pair at most once.
  void strides(LoopProof& p) {
    while (!p.proved && p.failed_pair >= 0 && !unsupported()) {
      size_t j = static_cast<size_t>(p.failed_pair);
      if (j >= s_.ref_ind.loops.size() || j >= s_.cand_ind.loops.size()) return;
      unsigned fr = literal_stride(s_.ref_ind.loops[j]), fk = literal_stride(s_.cand_ind.loops[j]);
      bool ref_side = fk > 1 && fr == 1;
      unsigned f = ref_side ? fk : fr;
      std::vector<LoopPlan>& plans = ref_side ? ref_.loop_plans : cand_.loop_plans;
      size_t source = (ref_side ? s_.ref_ind : s_.cand_ind).loops[j].source;
      if (f <= 1 || fk == fr || (source < plans.size() && plans[source].factor > 1)) return;
      if (plans.size() <= source) plans.resize(source + 1);
      plans[source].factor = f;
      encode();
      if (unsupported()) return;
      p = prove_loops(job_);
    }
  }

  Session& s_;
  const ir::Function* rf_ = nullptr;
  const ir::Function* cf_ = nullptr;
  EncodeOptions ref_, cand_;
  LoopProofJob job_;
  std::string first_reason_;
};

// One version calls itself and has no loop, the other loops (induction_recursion.h): the loop related to the
// recursive function, which must end on every argument (a measure both solvers check) for that to be exact.
LoopProof against_recursion(Session& s, nlohmann::ordered_json& queries) {
  LoopProof p;
  int rec = s.ref_enc.calls.empty() ? 1 : 0;
  if (s.ref_enc.calls.empty() == s.cand_enc.calls.empty()) {
    p.reason = "both versions call themselves and one of them loops past the unrolling bound: a loop is related "
               "to a recursion only where the other version does not call itself";
    return p;
  }
  Termination t = termination(s.recursion_job(&queries));
  if (!t.proved) {
    p.reason = "relating the loop to the recursion needs the recursion to end on every argument, which is " +
               t.measures[rec == 0 ? "reference" : "candidate"].get<std::string>();
    return p;
  }
  EncodeOptions o;
  o.summarize_loops = o.abstract_recursion = true;
  s.ref_ind = encode_call(s.ctx, *s.ref->ir, *s.ref->ir->find(s.ref_fn), s.in, o);
  s.cand_ind = encode_call(s.ctx, *s.cand->ir, *s.cand->ir->find(s.cand_fn), s.in, o);
  if (s.ref_ind.unsupported || s.cand_ind.unsupported) {
    p.reason = "the summarized loop is outside the modeled fragment (" +
               (s.ref_ind.unsupported ? *s.ref_ind.unsupported : *s.cand_ind.unsupported) + ")";
    return p;
  }
  LoopRecursionJob j;
  j.loops = loop_job(s, queries);
  j.rec_side = rec;
  j.in = &s.in;
  RecursionJob r = s.recursion_job(nullptr);
  j.rec_module = rec == 0 ? r.ref_module : r.cand_module;
  j.rec_fn = rec == 0 ? r.ref_fn : r.cand_fn;
  j.totality = r.totality;
  j.pre_module = r.pre_module;
  j.pre = r.pre;
  return prove_loop_against_recursion(j);
}

// A proof for every trip count (induction.h): on success the session asks the remaining stages about the
// summarized encodings and "" is returned; else why not.
std::string try_induction(Session& s, nlohmann::ordered_json& queries) {
  LoopProof p;
  if (s.recursive) {
    p = against_recursion(s, queries);
    if (!p.proved) return "The loop could not be related to the recursion: " + p.reason;
  } else {
    Alignment align(s, queries);
    if (align.unsupported())
      return "The summarized loops are outside the modeled fragment (" +
             (s.ref_ind.unsupported ? *s.ref_ind.unsupported : *s.cand_ind.unsupported) + ")";
    p = align.prove();
    if (!p.proved) return align.reason(p);
  }
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

bool strengthen_loops(Session& s, Stage stage, nlohmann::ordered_json& queries) {
  if (s.strengthened || s.ref_ind.loops.size() != 1 || s.cand_ind.loops.size() != 1) return false;
  s.strengthened = true;
  Encodings e = s.encodings();
  e.assumed = Term{};
  LoopProofJob job = loop_job(s, queries);
  job.goal = stage_query(s.ctx, stage, e, s.job->options.timeout_ms).assertions.at(0);
  LoopProof p = prove_loops(job);
  if (!p.proved) return false;
  s.assumed = p.assumption;
  s.invariants = p.invariants;
  return true;
}

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
