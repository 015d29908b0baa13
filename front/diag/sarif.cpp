// SARIF logs: rules deduplicated by id; a result's location is physical when it has a file, logical when it names
// a function, and both may be present.
#include "front/diag/sarif.h"

#include "front/diag/render_cards.h"

namespace cairn::diag {

namespace {
using Json = nlohmann::ordered_json;

void add_rule(std::vector<SarifRule>& rules, SarifRule rule) {
  for (const SarifRule& r : rules)
    if (r.id == rule.id) return;
  rules.push_back(std::move(rule));
}

SarifResult result_of(const Located& l) {
  SarifResult r;
  r.rule_id = std::string(code_name(l.code));
  r.message = l.message + (l.help ? " (" + *l.help + ")" : "");
  if (l.has_pos) {
    r.file = l.file;
    r.line = l.line;
    r.column = l.column;
  } else if (!l.file.empty()) {
    r.file = l.file;
  }
  return r;
}
}  // namespace

Json sarif_log(const std::string& tool_version, const std::vector<SarifRule>& rules, const std::vector<SarifResult>& results) {
  Json rule_list = Json::array();
  for (const SarifRule& r : rules)
    rule_list.push_back({{"id", r.id}, {"name", r.id}, {"shortDescription", {{"text", r.summary}}},
                         {"fullDescription", {{"text", r.summary}}}, {"help", {{"text", r.help}}}});
  Json result_list = Json::array();
  for (const SarifResult& r : results) {
    Json j = {{"ruleId", r.rule_id}};
    for (size_t i = 0; i < rules.size(); ++i)
      if (rules[i].id == r.rule_id) j["ruleIndex"] = i;
    j["level"] = r.level;
    j["message"] = {{"text", r.message}};
    Json loc = Json::object();
    if (!r.file.empty()) {
      Json phys = {{"artifactLocation", {{"uri", r.file}}}};
      if (r.line) {
        phys["region"] = {{"startLine", r.line}};
        if (r.column) phys["region"]["startColumn"] = r.column;
      }
      loc["physicalLocation"] = phys;
    }
    if (!r.logical.empty()) loc["logicalLocations"] = Json::array({{{"fullyQualifiedName", r.logical}, {"kind", "function"}}});
    j["locations"] = loc.empty() ? Json::array() : Json::array({loc});
    result_list.push_back(j);
  }
  return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
          {"version", "2.1.0"},
          {"runs", Json::array({{{"tool", {{"driver", {{"name", "cairn"}, {"version", tool_version}, {"rules", rule_list}}}}},
                                 {"results", result_list}}})}};
}

void sarif_from_refusal(const Refusal& r, std::vector<SarifRule>& rules, std::vector<SarifResult>& results) {
  std::vector<const Located*> all = {&r.first};
  for (const Located& l : r.further) all.push_back(&l);
  for (const Located* l : all) {
    Card card = code_card(l->code);
    add_rule(rules, {std::string(code_name(l->code)), std::string(code_rule_text(l->code)), card_text(card)});
    results.push_back(result_of(*l));
  }
}

}  // namespace cairn::diag
