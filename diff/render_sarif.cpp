// The SARIF rendering of a cairn.diff/1 record: behaviour-changed functions as results, with the witness that
// tells the versions apart in the message.
#include "diff/render.h"
#include "diff/render_parts.h"
#include "front/diag/sarif.h"

namespace cairn::diff {

nlohmann::ordered_json render_sarif(const nlohmann::ordered_json& record, const std::string& tool_version) {
  std::vector<diag::SarifRule> rules;
  std::vector<diag::SarifResult> results;
  const auto& functions = record.contains("functions") ? record["functions"] : nlohmann::ordered_json::object();
  std::string file;
  if (record.contains("new") && record["new"].value("kind", "") == "path") {
    std::string named = record["new"].value("named", "");
    if (named.size() > 6 && named.compare(named.size() - 6, 6, ".cairn") == 0) file = named;
  }
  for (const auto& [name, f] : functions.items()) {
    if (f.value("class", "") != "behavior-changed") continue;
    if (rules.empty())
      rules.push_back({"behavior-changed", "a function behaves differently in the new version: some input tells the two apart",
                       record.value("compared", std::string("behavior-changed: an input on which the versions differ."))});
    diag::SarifResult r;
    r.rule_id = "behavior-changed";
    r.message = name + " behaves differently";
    if (f.contains("witness") && f["witness"].contains("inputs")) {
      std::string inputs;
      for (const auto& [param, value] : f["witness"]["inputs"].items())
        inputs += (inputs.empty() ? "" : ", ") + param + " = " + value_literal(value);
      r.message += " at " + inputs;
    }
    r.message += ".";
    r.file = file;
    r.logical = name;
    results.push_back(r);
  }
  return diag::sarif_log(tool_version, rules, results);
}

}  // namespace cairn::diff
