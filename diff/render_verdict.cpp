// The requirement's verdict, the allowed changes and the warnings as the human lines and the Markdown write them
// (docs/diff.md, "--require"):
//
//   require equivalent: fails — 1 behavior-changed (bucket), 1 unknown (main: outside the modeled fragment: printing)
//   require equivalent: holds (1 allowed: bucket)
//
// Decisions: the breaking functions are grouped by class in the listing order (behavior-changed, unknown,
// signature-changed, smt-equivalent, renamed, added, removed), each group "N CLASS (NAMES)" with the names in
// name order; an unknown function's name carries its reason after a colon (why it is not known is what a reader
// acts on; the other classes say it themselves). Types come after as "N type(s) changed (NAMES)", tests as
// "N test(s) changed (NAMES)". A reason's trailing period is dropped and its line breaks become spaces.
#include <map>

#include "diff/render_parts.h"

namespace cairn::diff::render {

namespace {

const std::vector<std::string> kGroupOrder = {"behavior-changed", "unknown", "signature-changed", "smt-equivalent",
                                              "renamed",          "added",   "removed"};

std::string flat(std::string s) {
  for (char& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  while (!s.empty() && (s.back() == '.' || s.back() == ' ')) s.pop_back();
  return s;
}

std::string plural(size_t n, const std::string& one) { return std::to_string(n) + " " + one + (n == 1 ? "" : "s"); }

}  // namespace

std::string verdict_text(const json& record, const std::string& wrap) {
  if (!record.contains("require") || !record["require"].is_object()) return "";
  const json& req = record["require"];
  std::string head = "require " + str(req, "level") + ": ";
  if (req.value("holds", false)) {
    size_t n = record.contains("allowed") && record["allowed"].is_array() ? record["allowed"].size() : 0;
    if (n == 0) return head + "holds";
    std::vector<std::string> names;
    for (const json& a : record["allowed"]) names.push_back(wrap + str(a, "function") + wrap);
    return head + "holds (" + std::to_string(n) + " allowed: " + join(names, ", ") + ")";
  }
  std::map<std::string, std::vector<std::string>> by_class;
  std::vector<std::string> types, tests;
  for (const json& b : req.value("breaking", json::array())) {
    if (b.contains("function")) {
      std::string item = wrap + str(b, "function") + wrap;
      std::string reason = str(b, "reason");
      if (!reason.empty()) item += ": " + flat(reason);
      by_class[str(b, "class")].push_back(item);
    } else if (b.contains("type")) {
      types.push_back(wrap + str(b, "type") + wrap);
    } else if (b.contains("test")) {
      tests.push_back(wrap + str(b, "test") + wrap);
    }
  }
  std::vector<std::string> groups;
  for (const std::string& cls : kGroupOrder) {
    auto it = by_class.find(cls);
    if (it == by_class.end()) continue;
    groups.push_back(std::to_string(it->second.size()) + " " + cls + " (" + join(it->second, ", ") + ")");
    by_class.erase(it);
  }
  for (const auto& [cls, items] : by_class) groups.push_back(std::to_string(items.size()) + " " + cls + " (" + join(items, ", ") + ")");
  if (!types.empty()) groups.push_back(plural(types.size(), "type") + " changed (" + join(types, ", ") + ")");
  if (!tests.empty()) groups.push_back(plural(tests.size(), "test") + " changed (" + join(tests, ", ") + ")");
  return head + "fails — " + join(groups, ", ");
}

std::vector<std::string> allowed_lines(const json& record, const std::string& wrap) {
  std::vector<std::string> out;
  if (!record.contains("allowed") || !record["allowed"].is_array()) return out;
  for (const json& a : record["allowed"])
    out.push_back(wrap + str(a, "function") + wrap + " (" + str(a, "class") + ", " + str(a, "from") + "): " +
                  flat(str(a, "reason")));
  return out;
}

std::vector<std::string> warning_lines(const json& record) {
  std::vector<std::string> out;
  if (!record.contains("warnings") || !record["warnings"].is_array()) return out;
  for (const json& w : record["warnings"]) out.push_back(w.is_string() ? w.get<std::string>() : w.dump());
  return out;
}

}  // namespace cairn::diff::render
