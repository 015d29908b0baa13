// The smt part's counterexample as one more native case.
#include "validate/replay.h"

#include "validate/record.h"
#include "validate/shrink.h"

namespace cairn::validate {

namespace {

using Json = nlohmann::ordered_json;

// Which bound of the policy's domain the case lies outside, or "".
std::string outside_domain(const Session& s, const Case& c) {
  for (size_t i = 0; i < s.impl->params.size() && i < c.args.size(); ++i) {
    const check::ParamSig& p = s.impl->params[i];
    const sem::ArgValue& a = c.args[i];
    if (a.is_view && a.elems.size() > s.policy.largest_extent)
      return p.name + " has " + std::to_string(a.elems.size()) + " elements, past domain.largest_extent";
    auto it = s.policy.extents.find(p.name);
    if (!a.is_view && it != s.policy.extents.end() && !it->second.is_float &&
        (a.bits < it->second.lo || a.bits > it->second.hi))
      return p.name + " lies outside domain.extents." + p.name;
  }
  return "";
}

Replay done(const std::string& status, const std::string& reason) {
  Replay r;
  r.status = status;
  r.reason = reason;
  r.record = {{"status", status}};
  if (!reason.empty()) r.record["reason"] = reason;
  return r;
}

}  // namespace

Replay replay_witness(Session& s, const SmtPart& part, const Finite& f, const std::string& regressions) {
  if (f.failed) return done("not-run", "The finite cases already failed.");
  bool asked = part.status == "counterexample" || part.status == "solver-disagreement";
  if (!asked) return done("not-run", "The smt part named no counterexample.");
  if (!part.witness) return done("unknown", "No inputs were named.");
  Case c;
  c.args = part.witness->args;
  c.why = "the smt part's counterexample";
  if (std::string why = outside_domain(s, c); !why.empty()) return done("outside-domain", why);
  CaseRun r = s.run_case(c);
  if (!r.condition) return done("unknown", "The condition does not hold natively on the witness.");
  if (r.timed_out) return done("unknown", "The replay did not finish alike: a call timed out.");
  if (!r.failed) {
    Replay ok = done("within-policy", "");
    ok.record["reference"] = outcome_json(*s.ref, r.reference);
    if (r.implementation_ran) ok.record["implementation"] = outcome_json(*s.ref, r.implementation);
    return ok;
  }
  Replay out = done("failed", "");
  out.failed = true;
  out.shrunk.failed = true;
  out.shrunk.found = c;
  Shrunk sh = shrink(*s.impl, c, s.policy, s.policy.probes, [&](const Case& trial) {
    CaseRun t = s.run_case(trial);
    return t.failed ? Trial::Fails : t.timed_out ? Trial::TimedOut : Trial::Passes;
  });
  out.shrunk.shrunk = sh.c;
  out.shrunk.probes = sh.probes;
  out.shrunk.shrunk_run = s.run_case(sh.c);
  keep_failure(s, regressions, out.shrunk);
  out.record["inputs"] = args_json(*s.ref, sh.c);
  out.record["why"] = out.shrunk.shrunk_run.why;
  out.record["kept"] = out.shrunk.kept;
  return out;
}

}  // namespace cairn::validate
