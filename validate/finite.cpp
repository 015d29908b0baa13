// Cases in order until the first disagreement; timeouts counted; the failure shrunk and kept.
#include "validate/finite.h"

#include <chrono>

#include "validate/shrink.h"

namespace cairn::validate {

namespace {

constexpr size_t kTimedOutListed = 8;
using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

}  // namespace

Finite run_finite(Session& s, const std::vector<Case>& kept, const std::vector<Case>& generated) {
  Finite f;
  auto t0 = Clock::now();
  std::vector<const Case*> order;
  for (const Case& c : kept) order.push_back(&c);
  for (const Case& c : generated) order.push_back(&c);
  for (size_t i = 0; i < order.size(); ++i) {
    if (s.progress) s.progress->update("cases", i + 1, order.size());
    CaseRun r = s.run_case(*order[i]);
    ++f.cases;
    f.kept_cases += i < kept.size() ? 1 : 0;
    f.implementation_ran += r.implementation_ran ? 1 : 0;
    if (r.timed_out) {
      if (f.timed_out.size() < kTimedOutListed) f.timed_out.push_back(*order[i]);
      ++f.timed_out_count;
      continue;
    }
    if (!r.failed) continue;
    f.failed = true;
    f.status = "failed";
    f.found = *order[i];
    f.seconds_cases = since(t0);
    auto t1 = Clock::now();
    unsigned probe = 0;
    Shrunk sh = shrink(*s.impl, f.found, s.policy, s.policy.probes, [&](const Case& trial) {
      if (s.progress) s.progress->update("shrinking, probe", ++probe, s.policy.probes);
      CaseRun t = s.run_case(trial);
      return t.failed ? Trial::Fails : t.timed_out ? Trial::TimedOut : Trial::Passes;
    });
    f.shrunk = sh.c;
    f.shrunk.why = f.found.why;
    f.probes = sh.probes;
    f.shrunk_run = s.run_case(f.shrunk);
    f.seconds_shrink = since(t1);
    return f;
  }
  f.seconds_cases = since(t0);
  if (f.cases == 0) {
    f.status = "unknown";
    f.reason = "No case ran, so nothing was tested.";
  } else if (f.timed_out_count) {
    f.status = "unknown";
    f.reason = std::to_string(f.timed_out_count) + " cases timed out, so they decided nothing.";
  } else if (f.implementation_ran == 0) {
    f.status = "unknown";
    f.reason = "No case met the implementation's condition, so it never ran; admit more inputs or widen the condition.";
  }
  return f;
}

void keep_failure(Session& s, const std::string& file, Finite& f) {
  Case c = f.shrunk;
  std::string impl = s.impl->full_name();
  std::string ref = s.ref->full_name();
  c.why = "told " + impl + " from " + ref;
  bool added = false;
  std::string error;
  f.kept_failed = !keep_case(file, *s.ref, ref, s.policy, c, added, error);
  if (f.kept_failed) f.kept = "not kept: " + error;
  else f.kept = added ? file : file + " (already held this case)";
}

}  // namespace cairn::validate
