// The fixed parts of cairn.semantic/1: header, trust, solver versions, query entries, prose and phrases.
#include "verify/record.h"

#include <cctype>
#include <cmath>

#include "verify/replay.h"

namespace cairn::smt {

nlohmann::ordered_json record_header(const FunctionJob& job) {
  nlohmann::ordered_json r;
  r["protocol"] = "cairn.semantic/1";
  r["profile"] = kProfile;
  r["reference_sha256"] = job.ref->sha256;
  r["candidate_sha256"] = job.cand->sha256;
  r["symbol"] = job.symbol;
  r["assume"] = job.assume ? job.assume->expr : "true";
  r["allow_reference_traps"] = job.options.allow_reference_traps;
  r["trust"] = trust_list(job.options.solvers);
  r["native_verified"] = false;
  r["status"] = status_name(Status::Unknown);
  r["implementation_sha256"] = implementation_sha256();
  r["solver_versions"] = solver_versions(job.options.solvers);
  return r;
}

void set_status(FunctionResult& r, Status s) {
  r.status = s;
  r.record["status"] = status_name(s);
}

nlohmann::ordered_json trust_list(const SolverSet& solvers) {
  nlohmann::ordered_json t = nlohmann::ordered_json::array();
  t.push_back("the CAIRN checker");
  t.push_back(std::string("the translation of values into SMT (") + kProfile + ")");
  for (Solver s : all_solvers())
    if (solvers.has(s)) t.push_back(std::string(solver_name(s)) + " " + solver_version(s));
  t.push_back("the reference interpreter, which replays every witness");
  t.push_back("allocation succeeds: an alloc trap is outside the model");
  return t;
}

nlohmann::ordered_json solver_versions(const SolverSet& solvers) {
  nlohmann::ordered_json v = nlohmann::ordered_json::object();
  for (Solver s : all_solvers())
    if (solvers.has(s)) v[solver_name(s)] = solver_version(s);
  return v;
}

nlohmann::ordered_json query_entry(Stage stage, Solver solver, const CheckResult& r, unsigned timeout_ms,
                                   const std::string& sha256, const Inputs& in) {
  nlohmann::ordered_json q = query_entry(stage_name(stage), solver, r, timeout_ms, sha256);
  if (r.answer == Answer::Sat) q["values"] = leaves_json(in, r.values);
  return q;
}

nlohmann::ordered_json query_entry(const std::string& stage, Solver solver, const CheckResult& r, unsigned timeout_ms,
                                   const std::string& sha256) {
  nlohmann::ordered_json q;
  q["stage"] = stage;
  q["solver"] = solver_name(solver);
  q["version"] = solver_version(solver);
  q["logic"] = r.logic;
  q["timeout_ms"] = timeout_ms;
  q["query_sha256"] = sha256;
  q["status"] = answer_name(r.answer);
  q["seconds"] = std::round(r.milliseconds) / 1000.0;
  if (!r.reason.empty()) q["reason"] = r.reason;
  return q;
}

nlohmann::ordered_json solvers_json(const std::array<Answer, kSolverCount>& answers) {
  nlohmann::ordered_json s = nlohmann::ordered_json::object();
  for (Solver v : all_solvers()) s[solver_name(v)] = answer_name(answers[static_cast<size_t>(v)]);
  return s;
}

std::string quantification_text(const std::string& symbol, const std::string& assume) {
  std::string s = "every input the entry guards of " + symbol + " admit (each view's length equal to its extent and its elements fewer than 2^63 bytes, rw views disjoint)";
  if (assume != "true") s += ", where the host precondition " + assume + " holds without trapping";
  return s;
}

std::string observation_text() {
  return "whether the call traps (all traps one outcome), the returned value, the final contents of every rw "
         "parameter and every returned owner; floats compared as data, sums by tag and active payload";
}

std::string reason_phrase(const std::string& reason) {
  std::string s = reason;
  if (s.size() > 1 && std::isupper(static_cast<unsigned char>(s[0])) && !std::isupper(static_cast<unsigned char>(s[1])) &&
      s.rfind("Solver/", 0) != 0)
    s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
  while (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

std::string agreement_phrase(const std::array<Answer, kSolverCount>& answers, bool both) {
  if (both) return "z3 and cvc5 agree";
  std::string lone, others;
  for (Solver s : all_solvers()) {
    Answer a = answers[static_cast<size_t>(s)];
    if (lone.empty() && a == Answer::Unsat) {
      lone = solver_name(s);
      continue;
    }
    others += std::string(others.empty() ? "" : ", ") + solver_name(s) + ": " + answer_name(a);
  }
  return lone + " alone (" + others + ")";
}

}  // namespace cairn::smt
