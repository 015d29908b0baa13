// The two renderings of a `cairn.diff/1` record (tools.md §4.8): the human lines and the Markdown section a
// reviewer reads on a pull request. Both are pure functions of the record, so they are deterministic.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace cairn::diff {

// The human output: the counts line, one line per listed function, types/tests lines, semver, unproven.
std::string render_human(const nlohmann::ordered_json& record);

// The --markdown section; its sentence names the record's `compiler`.
std::string render_markdown(const nlohmann::ordered_json& record);

// The SARIF 2.1.0 log of `--format sarif`: one result per behavior-changed, signature-changed, removed, renamed,
// unknown or added function (a rule per class), at the function's place in the repository (the record's
// `location`, relative to ROOT, the absolute report root) and under its qualified name as a logical location.
nlohmann::ordered_json render_sarif(const nlohmann::ordered_json& record, const std::string& tool_version,
                                    const std::string& root);

// A value of tools.md §1.3 (as it sits in a record) written as a CAIRN literal: 63, -0.0, NaN, [0, 1, 2].
std::string value_literal(const nlohmann::ordered_json& value);

}  // namespace cairn::diff
