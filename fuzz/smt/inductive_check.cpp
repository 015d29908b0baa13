// inductive_encoding and check_inductive (inductive_check.h).
#include "fuzz/smt/inductive_check.h"

#include "fuzz/smt/concrete_query.h"
#include "verify/induction.h"

namespace cairn::fuzz {

namespace {

std::optional<smt::Term> scalar_is(smt::Context& c, const smt::Observed& o, smt::Term t, uint64_t bits) {
  if (check::scalar_is_float(o.type)) return std::nullopt;
  return smt::eq(t, scalar_term(c, o.type, bits));
}

std::optional<smt::Term> array_is(smt::Context& c, const smt::Observed& o, const std::vector<uint64_t>& elems) {
  if (check::scalar_is_float(o.type)) return std::nullopt;
  smt::Term all = smt::eq(o.length, c.bv(64, elems.size()));
  for (size_t k = 0; k < elems.size(); ++k)
    all = all && smt::eq(smt::select(o.array, c.bv(64, k)), scalar_term(c, o.type, elems[k]));
  return all;
}

// The encoding's outcome is the run's: the same definedness, and (defined) every observed part equal as data.
std::optional<smt::Term> outcome_is(smt::Context& c, const smt::Inputs& in, const smt::Encoded& e,
                                    const sem::CallOutcome& run) {
  if (!run.defined) return e.trapped;
  size_t rw = 0;
  for (const smt::ParamInput& p : in.params) rw += p.rw ? 1 : 0;
  if (e.observed.size() < rw || run.ret_leaves.size() != e.observed.size() - rw) return std::nullopt;
  smt::Term all = !e.trapped;
  size_t at = 0;
  for (; at < e.observed.size() - rw; ++at) {
    const smt::Observed& o = e.observed[at];
    const sem::ObservedLeaf& r = run.ret_leaves[at];
    all = all && smt::eq(o.relevant, c.boolean(r.relevant));
    if (!r.relevant) continue;
    std::optional<smt::Term> t = o.is_array ? array_is(c, o, r.elems) : scalar_is(c, o, o.value, r.bits);
    if (!t) return std::nullopt;
    all = all && *t;
  }
  for (size_t p = 0; p < in.params.size(); ++p) {
    if (!in.params[p].rw) continue;
    const smt::Observed& o = e.observed.at(at++);
    const std::vector<uint64_t>& w = p < run.written.size() ? run.written[p] : std::vector<uint64_t>{};
    std::optional<smt::Term> t = o.is_array ? array_is(c, o, w)
                                 : w.size() == 1 ? scalar_is(c, o, o.value, w[0])
                                                 : std::nullopt;
    if (!t) return std::nullopt;
    all = all && *t;
  }
  return all;
}

}  // namespace

std::optional<InductiveEncoding> inductive_encoding(smt::Context& c, const smt::Side& side, const check::FnInfo& fn,
                                                    const smt::Inputs& in, const smt::SolverSet& solvers,
                                                    unsigned timeout_ms, bool* timed_out) {
  const ir::Function* body = side.ir->find(&fn);
  if (!body || in.unsupported) return std::nullopt;
  smt::EncodeOptions summarized;
  summarized.summarize_loops = true;
  InductiveEncoding out;
  out.enc = smt::encode_call(c, *side.ir, *body, in, summarized);
  if (out.enc.unsupported || out.enc.loops.empty()) return std::nullopt;
  smt::LoopProofJob job;
  job.ctx = &c;
  job.ref = &out.enc;
  job.cand = &out.enc;
  job.domain = in.admitted;
  job.solvers = solvers;
  job.timeout_ms = timeout_ms;
  nlohmann::ordered_json queries = nlohmann::ordered_json::array();
  job.queries = &queries;
  smt::LoopProof p = smt::prove_loops(job);
  if (!p.proved) {
    if (timed_out)
      for (const auto& q : queries)
        if (q.value("status", "") == smt::answer_name(smt::Answer::Timeout)) *timed_out = true;
    return std::nullopt;
  }
  out.assumed = p.assumption;
  return out;
}

std::optional<InductiveMiss> check_inductive(smt::Context& c, const smt::Inputs& in, const InductiveEncoding& ind,
                                             const std::vector<uint64_t>& values, const sem::CallOutcome& run,
                                             const smt::SolverSet& solvers, unsigned timeout_ms) {
  std::optional<smt::Term> same = outcome_is(c, in, ind.enc, run);
  if (!same) return std::nullopt;
  smt::Query q = concrete_query(c, in, ind.enc, values, timeout_ms);
  q.wanted.clear();
  q.assertions.push_back(ind.assumed);
  q.assertions.push_back(!ind.enc.past_bound);
  q.assertions.push_back(*same);
  smt::Answers a = smt::solve(q, solvers);
  for (smt::Solver s : smt::all_solvers())
    if (solvers.has(s) && a[static_cast<size_t>(s)].answer == smt::Answer::Unsat)
      return InductiveMiss{smt::solver_name(s), std::string(smt::solver_name(s)) +
                                                    " finds the interpreter's outcome impossible under the loops' "
                                                    "summaries and invariants"};
  return std::nullopt;
}

}  // namespace cairn::fuzz
