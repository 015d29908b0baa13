// The pieces the human and Markdown renderings of a cairn.diff/1 record share (tools.md §4.8): which
// functions are listed and in what order, the counts, each function's evidence and changes, the witness
// phrases, and the types/tests/predicted/semver texts. Internal to diff/render_*.cpp.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace cairn::diff::render {

using json = nlohmann::ordered_json;

struct Listed {
  std::string name;
  const json* entry;
};

// Functions that are listed (every class but identical-code and identical-source), by class order then name.
std::vector<Listed> listed_functions(const json& record);

// "2 identical-code, 1 smt-equivalent, 1 behavior-changed" from `summary` ("no functions" when empty).
std::string counts_text(const json& record);

// The evidence and the change phrases of one listed function NAME, each part to be joined by "; ".
std::vector<std::string> evidence_parts(const json& entry, const std::string& name);
std::vector<std::string> change_parts(const json& entry);
std::string join(const std::vector<std::string>& parts, const std::string& sep);

// Witness phrases: "x = 63, y = 2" (or "no inputs"), an outcome ("returns 126, leaves p = 5", "aborts
// (overflow)"), and one compiler's native replay ("clang++ agrees", "g++: before agrees, after ...").
std::string inputs_text(const json& witness);
std::string outcome_text(const json& outcome);
std::string native_compiler_text(const std::string& compiler, const json& sides);

// A signature {params, returns, public} as a shape: "pub fn f(x: u32) -> u32".
std::string shape_text(const std::string& name, const json& signature);

// "Point changed, Shape added" for `types`; for `tests` the entries that are not identical-code. Empty when
// nothing is listed. WRAP surrounds each name (a backtick for Markdown).
std::string types_text(const json& record, const std::string& wrap);
std::string tests_text(const json& record, const std::string& wrap);

// " (PROFILE): f x0.47, g x1.2" when `predicted` holds `ratios`, else empty.
std::string predicted_text(const json& record, const std::string& wrap);

// The semver pieces: level, "at least X" (or empty), reasons joined by "; ", unproven joined by ", ".
struct SemverText {
  std::string level, at_least, reasons;
  std::vector<std::string> unproven;
};
SemverText semver_text(const json& record);

// The requirement's verdict line ("require equivalent: fails — 1 behavior-changed (bucket)"), or "" without
// --require; the allowed changes ("bucket (behavior-changed, --allow): REASON"); the record's warnings. WRAP
// surrounds each name.
std::string verdict_text(const json& record, const std::string& wrap);
std::vector<std::string> allowed_lines(const json& record, const std::string& wrap);
std::vector<std::string> warning_lines(const json& record);

// A string field of an object, or "" when absent or not a string.
std::string str(const json& object, const char* key);

}  // namespace cairn::diff::render
