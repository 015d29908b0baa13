// Kept cases replayed: per implementation, the base copy (plans removed, the condition as a predicate), in the
// interpreter and natively; the first disagreement fails the file.
#include "validate/replay_kept.h"

#include <chrono>

#include "base/atomic_file.h"
#include "semantics/embed.h"
#include "validate/record.h"
#include "validate/setup.h"

namespace cairn::validate {

namespace {

using Outcome = targets::IsolatedOutcome;
constexpr uint64_t kMiB = uint64_t{1} << 20;


const check::FnInfo* find_reference(const driver::CheckRun& run, const std::string& name) {
  for (const check::FnInfo& f : run.program->fns)
    if (!f.is_test && !f.is_template && f.full_name() == name) return &f;
  return nullptr;
}

std::vector<const check::FnInfo*> implementations(const check::FnInfo& ref) {
  std::vector<const check::FnInfo*> out;
  for (const check::FnInfo* i : ref.implementations) {
    if (i->is_template)
      for (const check::FnInfo* inst : i->instances) out.push_back(inst);
    else
      out.push_back(i);
  }
  return out;
}

// One engine's calls into a base copy: the interpreter (isolated children) or the native call server.
struct Caller {
  Built* built = nullptr;
  std::unique_ptr<sem::Engine> engine;
  double timeout_s = 60;
  Outcome call(const check::FnInfo& fn, const Case& c) {
    if (!engine) return built->call(fn, c);
    sem::Limits limits;
    return targets::isolated_call(*engine, fn, c.args, limits, timeout_s, limits.memory_bytes + 1536 * kMiB);
  }
};

// The first disagreement of `impl` with the reference over the kept cases, or "".
std::string replay_one(Caller& caller, Built& base, const Programs& p, const Regressions& kept, const Policy& policy,
                       std::optional<uint64_t>& failed_case, const char* engine) {
  const check::FnInfo* ref = base.find(p.reference);
  const check::FnInfo* impl = base.find(p.implementation);
  const check::FnInfo* pred = p.has_predicate ? base.find(p.predicate) : nullptr;
  if (!ref || !impl || (p.has_predicate && !pred)) return "the base copy lacks the reference or the implementation";
  for (size_t i = 0; i < kept.cases.size(); ++i) {
    const Case& c = kept.cases[i];
    if (pred) {
      Outcome q = caller.call(*pred, c);
      if (!(q.end == Outcome::End::Returned && q.outcome.defined && q.outcome.ret && *q.outcome.ret)) continue;
    }
    Outcome r = caller.call(*ref, c), g = caller.call(*impl, c);
    std::string why;
    Verdict v = agree(*ref, r, g, policy, &why);
    if (v == Verdict::Agree) continue;
    failed_case = i;
    return "case " + std::to_string(i + 1) + " (" + case_text(*ref, c) + "): " + p.implementation + " " +
           (v == Verdict::TimedOut ? "timed out" : why) + " (" + engine + ")";
  }
  return "";
}

}  // namespace

targets::FileOutcome replay_kept(const driver::CheckRun& run, const std::string& fs_path, const KeptOptions& o) {
  auto t0 = std::chrono::steady_clock::now();
  targets::FileOutcome f;
  f.status = "failed";
  f.type = "wrong-result";
  std::string text;
  nlohmann::json doc = read_file(fs_path, text) ? nlohmann::json::parse(text, nullptr, false) : nlohmann::json();
  const check::FnInfo* ref = doc.is_object() && doc.contains("reference") && doc["reference"].is_string()
                                 ? find_reference(run, doc["reference"].get<std::string>())
                                 : nullptr;
  if (!ref) {
    f.reason = "E-VALIDATION: the regressions file names no function of this program as its reference";
    return f;
  }
  f.symbol = ref->full_name();
  Regressions kept;
  PolicyError perr{Code::Validation, ""};
  if (!read_regressions(fs_path, *ref, kept, perr)) {
    f.reason = std::string(code_name(perr.code)) + ": " + perr.message;
    return f;
  }
  Policy policy;
  if (kept.policy.is_object() && !kept.policy.empty())
    if (std::optional<Policy> p = policy_from_json(kept.policy, fs_path, perr)) policy = *p;
  f.cases = kept.cases.size();
  const std::vector<const check::FnInfo*> impls = implementations(*ref);
  // tools spec §2.7: unknown when no implementation or no case is left to replay.
  if (impls.empty() || kept.cases.empty()) {
    f.status = "unknown";
    f.type.clear();
    f.reason = impls.empty() ? ref->full_name() + " has no implementation to replay the kept cases against"
                             : "the regressions file keeps no case";
    return f;
  }
  for (const check::FnInfo* impl : impls) {
    Programs p;
    std::string error;
    Built base;
    bool ok = make_programs(run, o.path, *impl, p, error) &&
              build_side(p.base, run, o.build.cc == "gcc" ? "g++" : o.build.cc == "clang" ? "clang++" : "", p.scratch,
                         "base", base, error, o.native);
    if (ok) {
      Caller interp{&base, sem::Engine::compile(*base.run.program, base.run.sources), o.timeout_s};
      error = replay_one(interp, base, p, kept, policy, f.failed_case, "interpreter");
      if (error.empty() && o.native) {
        start_server(base, static_cast<uint32_t>(o.timeout_s));
        Caller native{&base, nullptr, o.timeout_s};
        error = replay_one(native, base, p, kept, policy, f.failed_case, "native");
      }
    }
    remove_programs(p);
    ++f.implementations;
    if (!error.empty()) {
      f.reason = error;
      f.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      return f;
    }
  }
  f.status = "passed";
  f.type.clear();
  f.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return f;
}

}  // namespace cairn::validate
