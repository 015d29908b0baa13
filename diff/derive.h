// What a cairn.diff/1 record says that follows from its functions, types and tests alone: the summary counts,
// the semantic version (tools.md §4.7), the requirement's verdict with the allowed changes and warnings, and
// whether a solver disagreed. A single run and `cairn diff --merge` both end here, so a merged record is
// judged exactly as one run over all functions would be.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "diff/diff.h"

namespace cairn::diff {

struct Derived {
  bool holds = true;          // the requirement holds (true without --require)
  bool disagreement = false;  // some entry records a solver disagreement (exit 2, §4.9)
};

// Fills `summary`, `semver`, `require` (when REQUIRE is not ""), `allowed` (when ALLOW is not empty), `warnings`
// (when there are any) and each allowed function's `allowed` reason. Keys already present keep their place.
// The facts read per function: `class`, `public {old, new}`, `deltas.effects.added`, `witness`, `reason`,
// `solver_disagreement`; per type: `types` and `types_public`.
Derived derive(nlohmann::ordered_json& record, const std::string& require, const std::vector<Allow>& allow);

// The order of classes in `summary`.
const std::vector<std::string>& class_order();

}  // namespace cairn::diff
