// The stage loop of one function: each obligation asked on both solvers, sats narrowed and replayed, the
// answers combined (rules 1-5), and the first stage that decides ends the comparison.
#include "verify/session.h"
#include "verify/session_steps.h"

#include "base/atomic_file.h"
#include "base/sha256.h"
#include "smt/smtlib.h"
#include "verify/record.h"
#include "verify/recursion.h"
#include "verify/witness.h"
#include "verify/write.h"

namespace cairn::smt {

namespace detail {

constexpr size_t kMaxQueryBytes = size_t{8} << 20;

Attempt attempt(Session& s, Stage stage, const Query& q, Solver solver, const CheckResult& first) {
  Attempt a;
  a.solver = solver;
  Narrowed n = narrow(s.ctx, q, s.in, solver, first, &ask_in_child);
  if (!n.ok) {
    a.failure = n.reason;
    return a;
  }
  a.args = args_from_values(s.in, n.values);
  Callee pre = s.pre_callee();
  a.replayed = replay(stage, a.args, s.pre_fn ? &pre : nullptr, s.ref_callee(), s.cand_callee());
  std::string why;
  switch (judge(stage, a.replayed, s.ref_callee(), &why)) {
    case ReplayFinding::Confirmed: a.confirmed = true; break;
    case ReplayFinding::PreconditionDisagreement: a.failure = "Solver/concrete precondition disagreement"; break;
    case ReplayFinding::ReplayDisagreed: a.failure = "Solver/concrete replay disagreed"; break;
    case ReplayFinding::Unreplayable: a.failure = "Solver/concrete replay not possible: " + why; break;
  }
  return a;
}

std::array<Answer, kSolverCount> answers_of(const Answers& a) {
  std::array<Answer, kSolverCount> out{};
  for (size_t i = 0; i < kSolverCount; ++i) out[i] = a[i].answer;
  return out;
}

// The witness fields of the record (§3.6) and the "at INPUTS" text.
std::string put_witness(Session& s, const Attempt& a, FunctionResult& out, bool with_actual) {
  out.witness = Witness{a.args, a.replayed.ref, with_actual ? a.replayed.cand : std::nullopt};
  nlohmann::ordered_json& rec = out.record;
  rec["counterexample"] = inputs_json(s.in, a.args);
  if (a.replayed.ref) rec["expected"] = outcome_json(s.ref_callee(), *a.replayed.ref);
  if (with_actual && a.replayed.cand) rec["actual"] = outcome_json(s.cand_callee(), *a.replayed.cand);
  rec["concrete_replay"] = true;
  rec["native_replay"] = "not-run";
  return inputs_text(s.in, a.args);
}

std::string versions_text(Session& s, const Attempt& a) {
  std::string t;
  if (a.replayed.ref) t = "reference " + outcome_text(s.ref_callee(), *a.replayed.ref);
  if (a.replayed.cand) {
    std::string c = outcome_text(s.cand_callee(), *a.replayed.cand);
    // Outcomes that read alike differ as data (a NaN's payload or sign): the record's values say how.
    if (a.replayed.ref && t == "reference " + c)
      c += " (as data: " + outcome_json(s.ref_callee(), *a.replayed.ref).dump() + " against " +
           outcome_json(s.cand_callee(), *a.replayed.cand).dump() + ")";
    t += (t.empty() ? "" : ", ") + std::string("candidate ") + c;
  }
  return t.empty() ? "the precondition traps" : t;
}

void decided(FunctionResult& out, const StageRun& r, Answer deciding) {
  out.record["solvers"] = solvers_json(answers_of(r.answers));
  bool both = true;
  for (const CheckResult& c : r.answers) both = both && c.answer == deciding;
  out.record["agreement"] = both ? "both" : "one";
}

void unknown(Session& s, FunctionResult& out, const StageRun& r, const std::string& reason, const std::string& at) {
  set_status(out, Status::Unknown);
  out.record["reason"] = reason;
  out.record["solvers"] = solvers_json(answers_of(r.answers));
  out.summary = "unknown: " + reason_phrase(reason);
  out.human = "unknown: " + s.job->symbol + (at.empty() ? "" : " at " + at) + ": " + reason_phrase(reason) + " (" +
              answers_text(r.answers) + ")\n";
}

std::string loop_reason(const Session& s) {
  for (const check::ParamSig& p : s.ref_fn->params)
    if (p.type && p.type->kind == check::TypeKind::Scalar && p.type->scalar == check::Scalar::Usize)
      return "A loop may run past 16 iterations; give a precondition such as --assume \"" + s.job->symbol + "=" +
             p.name + " <= 16\"";
  return "A loop may run past 16 iterations; give a precondition holding every trip count at 16 or below";
}

void disagreement(Session& s, FunctionResult& out, const StageRun& r) {
  const Attempt& w = *r.witness;
  std::string file, error;
  if (!keep_query(s.job->options.queries_dir, r.sha256, r.text, file, error)) file = "(not kept: " + error + ")";
  set_status(out, Status::SolverDisagreement);
  decided(out, r, Answer::Sat);
  std::string at = put_witness(s, w, out, true);
  nlohmann::ordered_json d;
  d["stage"] = stage_name(r.stage);
  d["unsat_by"] = solver_name(*r.decision.unsat_by);
  d["sat_by"] = solver_name(w.solver);
  d["query_sha256"] = r.sha256;
  d["query_file"] = file;
  for (const char* k : {"counterexample", "expected", "actual"})
    if (out.record.contains(k)) d[k] = out.record[k];
  out.record["disagreement"] = d;
  out.record["reason"] = std::string(solver_name(*r.decision.unsat_by)) + " answered unsat at " + stage_name(r.stage) +
                         ", but " + solver_name(w.solver) + "'s witness replays";
  out.summary = "solver-disagreement at " + std::string(stage_name(r.stage));
  out.human = "solver-disagreement: " + s.job->symbol + " at " + stage_name(r.stage) + ": " +
              solver_name(*r.decision.unsat_by) + " answered unsat, but " + solver_name(w.solver) + "'s witness " + at +
              " replays (" + versions_text(s, w) + "); query kept in " + file + "\n";
}

void finish_no_replay(Session& s, FunctionResult& out, const StageRun& r) {
  const Attempt& f = *r.failed;
  std::string reason = f.failure + " (" + solver_name(f.solver) + "'s model at " + stage_name(r.stage) + ")";
  unknown(s, out, r, reason);
}

// Ends the comparison at this stage when it decides; false to go on to the next stage.
bool conclude(Session& s, FunctionResult& out, const StageRun& r, nlohmann::ordered_json& queries) {
  const std::string& sym = s.job->symbol;
  if (r.stage == Stage::LoopUnrolling && !s.inductive) {
    // Yes or undecided: a sat here is not replayed (its witness needs 17 elements or more, past what a model
    // names, and the interpreter counts no iterations).
    if (r.decision.verdict == Verdict::No) return false;
    return past_the_bound(s, out, r, queries);
  }
  if (s.inductive && r.decision.verdict == Verdict::ReplayDisagreed &&
      (r.stage == Stage::ReferenceTotality || r.stage == Stage::Equivalence)) {
    // The model may rest on a head state no run reaches (the stage loop has asked for a stronger invariant first);
    // a real difference within the bound is still found.
    s.inductive = false;
    s.within_bound = true;
    StageRun b = ask(s, r.stage, queries);
    s.within_bound = false;
    if (b.decision.verdict == Verdict::Yes || b.decision.verdict == Verdict::Disagreement) return conclude(s, out, b, queries);
    s.inductive = true;
    if (deep_search(s, out, queries)) return true;
  }
  if (s.recursive && r.decision.verdict == Verdict::ReplayDisagreed &&
      (r.stage == Stage::ReferenceTotality || r.stage == Stage::Equivalence)) {
    // Where the recursion bottoms out within 16 calls on the admitted inputs, inlining them decides exactly.
    if (deepen_recursion(s)) {
      stage_loop(s, out, queries);
      return true;
    }
    unknown(s, out, r, "The calls of " + sym + " to itself, related by induction (both versions' calls assumed to "
                       "agree on equal arguments), do not rule out a difference at " + stage_name(r.stage) +
                       ", and no solver model replays as one: the two recursions may not call themselves on the same "
                       "arguments" + (r.failed ? " (" + r.failed->failure + ")" : std::string()));
    return true;
  }
  if (s.inductive && r.decision.verdict == Verdict::ReplayDisagreed) {
    unknown(s, out, r, loop_reason(s) + ". The loop invariants found do not rule out a difference at " +
                           stage_name(r.stage) + ", and no solver model replays as one (the invariants may be too weak)");
    out.record["invariants"] = s.invariants;
    return true;
  }
  switch (r.decision.verdict) {
    case Verdict::Disagreement: disagreement(s, out, r); return true;
    case Verdict::ReplayDisagreed: finish_no_replay(s, out, r); return true;
    case Verdict::Undecided:
      if (r.stage == Stage::LoopUnrolling) unknown(s, out, r, loop_reason(s));
      else unknown(s, out, r, std::string("The solvers did not decide ") + stage_name(r.stage) + ": " + stage_question(r.stage));
      return true;
    case Verdict::No:
      if (r.stage != Stage::DomainNonempty) return false;
      set_status(out, Status::InvalidDomain);
      decided(out, r, Answer::Unsat);
      out.record["reason"] = "Precondition admits no inputs; vacuous acceptance rejected";
      out.summary = "invalid-domain: the precondition admits no inputs";
      out.human = "invalid-domain: " + sym + ": the precondition admits no inputs; vacuous acceptance rejected\n";
      return true;
    case Verdict::Yes: break;
  }
  const Attempt& w = *r.witness;
  switch (r.stage) {
    case Stage::DomainNonempty: return false;
    case Stage::LoopUnrolling: return false;  // answered above
    case Stage::DomainTotality: {
      set_status(out, Status::InvalidDomain);
      decided(out, r, Answer::Sat);
      std::string at = put_witness(s, w, out, false);
      out.record["reason"] = "Precondition may trap";
      out.summary = "invalid-domain: the precondition may trap";
      out.human = "invalid-domain: " + sym + " at " + at + ": the precondition traps (replayed by the interpreter)\n";
      return true;
    }
    case Stage::ReferenceTotality: {
      set_status(out, Status::InvalidReference);
      decided(out, r, Answer::Sat);
      std::string at = put_witness(s, w, out, false);
      out.record["reason"] = "The reference traps on an admitted input";
      out.summary = "invalid-reference: the reference traps on an admitted input";
      out.human = "invalid-reference: " + sym + " at " + at + ": " + versions_text(s, w) + " (replayed by the interpreter)\n";
      return true;
    }
    case Stage::Equivalence: {
      set_status(out, Status::Counterexample);
      decided(out, r, Answer::Sat);
      std::string at = put_witness(s, w, out, true);
      out.summary = "counterexample at " + at;
      out.human = "counterexample: " + sym + " at " + at + ": " + versions_text(s, w) + " (replayed by the interpreter)\n";
      return true;
    }
    case Stage::NanObservation: {
      std::string at = put_witness(s, w, out, true);
      unknown(s, out, r, "An observed float may be NaN, whose payload native code does not fix; exclude NaN inputs with x == x in --assume", at);
      decided(out, r, Answer::Sat);
      return true;
    }
  }
  return false;
}

// Asks one stage; the record's `queries` grows by one entry per solver.
StageRun ask(Session& s, Stage stage, nlohmann::ordered_json& queries) {
  StageRun r;
  r.stage = stage;
  unsigned timeout = s.job->options.timeout_ms;
  Query q = stage_query(s.ctx, stage, s.encodings(), timeout);
  r.text = smtlib_text(q);
  r.sha256 = sha256_hex(r.text);
  if (r.text.size() > kMaxQueryBytes) {
    for (CheckResult& c : r.answers) {
      c.answer = Answer::NotRun;
      c.logic = query_logic(q);
    }
    return r;
  }
  r.answers = solve(q, s.job->options.solvers);
  for (Solver v : all_solvers())
    queries.push_back(query_entry(stage, v, r.answers[static_cast<size_t>(v)], timeout, r.sha256, s.in));
  std::array<bool, kSolverCount> confirmed{};
  for (Solver v : all_solvers()) {
    const CheckResult& c = r.answers[static_cast<size_t>(v)];
    if (c.answer != Answer::Sat || r.witness || stage == Stage::LoopUnrolling) continue;
    Attempt a = attempt(s, stage, q, v, c);
    confirmed[static_cast<size_t>(v)] = a.confirmed;
    if (a.confirmed) r.witness = std::move(a);
    else if (!r.failed) r.failed = std::move(a);
  }
  r.decision = decide(answers_of(r.answers), confirmed);
  return r;
}

}  // namespace detail

using namespace detail;

void run_stages(Session& s, FunctionResult& out) {
  nlohmann::ordered_json queries = nlohmann::ordered_json::array();
  stage_loop(s, out, queries);
}

Callee Session::ref_callee() {
  if (!ref_engine) ref_engine = sem::Engine::compile(*ref->run.program, ref->run.sources);
  return Callee{ref_engine.get(), ref_fn, ref};
}
Callee Session::cand_callee() {
  if (!cand_engine) cand_engine = sem::Engine::compile(*cand->run.program, cand->run.sources);
  return Callee{cand_engine.get(), cand_fn, cand};
}
Callee Session::pre_callee() {
  Callee c = ref_callee();
  c.fn = pre_fn;
  return c;
}
RecursionJob Session::recursion_job(nlohmann::ordered_json* queries) {
  RecursionJob j;
  j.ctx = &ctx;
  j.in = &in;
  j.ref = &ref_enc;
  j.cand = &cand_enc;
  j.ref_module = ref->ir.get();
  j.ref_fn = ref->ir->find(ref_fn);
  j.cand_module = cand->ir.get();
  j.cand_fn = cand->ir->find(cand_fn);
  if (pre_fn) {
    j.pre_module = ref->ir.get();
    j.pre = ref->ir->find(pre_fn);
  }
  j.totality = !job->options.allow_reference_traps;
  j.solvers = job->options.solvers;
  j.timeout_ms = job->options.timeout_ms;
  j.queries = queries;
  return j;
}

Encodings Session::encodings() const {
  Encodings e;
  e.in = &in;
  e.ref = inductive ? &ref_ind : &ref_enc;
  e.cand = inductive ? &cand_ind : &cand_enc;
  e.pre = pre_fn ? &pre_enc : nullptr;
  if (inductive || recursive) e.assumed = assumed;
  e.assumed_from_totality = recursive && !inductive;
  e.within_bound = within_bound;
  e.pinned = pinned;
  return e;
}

namespace detail {

// A recursion related by induction: whether both versions terminate, written into the record; the human line's
// scope.
std::string recursion_verdict(Session& s, nlohmann::ordered_json& record) {
  RecursionJob job = s.recursion_job(nullptr);
  nlohmann::ordered_json queries = record["queries"];
  job.queries = &queries;
  Termination t = termination(job);
  record["queries"] = queries;
  record["termination"] = t.proved ? "proved" : "assumed";
  record["termination_measures"] = t.measures;
  record["trust"].push_back("calls nest within the stack: a stack trap of a deep recursion is outside the model");
  return t.proved ? ", for every input (recursion related by induction, termination shown)"
                  : ", where both terminate (recursion related by induction)";
}

// Once: both versions encoded again with kUnrollBound calls to themselves inlined before the abstracted ones.
bool deepen_recursion(Session& s) {
  if (s.deepened) return false;
  s.deepened = true;
  EncodeOptions deeper;
  deeper.abstract_recursion = true;
  deeper.recursion_depth = kUnrollBound;
  Encoded r = encode_call(s.ctx, *s.ref->ir, *s.ref->ir->find(s.ref_fn), s.in, deeper);
  Encoded k = encode_call(s.ctx, *s.cand->ir, *s.cand->ir->find(s.cand_fn), s.in, deeper);
  if (r.unsupported || k.unsupported) return false;
  s.ref_enc = std::move(r);
  s.cand_enc = std::move(k);
  s.assumed = recursion_hypothesis(s.recursion_job(nullptr));
  return true;
}

void stage_loop(Session& s, FunctionResult& out, nlohmann::ordered_json& queries) {
  std::array<std::optional<Answer>, kSolverCount> first_other{};
  bool first_stage = true;
  for (Stage stage : stages_asked(s.job->options.allow_reference_traps)) {
    StageRun r = ask(s, stage, queries);
    out.record["queries"] = queries;
    if (r.text.size() > kMaxQueryBytes) {
      unknown(s, out, r, std::string("The query of ") + stage_name(stage) + " has more than 8 MB of SMT-LIB");
      return;
    }
    if (s.job->options.queries_dir) {
      std::string file, error;
      if (!keep_query(s.job->options.queries_dir, r.sha256, r.text, file, error)) {
        out.environment = error;
        return;
      }
    }
    if (first_stage && none_could_run(r.answers, s.job->options.solvers)) {
      out.environment = "No solver could run: " + answers_text(r.answers) + ".";
      return;
    }
    first_stage = false;
    // A model of a stage after a proof for every trip count that does not replay may rest on a head state no run
    // reaches: asked again once under a stronger invariant, when Spacer finds one (strengthen_loops).
    bool after_proof = stage == Stage::ReferenceTotality || stage == Stage::Equivalence;
    if (s.inductive && after_proof && r.decision.verdict == Verdict::ReplayDisagreed &&
        strengthen_loops(s, stage, queries))
      r = ask(s, stage, queries);
    if (conclude(s, out, r, queries)) {
      out.record["queries"] = queries;  // with what the loop stages asked after this one
      return;
    }
    if (stage == Stage::LoopUnrolling && s.inductive) continue;  // answered by the proof for every trip count
    Answer pass = stage == Stage::DomainNonempty ? Answer::Sat : Answer::Unsat;
    for (size_t i = 0; i < kSolverCount; ++i)
      if (!first_other[i] && r.answers[i].answer != pass) first_other[i] = r.answers[i].answer;
  }
  std::array<Answer, kSolverCount> summary{};
  bool both = true;
  for (size_t i = 0; i < kSolverCount; ++i) {
    summary[i] = first_other[i] ? *first_other[i] : Answer::Unsat;
    both = both && !first_other[i];
  }
  set_status(out, Status::SmtEquivalent);
  out.record["solvers"] = solvers_json(summary);
  out.record["agreement"] = both ? "both" : "one";
  out.record["quantification"] = quantification_text(s.job->symbol, s.job->assume ? s.job->assume->expr : "true");
  out.record["observation"] = observation_text();
  out.record["proof"] = s.inductive || s.recursive ? "inductive" : "bounded";
  if (s.inductive) out.record["invariants"] = s.invariants;
  std::string scope = s.inductive ? ", for every n (loops proved by induction)" : "";
  if (s.recursive) scope = recursion_verdict(s, out.record);
  out.summary = "smt-equivalent";
  out.human = "smt-equivalent: " + s.job->symbol + ", " + agreement_phrase(summary, both) + scope +
              ": no admitted input tells " + s.job->ref->path + " from " + s.job->cand->path + "\n";
}

}  // namespace detail

}  // namespace cairn::smt
