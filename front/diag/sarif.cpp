// SARIF logs: rules deduplicated by id; a result's location is physical when it has a file, logical when it names
// a function, and both may be present.
#include "front/diag/sarif.h"

#include "base/repo_path.h"
#include "front/diag/render_cards.h"

namespace cairn::diag {

namespace {
using Json = nlohmann::ordered_json;

void add_rule(std::vector<SarifRule>& rules, SarifRule rule) {
  for (const SarifRule& r : rules)
    if (r.id == rule.id) return;
  rules.push_back(std::move(rule));
}

SarifResult result_of(const Located& l, const std::string& root) {
  SarifResult r;
  r.rule_id = std::string(code_name(l.code));
  r.message = l.message + (l.help ? " (" + *l.help + ")" : "");
  std::string on_disk = !l.fs_path.empty() ? l.fs_path : l.file;
  if (!on_disk.empty()) r.place.file = relative_to(on_disk, root);
  if (l.has_pos && l.line > 0) {
    r.place.line = l.line;
    if (l.column > 0) r.place.column = l.source_line.empty() ? l.column : code_point_column(l.source_line, l.column);
  }
  return r;
}

Json region_json(const SarifPlace& p) {
  Json region = {{"startLine", p.line}};
  if (p.column) region["startColumn"] = p.column;
  if (p.end_line >= p.line && p.end_line) region["endLine"] = p.end_line;
  if (p.end_column && (p.end_line > p.line || p.end_column > p.column)) region["endColumn"] = p.end_column;
  return region;
}

Json physical_json(const SarifPlace& p) {
  Json artifact = p.file.front() == '/' ? Json{{"uri", "file://" + uri_path(p.file)}}
                                        : Json{{"uri", uri_path(p.file)}, {"uriBaseId", "SRCROOT"}};
  Json phys = {{"artifactLocation", artifact}};
  if (p.line) phys["region"] = region_json(p);
  return phys;
}

Json result_json(const SarifResult& r, const std::vector<SarifRule>& rules) {
  Json j = {{"ruleId", r.rule_id}};
  for (size_t i = 0; i < rules.size(); ++i)
    if (rules[i].id == r.rule_id) j["ruleIndex"] = i;
  j["level"] = r.level;
  j["message"] = {{"text", r.message}};
  Json loc = Json::object();
  if (!r.place.file.empty()) loc["physicalLocation"] = physical_json(r.place);
  if (!r.logical.empty()) loc["logicalLocations"] = Json::array({{{"fullyQualifiedName", r.logical}, {"kind", "function"}}});
  j["locations"] = loc.empty() ? Json::array() : Json::array({loc});
  if (!r.related.empty()) {
    Json related = Json::array();
    for (size_t i = 0; i < r.related.size(); ++i) {
      if (r.related[i].file.empty()) continue;
      Json one = {{"id", i + 1}, {"physicalLocation", physical_json(r.related[i])}};
      if (!r.related[i].message.empty()) one["message"] = {{"text", r.related[i].message}};
      related.push_back(one);
    }
    if (!related.empty()) j["relatedLocations"] = related;
  }
  if (r.suppressed)
    j["suppressions"] = Json::array({{{"kind", "external"}, {"status", "accepted"}, {"justification", *r.suppressed}}});
  return j;
}
}  // namespace

std::string sarif_rule_name(const std::string& id) {
  std::string out;
  bool upper = true;
  for (size_t i = id.rfind("E-", 0) == 0 ? 2 : 0; i < id.size(); ++i) {
    char c = id[i];
    if (c == '-' || c == '_') {
      upper = true;
      continue;
    }
    bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    if (letter && upper) out += static_cast<char>(c >= 'a' ? c - 'a' + 'A' : c);
    else if (letter) out += static_cast<char>(c <= 'Z' ? c - 'A' + 'a' : c);
    else out += c;
    upper = false;
  }
  return out;
}

Json sarif_log(const std::string& tool_version, const std::vector<SarifRule>& rules,
               const std::vector<SarifResult>& results, const std::string& root) {
  Json rule_list = Json::array();
  for (const SarifRule& r : rules)
    rule_list.push_back({{"id", r.id}, {"name", sarif_rule_name(r.id)}, {"shortDescription", {{"text", r.summary}}},
                         {"fullDescription", {{"text", r.full.empty() ? r.summary : r.full}}},
                         {"help", {{"text", r.help}}}});
  Json result_list = Json::array();
  for (const SarifResult& r : results) result_list.push_back(result_json(r, rules));
  Json driver = {{"name", "cairn"}, {"version", tool_version}, {"semanticVersion", tool_version}, {"rules", rule_list}};
  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs", Json::array({{{"tool", {{"driver", driver}}},
                                 {"originalUriBaseIds", {{"SRCROOT", {{"uri", directory_uri(root)}}}}},
                                 {"columnKind", "unicodeCodePoints"},
                                 {"results", result_list}}})}};
}

void sarif_from_refusal(const Refusal& r, const std::string& root, std::vector<SarifRule>& rules,
                        std::vector<SarifResult>& results) {
  std::vector<const Located*> all = {&r.first};
  for (const Located& l : r.further) all.push_back(&l);
  for (const Located* l : all) {
    Card card = code_card(l->code);
    std::string rule(code_rule_text(l->code));
    add_rule(rules, {std::string(code_name(l->code)), rule,
                     rule + ". It belongs to the " + std::string(card_name(card)) + " card: " +
                         std::string(card_summary(card)),
                     card_text(card)});
    results.push_back(result_of(*l, root));
  }
}

}  // namespace cairn::diag
