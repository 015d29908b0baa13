// The verify engine per changed function, each in a forked child under the diff's limits (tools.md §4.3 rule
// 4, §4.6): the answer is mapped to a class in the child and comes back as JSON.
#include "diff/compare.h"

#include <algorithm>
#include <chrono>

#include "verify/child.h"

namespace cairn::diff {

namespace {

using Json = nlohmann::ordered_json;
constexpr const char* kLoopReason = "A loop may run past 16 iterations";

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

std::string reason_of(const smt::FunctionResult& r) {
  if (r.record.contains("reason") && r.record["reason"].is_string()) return r.record["reason"].get<std::string>();
  return std::string("The engine answered ") + smt::status_name(r.status) + ".";
}

Json evidence_of(const Json& rec) {
  Json e = Json::object();
  for (const char* k : {"quantification", "observation", "trust", "solvers", "agreement"})
    if (rec.contains(k)) e[k] = rec[k];
  return e;
}

Json witness_of(const Json& rec) {
  Json w = Json::object();
  w["inputs"] = rec.contains("counterexample") ? rec["counterexample"] : Json::object();
  if (rec.contains("expected")) w["before"] = rec["expected"];
  if (rec.contains("actual")) w["after"] = rec["actual"];
  w["value_model"] = rec.value("concrete_replay", false) ? "agrees" : "not replayed";
  return w;
}

// "p <= 16 && q <= 16" over the value parameters of unsigned type; "" when there is none.
std::string bounded_where(const check::FnInfo& fn) {
  std::string w;
  for (const check::ParamSig& p : fn.params) {
    if (!p.type || p.type->kind != check::TypeKind::Scalar) continue;
    switch (p.type->scalar) {
      case check::Scalar::U8:
      case check::Scalar::U16:
      case check::Scalar::U32:
      case check::Scalar::U64:
      case check::Scalar::Usize: w += (w.empty() ? "" : " && ") + p.name + " <= 16"; break;
      default: break;
    }
  }
  return w;
}

Json arg_json(const sem::ArgValue& a) {
  Json j = {{"view", a.is_view}, {"bits", a.bits}, {"elems", a.elems}, {"parts", Json::array()}};
  for (const sem::ArgValue& p : a.parts) j["parts"].push_back(arg_json(p));
  return j;
}

sem::ArgValue arg_from(const Json& j) {
  sem::ArgValue a;
  a.is_view = j.at("view").get<bool>();
  a.bits = j.at("bits").get<uint64_t>();
  a.elems = j.at("elems").get<std::vector<uint64_t>>();
  for (const Json& p : j.at("parts")) a.parts.push_back(arg_from(p));
  return a;
}

Json outcome_json(const sem::CallOutcome& o) {
  Json j = {{"defined", o.defined}, {"written", o.written}, {"trap", static_cast<unsigned>(o.trap)}};
  if (o.ret) j["ret"] = *o.ret;
  return j;
}

sem::CallOutcome outcome_from(const Json& j) {
  sem::CallOutcome o;
  o.defined = j.at("defined").get<bool>();
  o.written = j.at("written").get<std::vector<std::vector<uint64_t>>>();
  o.trap = static_cast<check::TrapKind>(j.at("trap").get<unsigned>());
  if (j.contains("ret")) o.ret = j["ret"].get<uint64_t>();
  return o;
}

std::string encode(const Compared& c) {
  Json j = {{"class", c.cls}, {"fields", c.fields}, {"disagreement", c.disagreement}};
  if (c.witness) {
    Json w = {{"args", Json::array()}};
    for (const sem::ArgValue& a : c.witness->args) w["args"].push_back(arg_json(a));
    if (c.witness->ref) w["ref"] = outcome_json(*c.witness->ref);
    if (c.witness->cand) w["cand"] = outcome_json(*c.witness->cand);
    j["witness"] = w;
  }
  return j.dump();
}

bool decode(const std::string& text, Compared& c) {
  try {
    Json j = Json::parse(text);
    c.cls = j.at("class").get<std::string>();
    c.fields = j.at("fields");
    c.disagreement = j.at("disagreement").get<bool>();
    if (j.contains("witness")) {
      smt::Witness w;
      for (const Json& a : j["witness"].at("args")) w.args.push_back(arg_from(a));
      if (j["witness"].contains("ref")) w.ref = outcome_from(j["witness"]["ref"]);
      if (j["witness"].contains("cand")) w.cand = outcome_from(j["witness"]["cand"]);
      c.witness = std::move(w);
    }
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

Compared unknown(const std::string& reason) {
  Compared c;
  c.cls = "unknown";
  c.fields["reason"] = reason;
  return c;
}

// The child's work: the engine on the function, the bounded retry when it applies, the class.
std::string compare_in_child(const Version& old_v, const Version& new_v, const std::string& name,
                             const smt::VerifyOptions& options) {
  try {
    smt::FunctionJob job{&old_v.checked, &new_v.checked, name, nullptr, options};
    smt::FunctionResult first = smt::compare_function(job);
    const check::FnInfo* fn = smt::find_function(old_v.checked, name);
    std::string where = fn ? bounded_where(*fn) : "";
    bool retry = first.status == smt::Status::Unknown && starts_with(reason_of(first), kLoopReason) &&
                 !where.empty() && !old_v.checked.text.empty();
    if (!retry) return encode(class_of(first, nullptr, ""));
    smt::AssumeArg assume{name, where};
    job.assume = &assume;
    smt::FunctionResult second = smt::compare_function(job);
    return encode(class_of(first, &second, where));
  } catch (const std::exception& e) {
    return encode(unknown(std::string("The comparison failed: ") + e.what()));
  }
}

Compared from_child(const smt::ChildResult& r, unsigned limit_ms) {
  switch (r.end) {
    case smt::ChildEnd::Finished: {
      Compared c;
      if (decode(r.payload, c)) return c;
      return unknown("The comparison failed: its answer could not be read.");
    }
    case smt::ChildEnd::Killed:
      return unknown("The comparison ran past its " + std::to_string((limit_ms + 999) / 1000) +
                     " s limit and was stopped.");
    case smt::ChildEnd::Crashed: return unknown("The comparison's process ended without an answer.");
    case smt::ChildEnd::NotStarted:
      if (r.error == "skipped") return unknown("The diff's --budget-s ran out before this function.");
      return unknown("The comparison failed: " + r.error);
  }
  return unknown("The comparison failed.");
}

}  // namespace

Compared class_of(const smt::FunctionResult& first, const smt::FunctionResult* retry, const std::string& where) {
  Compared c;
  const Json& rec = first.record;
  switch (first.status) {
    case smt::Status::SmtEquivalent:
      c.cls = "smt-equivalent";
      c.fields["evidence"] = evidence_of(rec);
      return c;
    case smt::Status::Counterexample:
      c.cls = "behavior-changed";
      c.fields["witness"] = witness_of(rec);
      c.witness = first.witness;
      return c;
    case smt::Status::InvalidContract:
      // Rule 1 already took parameter and result types that differ by name: what is left is a type of the
      // same name defined differently on the two sides.
      if (reason_of(first).find("declares no function") == std::string::npos) {
        c.cls = "signature-changed";
        c.fields["reason"] = reason_of(first);
        return c;
      }
      break;
    case smt::Status::SolverDisagreement:
      c = unknown("solver disagreement: " + reason_of(first));
      if (rec.contains("disagreement")) c.fields["solver_disagreement"] = rec["disagreement"];
      c.disagreement = true;
      return c;
    default: break;
  }
  if (first.environment) return unknown("No solver could run: " + *first.environment);
  c = unknown(reason_of(first));
  if (!retry) return c;
  if (retry->status == smt::Status::Counterexample) {
    c.cls = "behavior-changed";
    c.fields = Json::object();
    c.fields["witness"] = witness_of(retry->record);
    c.fields["witness"]["found_where"] = where;
    c.witness = retry->witness;
  } else if (retry->status == smt::Status::SmtEquivalent) {
    c.fields["bounded"] = {{"where", where}, {"status", "smt-equivalent"}};
  }
  return c;
}

std::vector<Compared> compare_functions(const Version& old_v, const Version& new_v, const std::vector<std::string>& names,
                                        const CompareOptions& options) {
  smt::VerifyOptions vo;
  vo.timeout_ms = options.timeout_ms;
  vo.solvers = options.solvers;
  vo.allow_reference_traps = true;
  std::vector<smt::ChildJob> jobs;
  for (const std::string& name : names)
    jobs.push_back(smt::ChildJob{[&old_v, &new_v, name, vo] { return compare_in_child(old_v, new_v, name, vo); }, 0, 0});
  using Clock = std::chrono::steady_clock;
  Clock::time_point deadline = Clock::now() + std::chrono::milliseconds(static_cast<int64_t>(options.budget_s * 1000));
  std::vector<unsigned> limits(names.size(), 0);
  smt::Admit admit = [&](size_t i, smt::ChildJob& job) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left < 10) return false;
    uint64_t cap = std::min<uint64_t>(static_cast<uint64_t>(left), 20ull * options.timeout_ms);
    job.hard_limit_ms = limits[i] = static_cast<unsigned>(std::max<uint64_t>(1000, cap));
    return true;
  };
  std::vector<smt::ChildResult> ends = smt::run_children(std::move(jobs), std::max(1u, options.jobs), admit);
  std::vector<Compared> out;
  for (size_t i = 0; i < ends.size(); ++i) {
    out.push_back(from_child(ends[i], limits[i]));
    out.back().seconds = ends[i].milliseconds / 1000;
  }
  return out;
}

}  // namespace cairn::diff
