// The record and the human lines: status, names, policy, agreement, target, compiler, artifacts, tiles,
// finite, coverage, evidence, regressions.
#include "validate/record.h"

#include "core/value_format.h"
#include "validate/agreement.h"
#include "validate/replay.h"

namespace cairn::validate {

namespace {

using Json = nlohmann::ordered_json;

// "; kept in FILE", or "; not kept: WHY" when the regressions file could not take the case.
std::string kept_clause(const Finite& f) { return f.kept_failed ? "; " + f.kept : "; kept in " + f.kept; }


check::Scalar scalar_of(const check::Type* t) {
  while (t && (t->kind == check::TypeKind::View || t->kind == check::TypeKind::Borrow)) t = t->elem;
  return t && t->kind == check::TypeKind::Scalar ? t->scalar : check::Scalar::U64;
}

std::string value_text(const check::ParamSig& p, const sem::ArgValue& a) {
  check::Scalar s = scalar_of(p.type);
  if (!a.is_view) return sem::scalar_literal(s, a.bits);
  std::string t = "[";
  for (size_t i = 0; i < a.elems.size(); ++i) t += (i ? ", " : "") + sem::scalar_literal(s, a.elems[i]);
  return t + "]";
}

Json finite_json(const check::FnInfo& ref, const Finite& f) {
  Json j = {{"status", f.status}, {"cases", f.cases}, {"dispatch_ran", f.cases},
            {"implementation_ran", f.implementation_ran}, {"kept_cases", f.kept_cases},
            {"claim", "finite testing on the cases that ran, never proof"}};
  if (!f.reason.empty()) j["reason"] = f.reason;
  if (!f.timed_out.empty()) {
    j["timed_out"] = Json::array();
    for (const Case& c : f.timed_out) j["timed_out"].push_back(args_json(ref, c));
  }
  if (f.failed) {
    Json fail = {{"inputs", args_json(ref, f.shrunk)}};
    bool offsets = false;
    for (uint64_t o : f.shrunk.offsets) offsets = offsets || o;
    if (offsets) fail["offsets"] = f.shrunk.offsets;
    fail["found_as"] = f.found.why;
    fail["shrunk_in"] = f.probes;
    fail["reference"] = outcome_json(ref, f.shrunk_run.reference);
    if (f.shrunk_run.implementation_ran) fail["implementation"] = outcome_json(ref, f.shrunk_run.implementation);
    fail["dispatch"] = outcome_json(ref, f.shrunk_run.dispatch);
    fail["unshrunk"] = {{"inputs", args_json(ref, f.found)}};
    j["failed"] = fail;
    j["kept"] = f.kept;
  }
  return j;
}

}  // namespace

std::string case_text(const check::FnInfo& fn, const Case& c) {
  std::string s;
  for (size_t i = 0; i < fn.params.size() && i < c.args.size(); ++i)
    s += (i ? ", " : "") + fn.params[i].name + " = " + value_text(fn.params[i], c.args[i]);
  bool off = false;
  for (uint64_t o : c.offsets) off = off || o;
  return off ? s + " (views one element off alignment)" : s;
}

std::string outcome_text(const check::FnInfo& fn, const targets::IsolatedOutcome& o) {
  using End = targets::IsolatedOutcome::End;
  switch (o.end) {
    case End::NotRun: return "did not run (" + o.detail + ")";
    case End::TimedOut: return o.detail.empty() ? "timed out" : o.detail;
    case End::Crashed: return "crashed (" + o.detail + ")";
    case End::Returned: break;
  }
  if (!o.outcome.defined) return std::string("traps ") + check::trap_name(o.outcome.trap);
  if (o.outcome.ret) return "returns " + sem::scalar_literal(scalar_of(fn.result), *o.outcome.ret);
  return "returns";
}

Json outcome_json(const check::FnInfo& fn, const targets::IsolatedOutcome& o) {
  using End = targets::IsolatedOutcome::End;
  Json j = Json::object();
  if (o.end != End::Returned) {
    j["end"] = o.end == End::TimedOut ? "timeout" : o.end == End::Crashed ? "crash" : "not-run";
    j["detail"] = o.detail;
    return j;
  }
  j["end"] = o.outcome.defined ? "return" : "trap";
  if (!o.outcome.defined) j["trap"] = check::trap_name(o.outcome.trap);
  if (o.outcome.defined && o.outcome.ret) j["return"] = sem::scalar_literal(scalar_of(fn.result), *o.outcome.ret);
  Json after = Json::object();
  for (size_t i = 0; i < o.outcome.written.size() && i < fn.params.size(); ++i) {
    if (o.outcome.written[i].empty()) continue;
    sem::ArgValue v;
    v.is_view = true;
    v.elems = o.outcome.written[i];
    after[fn.params[i].name] = value_text(fn.params[i], v);
  }
  if (!after.empty()) j["after"] = after;
  return j;
}

Report::Report(const ValidateOptions& o) : o_(o) {
  r_["schema"] = "cairn.validation/1";
  r_["reference"] = "";
  r_["implementation"] = o.symbol;
}

void Report::names(const check::FnInfo& ref, const check::FnInfo& impl) {
  reference_ = ref.full_name();
  implementation_ = impl.full_name();
  r_["reference"] = reference_;
  r_["implementation"] = implementation_;
  r_["identity"] = {{"source", nullptr}, {"contract", nullptr}, {"target", nullptr}, {"compiler", nullptr}, {"artifact", nullptr}};
}

void Report::identity(const char* part, const std::string& digest) { r_["identity"][part] = digest; }

void Report::policy(const Policy& p, const std::string& regressions) {
  r_["policy"] = policy_json(p);
  r_["agreement"] = agreement_json(p);
  r_["target"] = {{"kind", "host"}};
  r_["regressions_file"] = regressions;
}

void Report::built(const Session& s) {
  r_["compiler"] = {{"cxx", s.base.build.compiler.name == "gcc" ? "g++" : "clang++"}, {"version", s.base.build.compiler.version}};
  r_["artifacts"] = {{"base", {{"cpp_sha256", s.base.cpp_sha256}, {"library_sha256", s.base.build.artifact_sha256}}},
                     {"selected", {{"cpp_sha256", s.selected.cpp_sha256}, {"library_sha256", s.selected.build.artifact_sha256}}}};
}

ValidateResult Report::end(const std::string& status, const std::string& human, int exit_code) {
  r_["status"] = status;
  ValidateResult out;
  out.record = r_;
  out.human = human;
  out.exit_code = exit_code;
  return out;
}

ValidateResult Report::rejected(const diag::Refusal& r) {
  r_["diagnostic"] = diag::refusal_json(r);
  return end("rejected", "rejected: the program does not check: " + r.first.message + "\n", 1);
}

ValidateResult Report::invalid(const std::string& why) {
  r_["reason"] = why;
  return end("invalid", "invalid: " + why + "\n", 2);
}

ValidateResult Report::unknown(const std::string& why) {
  r_["reason"] = why;
  r_["evidence"] = "finite-tested";
  return end("unknown", "unknown: " + implementation_ + " against " + reference_ + ": " + why + "\n", 2);
}

ValidateResult Report::finish(const Session& s, const std::map<uint64_t, std::string>& tiles, const Regressions& kept,
                              const std::vector<Case>& generated, const Finite& f, const SmtPart& part,
                              const Replay& replay, const std::string& regressions, bool replayed_by_cairn_test) {
  Json t = Json::object();
  for (const auto& [tile, why] : tiles) t[std::to_string(tile)] = why;
  r_["tiles"] = t;
  r_["finite"] = finite_json(*s.ref, f);
  if (f.failed) r_["finite"]["failed"]["why"] = f.shrunk_run.why;
  Json coverage = {{"generated", generated.size()}, {"kept", kept.cases.size()}, {"ran", f.cases}, {"left_out", Json::object()}};
  if (f.failed && kept.cases.size() + generated.size() > f.cases)
    coverage["left_out"]["after the first failure"] = kept.cases.size() + generated.size() - f.cases;
  if (part.witness) coverage["counterexample"] = replay.status;
  r_["coverage"] = coverage;
  Json smt = part.record;
  smt["replay"] = replay.record;
  r_["smt"] = smt;
  r_["evidence"] = "finite-tested";
  r_["durations_s"] = {{"cases", f.seconds_cases}, {"shrink", f.seconds_shrink}};
  bool exists = f.failed || replay.failed || !kept.cases.empty();
  r_["regressions"] = {{"file", regressions}, {"exists", exists}, {"replayed_by_cairn_test", replayed_by_cairn_test}};
  r_.erase("regressions_file");
  // Overall (§5.7): failed when the finite status or the replay failed; passed when the finite status passed, the
  // smt part is no solver disagreement and the replay is not unknown; otherwise unknown.
  std::string status = f.failed || replay.failed ? "failed"
                       : f.status == "passed" && !part.disagreement && replay.status != "unknown" ? "passed"
                                                                                                 : "unknown";
  std::string counts = std::to_string(f.cases) + " cases (" + std::to_string(f.implementation_ran) + " ran it), finite-tested";
  std::string human = status + ": " + implementation_ + " against " + reference_ + ", " + counts + "\n";
  if (f.failed) {
    // The unshrunk case and the seed first, then the shrunk one (what each side did is in the record).
    human += "found at " + case_text(*s.ref, f.found) + " (seed " + std::to_string(s.policy.seed) + "; " + f.found.why + ")\n";
    human += "fails at " + case_text(*s.ref, f.shrunk) + kept_clause(f) + "\n";
  } else if (f.status == "unknown") {
    human += f.reason + "\n";
  }
  human += "smt: " + part.human + "\n";
  if (replay.failed)
    human += "its counterexample, replayed: failed at " + case_text(*s.ref, replay.shrunk.shrunk) + kept_clause(replay.shrunk) + "\n";
  else if (part.witness || replay.status != "not-run" || f.failed)
    human += "its counterexample, replayed: " + replay.status + (replay.reason.empty() ? "" : ": " + replay.reason) + "\n";
  if (status == "unknown" && !r_.contains("reason"))
    r_["reason"] = f.status == "unknown" ? f.reason : part.disagreement ? "The solvers disagree." : "The counterexample's replay is unknown: " + replay.reason;
  return end(status, human, status == "passed" ? 0 : status == "failed" ? 1 : 2);
}

}  // namespace cairn::validate
