// What a diff rendering lists and in what order (tools.md §4.8): the listed functions, the counts, and the
// types, tests, predicted and semver texts.
//
// Decisions where the spec is silent:
// - The counts follow one fixed class order, whatever order `summary` has: the unchanged classes first
//   (identical-code, identical-source, smt-equivalent), then the listing order (behavior-changed, unknown,
//   signature-changed, renamed, added, removed); a class this renderer does not know comes last, in the
//   record's order. This reproduces the spec's example "2 identical-code, 1 smt-equivalent, 1 behavior-changed".
// - A class outside the listing order is listed after `removed`, by name.
// - `types` and `tests` are listed by name; a test whose entry is identical-code is not listed.
// - A predicted ratio is written as the record holds it (shortest digits for a number): "f x0.47".
#include <algorithm>
#include <charconv>
#include <map>

#include "diff/render_parts.h"

namespace cairn::diff::render {
namespace {

const std::vector<std::string>& listing_order() {
  static const std::vector<std::string> kOrder = {"behavior-changed", "unknown", "signature-changed",
                                                  "smt-equivalent",   "renamed", "added", "removed"};
  return kOrder;
}

const std::vector<std::string>& count_order() {
  static const std::vector<std::string> kOrder = {"identical-code",   "identical-source", "smt-equivalent",
                                                  "behavior-changed", "unknown",          "signature-changed",
                                                  "renamed",          "added",            "removed"};
  return kOrder;
}

size_t rank(const std::vector<std::string>& order, const std::string& cls) {
  return static_cast<size_t>(std::find(order.begin(), order.end(), cls) - order.begin());
}

std::string number_text(const json& v) {
  if (!v.is_number_float()) return v.is_string() ? v.get<std::string>() : v.dump();
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, v.get<double>());
  return std::string(buf, res.ptr);
}

// NAME -> change pairs of an object map, sorted by name, skipping SKIP.
std::string name_changes(const json& record, const char* key, const std::string& wrap, const std::string& skip) {
  if (!record.contains(key) || !record[key].is_object()) return "";
  std::map<std::string, std::string> sorted;
  for (auto it = record[key].begin(); it != record[key].end(); ++it) {
    std::string change = it->is_string() ? it->get<std::string>() : it->dump();
    if (change != skip) sorted[it.key()] = change;
  }
  std::vector<std::string> parts;
  for (const auto& [name, change] : sorted) parts.push_back(wrap + name + wrap + " " + change);
  return join(parts, ", ");
}

}  // namespace

std::string str(const json& object, const char* key) {
  if (!object.is_object() || !object.contains(key) || !object[key].is_string()) return "";
  return object[key].get<std::string>();
}

std::string join(const std::vector<std::string>& parts, const std::string& sep) {
  std::string out;
  for (const std::string& p : parts) {
    if (p.empty()) continue;
    out += (out.empty() ? "" : sep) + p;
  }
  return out;
}

std::vector<Listed> listed_functions(const json& record) {
  std::vector<Listed> out;
  if (!record.contains("functions") || !record["functions"].is_object()) return out;
  for (auto it = record["functions"].begin(); it != record["functions"].end(); ++it) {
    std::string cls = str(*it, "class");
    if (cls != "identical-code" && cls != "identical-source") out.push_back({it.key(), &*it});
  }
  std::sort(out.begin(), out.end(), [](const Listed& a, const Listed& b) {
    size_t ra = rank(listing_order(), str(*a.entry, "class")), rb = rank(listing_order(), str(*b.entry, "class"));
    return ra != rb ? ra < rb : a.name < b.name;
  });
  return out;
}

std::string counts_text(const json& record) {
  if (!record.contains("summary") || !record["summary"].is_object()) return "no functions";
  std::vector<std::pair<size_t, std::string>> ranked;  // (rank, text), stable for unknown classes
  for (auto it = record["summary"].begin(); it != record["summary"].end(); ++it) {
    if (it->is_number() && *it == 0) continue;
    ranked.push_back({rank(count_order(), it.key()), number_text(*it) + " " + it.key()});
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> parts;
  for (const auto& [r, text] : ranked) parts.push_back(text);
  return parts.empty() ? "no functions" : join(parts, ", ");
}

std::string shape_text(const std::string& name, const json& signature) {
  std::string out = signature.value("public", false) ? "pub fn " : "fn ";
  out += name + "(";
  if (signature.contains("params") && signature["params"].is_array()) {
    size_t i = 0;
    for (const json& p : signature["params"]) {
      std::string pname = p.is_array() && p.size() == 2 ? number_text(p[0]) : number_text(p);
      std::string ptype = p.is_array() && p.size() == 2 ? number_text(p[1]) : "";
      out += (i++ ? ", " : "") + pname + (ptype.empty() ? "" : ": " + ptype);
    }
  }
  out += ")";
  std::string returns = str(signature, "returns");
  if (!returns.empty() && returns != "void") out += " -> " + returns;
  return out;
}

std::string types_text(const json& record, const std::string& wrap) {
  return name_changes(record, "types", wrap, "");
}

std::string tests_text(const json& record, const std::string& wrap) {
  return name_changes(record, "tests", wrap, "identical-code");
}

std::string predicted_text(const json& record, const std::string& wrap) {
  if (!record.contains("predicted") || !record["predicted"].is_object()) return "";
  const json& p = record["predicted"];
  if (!p.contains("ratios") || !p["ratios"].is_object() || p["ratios"].empty()) return "";
  std::vector<std::string> parts;
  for (auto it = p["ratios"].begin(); it != p["ratios"].end(); ++it)
    parts.push_back(wrap + it.key() + wrap + " x" + number_text(*it));
  std::string profile = str(p, "profile");
  return (profile.empty() ? "" : " (" + profile + ")") + ": " + join(parts, ", ");
}

SemverText semver_text(const json& record) {
  SemverText out;
  if (!record.contains("semver") || !record["semver"].is_object()) return out;
  const json& s = record["semver"];
  out.level = str(s, "level");
  out.at_least = str(s, "at_least");
  std::vector<std::string> reasons;
  if (s.contains("reasons") && s["reasons"].is_array())
    for (const json& r : s["reasons"]) reasons.push_back(number_text(r));
  out.reasons = join(reasons, "; ");
  if (s.contains("unproven") && s["unproven"].is_array())
    for (const json& u : s["unproven"]) out.unproven.push_back(number_text(u));
  return out;
}

}  // namespace cairn::diff::render
