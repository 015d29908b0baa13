// `--require LEVEL` and the allow-list (docs/diff.md, "--require" and "Allowing a reviewed change"): which
// functions, types and tests keep the requirement from holding, which of them an allow entry accepts, and the
// warnings for allow entries that accept nothing. The record's `require`, `allowed` and `warnings` come from here.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "diff/classify.h"
#include "diff/diff.h"
#include "front/diag/report.h"

namespace cairn::diff {

// The NEW side's manifest [allow] entries after the command line's (a function named by both keeps the command
// line's reason); an entry naming no function of either side is refused (E-PROJECT-OR-ENVIRONMENT, with the
// manifest position for a manifest entry) with the nearest function name offered.
std::optional<diag::Refusal> gather_allows(const Classified& c, const Version& new_v, std::vector<Allow>& allow);

struct Requirement {
  nlohmann::ordered_json require;   // {level, holds, breaking [...]} when a level is asked, else null
  nlohmann::ordered_json allowed = nlohmann::ordered_json::array();   // [{function, class, reason, from}]
  nlohmann::ordered_json warnings = nlohmann::ordered_json::array();  // one sentence per allow that accepts nothing
  bool holds = true;
};

// Judged from a record's `functions`, `types` and `tests` (so a merged record is judged as a single run is).
// LEVEL "" (no --require): allow entries are still judged against "equivalent", so the record lists them.
Requirement judge(const nlohmann::ordered_json& record, const std::string& level, const std::vector<Allow>& allow);

}  // namespace cairn::diff
