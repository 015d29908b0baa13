// SARIF 2.1.0 logs (the format code-scanning services read): one run of the cairn tool, its rules, and results
// with physical or logical locations. `cairn check --format sarif` reports each refusal; `cairn diff --format
// sarif` each behaviour-changed function.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "front/diag/report.h"

namespace cairn::diag {

struct SarifRule {
  std::string id;         // a diagnostic code ("E-TYPE-MISMATCH") or a diff class
  std::string summary;    // shortDescription
  std::string help;       // help: the rule card's text
};

struct SarifResult {
  std::string rule_id;
  std::string level = "error";  // error | warning | note
  std::string message;
  std::string file;             // artifactLocation.uri ("" : none)
  uint32_t line = 0, column = 0;
  std::string logical;          // a function's qualified name ("" : none)
};

// The log: {$schema, version: "2.1.0", runs: [{tool: {driver: {name, version, informationUri, rules}}, results}]}.
// Each result's ruleIndex points into `rules`; rules are listed once each, in the order given.
nlohmann::ordered_json sarif_log(const std::string& tool_version, const std::vector<SarifRule>& rules,
                                 const std::vector<SarifResult>& results);

// A refusal's diagnostics (the first, then the further ones) as results, each code's rule with its card's text.
void sarif_from_refusal(const Refusal& r, std::vector<SarifRule>& rules, std::vector<SarifResult>& results);

}  // namespace cairn::diag
