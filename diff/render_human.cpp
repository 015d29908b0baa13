// The human lines of a cairn.diff/1 record (tools.md §4.8):
//
//   old.cairn -> new.cairn: 2 identical-code, 1 smt-equivalent, 1 behavior-changed
//   behavior-changed  double_it  at x = 63: before returns 126, after returns 189 (native: clang++ and g++ agree)
//   smt-equivalent    clamp      z3 and cvc5 found no input on which they differ; guards written 3 -> 2
//   types: Point changed
//   tests: t1 changed
//   predicted, not measured (PROFILE): f x0.47
//   semver: major: double_it behaves differently at x = 63
//   unproven: g
//
// Each listed line is the class left-justified in 17 columns, a space, the name left-justified to the longest
// listed name, two spaces, then the evidence and the changes joined by "; " (no trailing blanks when both are
// empty; a line break inside a reason becomes a space). The semver line without reasons is "semver: LEVEL".
// Every line ends with a newline.
#include <algorithm>

#include "diff/render.h"
#include "diff/render_parts.h"

namespace cairn::diff {

using render::json;

namespace {

std::string pad(const std::string& s, size_t width) {
  return s.size() >= width ? s : s + std::string(width - s.size(), ' ');
}

std::string function_line(const render::Listed& f, size_t name_width) {
  std::vector<std::string> parts = render::evidence_parts(*f.entry, f.name);
  for (std::string& c : render::change_parts(*f.entry)) parts.push_back(std::move(c));
  std::string detail = render::join(parts, "; ");
  for (char& c : detail)
    if (c == '\n' || c == '\r') c = ' ';  // one line per function, whatever a reason holds
  std::string line = pad(render::str(*f.entry, "class"), 17) + " " + (detail.empty() ? f.name : pad(f.name, name_width));
  return detail.empty() ? line : line + "  " + detail;
}

std::string semver_line(const json& record) {
  render::SemverText s = render::semver_text(record);
  if (s.level.empty()) return "";
  std::string line = "semver: " + s.level + (s.at_least.empty() ? "" : " (at least " + s.at_least + ")");
  return s.reasons.empty() ? line : line + ": " + s.reasons;
}

}  // namespace

std::string render_human(const json& record) {
  std::string out = render::str(record.value("old", json::object()), "named") + " -> " +
                    render::str(record.value("new", json::object()), "named") + ": " + render::counts_text(record) +
                    "\n";
  std::vector<render::Listed> listed = render::listed_functions(record);
  size_t name_width = 0;
  for (const render::Listed& f : listed) name_width = std::max(name_width, f.name.size());
  for (const render::Listed& f : listed) out += function_line(f, name_width) + "\n";
  std::string types = render::types_text(record, ""), tests = render::tests_text(record, "");
  if (!types.empty()) out += "types: " + types + "\n";
  if (!tests.empty()) out += "tests: " + tests + "\n";
  std::string predicted = render::predicted_text(record, "");
  if (!predicted.empty()) out += "predicted, not measured" + predicted + "\n";
  std::string semver = semver_line(record);
  if (!semver.empty()) out += semver + "\n";
  render::SemverText s = render::semver_text(record);
  if (!s.unproven.empty()) out += "unproven: " + render::join(s.unproven, ", ") + "\n";
  for (const std::string& a : render::allowed_lines(record, "")) out += "allowed: " + a + "\n";
  for (const std::string& w : render::warning_lines(record)) out += "warning: " + w + "\n";
  std::string verdict = render::verdict_text(record, "");
  if (!verdict.empty()) out += verdict + "\n";
  return out;
}

}  // namespace cairn::diff
