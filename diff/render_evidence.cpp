// The evidence a diff rendering gives for one listed function (tools.md §4.8), and the witness phrases.
//
// Evidence by class (decisions where the spec is silent are marked *):
//   behavior-changed   "at x = 63: before returns 126, after aborts (overflow) (native: SUMMARY)", then
//                      * "found where x <= 16" as its own part when the witness has `found_where`;
//                      * no inputs: "with no inputs: ..."; * a void return: "returns normally", or only the
//                      "leaves p = V" phrases when it writes an rw borrow; * no `native`: no parenthesis.
//   native SUMMARY     "clang++ and g++ agree" when every side agrees; "not replayed: WHY" when every side was
//                      not replayed for the same WHY; * else compiler by compiler, joined by "; ": "g++
//                      disagrees: S" when both sides say the same, else "g++: before agrees, after disagrees: S".
//   smt-equivalent     "z3 and cvc5 found no input on which they differ", "z3 found no input on which they differ
//                      (cvc5: timeout)"; * solvers z3, cvc5 first then the rest in record order; * no solver
//                      said unsat: "solvers: z3 timeout, ..."; * no evidence: "no input makes them differ".
//   unknown            "equivalent wherever n <= 16; beyond that: REASON" with `bounded`, else the reason.
//   renamed            "was OLD".
//   added, removed     the shape, "pub fn f(x: u32) -> u32".
//   signature-changed  "before: SHAPE; after: SHAPE" from deltas.signature, then * the reason when present.
//   any other class    the reason.
#include <algorithm>

#include "diff/render.h"
#include "diff/render_parts.h"

namespace cairn::diff::render {
namespace {

std::string agree_list(const std::vector<std::string>& names) {
  if (names.size() == 1) return names[0] + " agrees";
  std::string out;
  for (size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return out + " agree";
}

// The native summary inside "(native: ...)", or "" when there is no native replay.
std::string native_summary(const json& native) {
  if (!native.is_object() || native.empty()) return "";
  std::vector<std::string> compilers, statuses;
  for (auto it = native.begin(); it != native.end(); ++it) {
    compilers.push_back(it.key());
    statuses.push_back(str(*it, "before"));
    statuses.push_back(str(*it, "after"));
  }
  bool same = std::all_of(statuses.begin(), statuses.end(), [&](const std::string& s) { return s == statuses[0]; });
  if (same && statuses[0] == "agrees") return agree_list(compilers);
  if (same && statuses[0].rfind("not replayed", 0) == 0) return statuses[0];
  std::vector<std::string> parts;
  for (auto it = native.begin(); it != native.end(); ++it) parts.push_back(native_compiler_text(it.key(), *it));
  return join(parts, "; ");
}

std::string witness_evidence(const json& entry) {
  if (!entry.contains("witness") || !entry["witness"].is_object()) return str(entry, "reason");
  const json& w = entry["witness"];
  std::string inputs = inputs_text(w);
  std::string out = (inputs == "no inputs" ? "with no inputs" : "at " + inputs) + ": before " +
                    outcome_text(w.value("before", json::object())) + ", after " +
                    outcome_text(w.value("after", json::object()));
  std::string native = native_summary(w.value("native", json::object()));
  if (!native.empty()) out += " (native: " + native + ")";
  std::string where = str(w, "found_where");
  return where.empty() ? out : out + "; found where " + where;
}

std::string solvers_evidence(const json& entry) {
  const json evidence = entry.value("evidence", json::object());
  const json solvers = evidence.is_object() ? evidence.value("solvers", json::object()) : json::object();
  if (!solvers.is_object() || solvers.empty()) return "no input makes them differ";
  std::vector<std::string> order;
  for (const char* known : {"z3", "cvc5"})
    if (solvers.contains(known)) order.push_back(known);
  for (auto it = solvers.begin(); it != solvers.end(); ++it)
    if (it.key() != "z3" && it.key() != "cvc5") order.push_back(it.key());
  std::vector<std::string> found, others;
  for (const std::string& s : order) {
    std::string status = str(solvers, s.c_str());
    if (status == "unsat") found.push_back(s);
    else others.push_back(s + ": " + status);
  }
  if (found.empty()) return "solvers: " + join(others, ", ");
  std::string out;
  for (size_t i = 0; i < found.size(); ++i)
    out += (i == 0 ? "" : i + 1 == found.size() ? " and " : ", ") + found[i];
  out += " found no input on which they differ";
  return others.empty() ? out : out + " (" + join(others, ", ") + ")";
}

std::string unknown_evidence(const json& entry) {
  std::string reason = str(entry, "reason");
  if (!entry.contains("bounded") || !entry["bounded"].is_object()) return reason;
  return "equivalent wherever " + str(entry["bounded"], "where") + "; beyond that: " + reason;
}

std::string signature_evidence(const json& entry, const std::string& name) {
  std::string out;
  if (entry.contains("deltas") && entry["deltas"].contains("signature")) {
    const json& s = entry["deltas"]["signature"];
    out = "before: " + shape_text(name, s.value("before", json::object())) +
          "; after: " + shape_text(name, s.value("after", json::object()));
  }
  return join({out, str(entry, "reason")}, "; ");
}

}  // namespace

std::string inputs_text(const json& witness) {
  if (!witness.contains("inputs") || !witness["inputs"].is_object() || witness["inputs"].empty())
    return "no inputs";
  std::vector<std::string> parts;
  for (auto it = witness["inputs"].begin(); it != witness["inputs"].end(); ++it)
    parts.push_back(it.key() + " = " + value_literal(*it));
  return join(parts, ", ");
}

std::string outcome_text(const json& outcome) {
  if (!outcome.is_object() || !outcome.value("defined", false)) {
    std::string trap = str(outcome, "trap");
    std::string kind = trap.substr(0, trap.find(' '));
    return kind.empty() ? "aborts" : "aborts (" + kind + ")";
  }
  std::vector<std::string> parts;
  if (outcome.contains("return")) parts.push_back("returns " + value_literal(outcome["return"]));
  if (outcome.contains("written") && outcome["written"].is_object())
    for (auto it = outcome["written"].begin(); it != outcome["written"].end(); ++it)
      parts.push_back("leaves " + it.key() + " = " + value_literal(*it));
  return parts.empty() ? "returns normally" : join(parts, ", ");
}

std::string native_compiler_text(const std::string& compiler, const json& sides) {
  std::string before = str(sides, "before"), after = str(sides, "after");
  if (before == after) return compiler + " " + before;
  return compiler + ": before " + before + ", after " + after;
}

std::vector<std::string> evidence_parts(const json& entry, const std::string& name) {
  std::string cls = str(entry, "class");
  if (cls == "behavior-changed") return {witness_evidence(entry)};
  if (cls == "smt-equivalent") return {solvers_evidence(entry)};
  if (cls == "unknown") return {unknown_evidence(entry)};
  if (cls == "renamed") return {"was " + str(entry, "from")};
  if ((cls == "added" || cls == "removed") && entry.contains("signature"))
    return {shape_text(name, entry["signature"])};
  if (cls == "signature-changed") return {signature_evidence(entry, name)};
  return {str(entry, "reason")};
}

}  // namespace cairn::diff::render
