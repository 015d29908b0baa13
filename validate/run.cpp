// run_validate: check, find the implementation, the policy in force, the two programs built and served, kept
// cases then generated ones until the first disagreement, which is shrunk and kept; then the record.
#include <filesystem>

#include "base/atomic_file.h"
#include "targets/process.h"
#include "validate/cases.h"
#include "validate/finite.h"
#include "validate/history.h"
#include "validate/identity.h"
#include "validate/record.h"
#include "validate/replay.h"
#include "validate/setup.h"
#include "validate/smt_part.h"
#include "validate/validate.h"

namespace cairn::validate {

namespace {

using Json = nlohmann::ordered_json;

ValidateResult environment(Code code, const std::string& message, const std::string& file = "") {
  ValidateResult r;
  diag::Refusal ref = diag::environment_failure(message);
  ref.first.code = code;
  if (!file.empty()) ref.first.file = file;
  r.environment = ref;
  r.exit_code = 2;
  return r;
}

// The policy in force: --policy, else the regressions file's pinned one, else the defaults.
bool policy_in_force(const ValidateOptions& o, const Regressions& kept, Policy& out, PolicyError& error) {
  if (o.policy_file) {
    std::string text;
    if (!read_file(*o.policy_file, text)) {
      error = {Code::Validation, "Cannot read the policy file " + *o.policy_file + "."};
      return false;
    }
    std::optional<Policy> p = parse_policy(text, *o.policy_file, error);
    if (!p) return false;
    out = *p;
    return true;
  }
  if (kept.policy.is_object() && !kept.policy.empty()) {
    std::optional<Policy> p = policy_from_json(kept.policy, "the pinned policy", error);
    if (!p) return false;
    out = *p;
  }
  return true;
}

}  // namespace

static ValidateResult validate_once(const ValidateOptions& o, Progress& progress) {
  driver::CheckRun run = driver::run(o.path, driver::Stop::Full);
  if (run.refusal && run.refusal->environment) {
    ValidateResult r;
    r.environment = run.refusal;
    return r;
  }
  Report report(o);
  if (run.refusal || !run.program) return report.rejected(run.refusal ? *run.refusal : diag::environment_failure("The check failed."));
  Lookup found = find_implementation(run, o.symbol);
  if (!found.impl) return report.invalid(found.invalid);
  Session s;
  s.progress = &progress;
  progress.name = found.impl->full_name();
  s.impl = found.impl;
  s.ref = found.impl->implements;
  report.names(*s.ref, *s.impl);
  std::string regressions = o.regressions_file.value_or(default_regressions(o.path, *s.ref));
  Regressions kept;
  PolicyError perr{Code::Validation, ""};
  if (!read_regressions(regressions, *s.ref, kept, perr)) return environment(perr.code, perr.message, regressions);
  // A file kept for another function: its cases were never this reference's (tools.md §5.8), so nothing of it
  // is replayed, and no case is added to it.
  if (std::error_code ec; std::filesystem::exists(regressions, ec) && kept.reference != s.ref->full_name())
    return environment(Code::Validation,
                       "The regressions file " + regressions + " holds cases of " + kept.reference + ", not of " +
                           s.ref->full_name() + "; name this function's own file with --regressions FILE.",
                       regressions);
  if (!policy_in_force(o, kept, s.policy, perr)) return environment(perr.code, perr.message, o.policy_file.value_or(regressions));
  report.policy(s.policy, regressions);
  report.identity("source", source_digest(run, *s.ref, *s.impl));
  report.identity("contract", contract_digest(s.policy));
  report.identity("target", target_digest({{"kind", "host"}}));
  if (std::string why = unfeedable(*s.impl); !why.empty()) return report.unknown("A signature the generator cannot feed: " + why + ".");

  std::string error;
  if (!make_programs(run, o.path, *s.impl, s.programs, error)) {
    remove_programs(s.programs);
    return report.unknown(error);
  }
  struct Cleanup {
    Programs& p;
    ~Cleanup() { remove_programs(p); }
  } cleanup{s.programs};
  progress.update("building the base and selected programs");
  if (!build_side(s.programs.base, run, o.cxx, s.programs.scratch, "base", s.base, error) ||
      !build_side(s.programs.selected, run, o.cxx, s.programs.scratch, "selected", s.selected, error))
    return report.unknown(error);
  s.base_ref = s.base.find(s.programs.reference);
  s.base_impl = s.base.find(s.programs.implementation);
  s.base_pred = s.programs.has_predicate ? s.base.find(s.programs.predicate) : nullptr;
  s.selected_ref = s.selected.find(s.programs.reference);
  if (!s.base_ref || !s.base_impl || !s.selected_ref || (s.programs.has_predicate && !s.base_pred))
    return report.unknown("The built programs lack the reference, the implementation or its condition.");
  start_server(s.base, s.policy.seconds);
  start_server(s.selected, s.policy.seconds);
  // AddressSanitizer's allocator is not safe to fork beside another thread (targets/process.h); the calls of a
  // served side fork in the server, not here, and under ThreadSanitizer the thread beside runs, so that the
  // sanitizer suite's thread stage sees it.
  if (s.base.server && s.selected.server && (!targets::sanitized_build() || targets::thread_sanitized_build()))
    s.beside = std::make_unique<Beside>();
  report.built(s);
  report.identity("compiler", compiler_digest(o.compiler, s.base.build.compiler.name, s.base.build.compiler.version));
  report.identity("artifact", artifact_digest(s.base.build.artifact_sha256, s.selected.build.artifact_sha256));

  std::map<uint64_t, std::string> tiles = find_tiles(*s.impl);
  std::vector<Case> generated = generate_cases(*s.impl, tiles, s.policy);
  Finite f = run_finite(s, kept.cases, generated);
  if (f.failed) keep_failure(s, regressions, f);
  progress.update("smt part");
  SmtPart part = smt_part(run, s, o.solvers);
  Replay replay = replay_witness(s, part, f, regressions);
  return report.finish(s, tiles, kept, generated, f, part, replay, regressions,
                       replayed_by_cairn_test(run.project, regressions));
}

// The validation, then its history line when --history names a directory: every result about a candidate
// (passed, failed, unknown, rejected) is appended; an invalid symbol or an environment failure is not one.
ValidateResult run_validate(const ValidateOptions& o) {
  ValidateResult r;
  {
    Progress progress(o.progress, nullptr, nullptr, o.progress_after_s);
    r = validate_once(o, progress);
  }
  if (!o.history_dir || r.environment) return r;
  std::string status = r.record.value("status", "");
  if (status != "passed" && status != "failed" && status != "unknown" && status != "rejected") return r;
  std::string id, error;
  if (append_history(*o.history_dir, history_line(r.record), id, error)) {
    r.record["history"] = id;
    r.human += "history: " + id + " in " + *o.history_dir + "/records.jsonl\n";
    return r;
  }
  // The result stands, but a gate that asked for a history must not pass without one.
  r.record["history_error"] = error;
  r.human += "history: not appended: " + error + "\n";
  if (r.exit_code == 0) r.exit_code = 2;
  return r;
}

}  // namespace cairn::validate
