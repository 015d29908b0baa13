// SARIF 2.1.0 logs (the format code-scanning services read): one run of the cairn tool, its rules, and results
// with physical and logical locations. `cairn check --format sarif` reports each refusal; `cairn diff --format
// sarif` each function whose class breaks a requirement or moves the semantic version.
//
// Every log sets `run.columnKind` to "unicodeCodePoints" and gives columns in code points. A relative file is
// relative to the report root (base/repo_path.h: the git work tree around the current directory, else the
// current directory) and carries `uriBaseId` "SRCROOT", which `originalUriBaseIds` maps to the root's file URI.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "front/diag/report.h"

namespace cairn::diag {

struct SarifRule {
  std::string id;         // a diagnostic code ("E-TYPE-MISMATCH") or a diff class ("behavior-changed")
  std::string summary;    // shortDescription: one line
  std::string full;       // fullDescription: what the rule means
  std::string help;       // help: the rule card's text, or how to act on the result
};

// A region of a file: lines 1-based; columns 1-based in code points, end_column just past the last one.
struct SarifPlace {
  std::string file;       // relative to the report root, or absolute ("" : no physical location)
  uint32_t line = 0, column = 0, end_line = 0, end_column = 0;
  std::string message;    // for a related location: what it shows ("the old version")
};

struct SarifResult {
  std::string rule_id;
  std::string level = "error";  // error | warning | note
  std::string message;
  SarifPlace place;
  std::string logical;          // a function's qualified name ("" : none)
  std::vector<SarifPlace> related;
  std::optional<std::string> suppressed;  // the justification of an accepted result (kind "external")
};

// "TypeMismatch" for E-TYPE-MISMATCH, "BehaviorChanged" for behavior-changed: the rule's name, distinct from
// its id.
std::string sarif_rule_name(const std::string& id);

// The log: {$schema, version: "2.1.0", runs: [{tool: {driver: {name, version, informationUri, rules}},
// originalUriBaseIds, columnKind, results}]}. Each result's ruleIndex points into `rules`; rules are listed
// once each, in the order given. ROOT is the absolute report root.
nlohmann::ordered_json sarif_log(const std::string& tool_version, const std::vector<SarifRule>& rules,
                                 const std::vector<SarifResult>& results, const std::string& root);

// A refusal's diagnostics (the first, then the further ones) as results, each code's rule with its card's
// text; files relative to ROOT, columns converted from bytes to code points on the diagnostic's source line.
void sarif_from_refusal(const Refusal& r, const std::string& root, std::vector<SarifRule>& rules,
                        std::vector<SarifResult>& results);

}  // namespace cairn::diag
