// The coverage record's verdict: smt-module-equivalent only when everything matched and every function is
// covered; solver-disagreement when any function's result is one; incomplete otherwise.
#include "verify/module.h"

namespace cairn::smt {

VerifyResult finish_module(VerifyResult& out, nlohmann::ordered_json& rec, std::map<std::string, FunctionResult>& results,
                           const std::set<std::string>& all, const std::set<std::string>& missing,
                           const std::set<std::string>& extra, const std::vector<std::string>& refusals) {
  nlohmann::ordered_json covered = nlohmann::ordered_json::array(), uncovered = nlohmann::ordered_json::array();
  bool disagreement = false;
  std::string uncovered_text, lines;
  for (const std::string& name : all) {
    auto it = results.find(name);
    if (it != results.end() && it->second.status == Status::SmtEquivalent) {
      covered.push_back(name);
      continue;
    }
    uncovered.push_back(name);
    std::string why;
    if (it != results.end()) {
      disagreement = disagreement || it->second.status == Status::SolverDisagreement;
      why = it->second.summary;
      lines += it->second.human;
    } else if (missing.count(name)) {
      why = "missing: only in the reference";
      lines += "missing: " + name + ": only in the reference\n";
    } else if (extra.count(name)) {
      why = "extra: only in the candidate";
      lines += "extra: " + name + ": only in the candidate\n";
    } else {
      why = "not compared";
    }
    uncovered_text += std::string(uncovered_text.empty() ? "" : ", ") + name + " (" + why + ")";
  }
  rec["covered"] = covered;
  rec["uncovered"] = uncovered;
  for (auto& [name, f] : results) rec["results"][name] = f.record;
  bool types = rec["public_types_match"].get<bool>();
  std::string status = disagreement ? "solver-disagreement"
                       : (types && missing.empty() && extra.empty() && refusals.empty() && uncovered.empty() && !all.empty())
                           ? "smt-module-equivalent"
                           : "incomplete";
  rec["status"] = status;
  if (!refusals.empty()) {
    std::string reason;
    for (const std::string& r : refusals) reason += (reason.empty() ? "" : " ") + r;
    rec["reason"] = reason;
  }
  std::string head = status + ": " + std::to_string(covered.size()) + " of " + std::to_string(all.size()) +
                     " functions smt-equivalent";
  if (!uncovered_text.empty()) head += "; uncovered: " + uncovered_text;
  if (rec.contains("reason")) head += "; " + rec["reason"].get<std::string>();
  out.record = rec;
  out.human = head + "\n" + lines;
  out.exit_code = status == "smt-module-equivalent" ? 0 : 2;
  return out;
}

}  // namespace cairn::smt
