// Preparing one function's comparison: both versions found, their contract, the precondition checked as a
// synthesized function, the inputs and the encodings; then the stages (verify_session.cpp).
#include "verify/compare.h"

#include <exception>
#include <memory>

#include "front/driver/driver.h"
#include "verify/contract.h"
#include "verify/record.h"
#include "verify/session.h"

namespace cairn::smt {

namespace {

void finish_plain(FunctionResult& out, const FunctionJob& job, Status st, const std::string& reason) {
  set_status(out, st);
  out.record["reason"] = reason;
  out.summary = std::string(status_name(st)) + ": " + reason_phrase(reason);
  out.human = std::string(status_name(st)) + ": " + job.symbol + ": " + reason_phrase(reason) + "\n";
}

void finish_unsupported(FunctionResult& out, const FunctionJob& job, const std::string& what) {
  finish_plain(out, job, Status::Unknown, "Outside the modeled fragment: " + what);
  out.record["unsupported_profile"] = true;
}

// The precondition appended to the reference and checked; nullptr with `out` filled when it does not check.
std::unique_ptr<Side> with_precondition(const FunctionJob& job, const check::FnInfo& rfn, std::string& pre_name,
                                        FunctionResult& out) {
  std::optional<Precondition> pre = precondition_source(job.ref->text, rfn, job.assume->expr, own_functions(*job.ref));
  if (!pre) {
    finish_plain(out, job, Status::Unknown, "The parameter list of " + job.symbol + " was not found in " + job.ref->path + ".");
    return nullptr;
  }
  auto side = std::make_unique<Side>();
  side->path = job.ref->path;
  side->text = job.ref->text;
  side->sha256 = job.ref->sha256;
  check_side(*side, pre->source);
  if (side->refusal) {
    FunctionResult r = rejected_result(job, *side, "reference");
    r.record["reason"] = "The precondition " + job.assume->expr + " of " + job.symbol + " does not check: " + side->refusal->first.message;
    r.human = "rejected: " + job.symbol + ": the precondition " + job.assume->expr + " does not check: " +
              side->refusal->first.message + "\n";
    r.summary = "rejected: the precondition does not check";
    out = std::move(r);
    return nullptr;
  }
  pre_name = pre->name;
  return side;
}

// Inputs and encodings; false with `out` filled when something is outside the fragment.
bool encode_all(Session& s, const ir::Module& rm, const ir::Module& cm, FunctionResult& out) {
  const FunctionJob& job = *s.job;
  s.in = make_inputs(s.ctx, *s.ref_fn);
  if (s.in.unsupported) {
    finish_unsupported(out, job, *s.in.unsupported);
    return false;
  }
  const ir::Function* rf = rm.find(s.ref_fn);
  const ir::Function* cf = cm.find(s.cand_fn);
  const ir::Function* pf = s.pre_fn ? rm.find(s.pre_fn) : nullptr;
  if (!rf || !cf || (s.pre_fn && !pf)) {
    finish_plain(out, job, Status::Unknown, "The core IR has no body for " + job.symbol + ".");
    return false;
  }
  // A version's calls to itself are abstracted (recursion.h), related by the induction hypothesis.
  EncodeOptions own;
  own.abstract_recursion = true;
  s.ref_enc = encode_call(s.ctx, rm, *rf, s.in, own);
  if (s.ref_enc.unsupported) {
    finish_unsupported(out, job, *s.ref_enc.unsupported + " (reference)");
    return false;
  }
  s.cand_enc = encode_call(s.ctx, cm, *cf, s.in, own);
  if (s.cand_enc.unsupported) {
    finish_unsupported(out, job, *s.cand_enc.unsupported + " (candidate)");
    return false;
  }
  if (pf) {
    s.pre_enc = encode_call(s.ctx, rm, *pf, s.in);
    if (s.pre_enc.unsupported) {
      finish_unsupported(out, job, *s.pre_enc.unsupported + " (precondition)");
      return false;
    }
  }
  if (!s.ref_enc.calls.empty() || !s.cand_enc.calls.empty()) {
    s.recursive = true;
    s.assumed = recursion_hypothesis(s.recursion_job(nullptr));
  }
  return true;
}

}  // namespace

FunctionResult rejected_result(const FunctionJob& job, const Side& side, const std::string& which) {
  FunctionResult out;
  out.record = record_header(job);
  set_status(out, Status::Rejected);
  const diag::Refusal& r = *side.refusal;
  out.record["reason"] = "The " + which + " does not check: " + r.first.message;
  nlohmann::ordered_json d = diag::refusal_json(r);
  d["side"] = which;
  out.record["diagnostic"] = d;
  out.summary = "rejected: the " + which + " does not check";
  out.human = "rejected: " + job.symbol + ": the " + which + " " + side.path + " does not check\n" +
              diag::render_human(r, false);
  return out;
}

FunctionResult compare_function(const FunctionJob& job) {
  FunctionResult out;
  out.record = record_header(job);
  const check::FnInfo* rfn = find_function(*job.ref, job.symbol);
  const check::FnInfo* cfn = find_function(*job.cand, job.symbol);
  if (!rfn || !cfn) {
    const Side& missing = rfn ? *job.cand : *job.ref;
    finish_plain(out, job, Status::InvalidContract, missing.path + " declares no function " + job.symbol + ".");
    return out;
  }
  if (std::optional<std::string> d = signature_difference(*rfn, *cfn)) {
    finish_plain(out, job, Status::InvalidContract, *d);
    return out;
  }
  std::unique_ptr<Side> augmented;
  std::string pre_name;
  if (!job.precondition_fn.empty()) pre_name = job.precondition_fn;
  else if (job.assume && !(augmented = with_precondition(job, *rfn, pre_name, out))) return out;
  auto s = std::make_unique<Session>();
  s->job = &job;
  s->ref = augmented ? augmented.get() : job.ref;
  s->cand = job.cand;
  s->ref_fn = find_function(*s->ref, job.symbol);
  s->cand_fn = cfn;
  s->pre_fn = pre_name.empty() ? nullptr : find_function(*s->ref, pre_name);
  if (!s->ref_fn || (!pre_name.empty() && !s->pre_fn)) {
    finish_plain(out, job, Status::Unknown, "The precondition function of " + job.symbol + " was not found after checking.");
    return out;
  }
  try {
    if (!encode_all(*s, *s->ref->ir, *s->cand->ir, out)) return out;
    run_stages(*s, out);
  } catch (const std::exception& e) {
    // A fault of cairn itself (an ill-sorted term, an encoder invariant): reported, never a crash.
    finish_plain(out, job, Status::Unknown, "Internal fault of the verifier (" + driver::fault_class(e) + ": " + e.what() + ").");
  }
  return out;
}

}  // namespace cairn::smt
