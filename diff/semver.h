// The semantic version level of a diff (tools.md §4.7), from the facts the classifier gathered.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace cairn::diff {

struct SemverFunction {
  std::string name;         // qualified (the new name for `renamed`)
  std::string cls;          // the class name ("identical-code", "behavior-changed", ...)
  bool public_before = false;  // on the OLD side (false when absent there)
  bool public_after = false;   // on the NEW side (false when absent there)
  bool gained_effect = false;  // its effect row gained an effect
  std::string witness_text;    // for behavior-changed: "at x = 63" (may be empty)
};

struct SemverType {
  std::string name;
  std::string change;       // "added", "removed" or "changed"
  bool public_before = false;
  bool public_after = false;
};

// The record's `semver {level, reasons, unproven?, at_least?}`. Test changes never enter.
nlohmann::ordered_json semver_of(const std::vector<SemverFunction>& functions, const std::vector<SemverType>& types);

}  // namespace cairn::diff
