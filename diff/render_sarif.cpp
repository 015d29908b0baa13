// The SARIF rendering of a cairn.diff/1 record: one result for each function whose class breaks a requirement
// or moves the semantic version, at the function's place on the side that has it (the NEW side, or the OLD one
// for a removed function) with the other side's place as a related location.
//
// Decisions where the spec is silent:
// - Levels: behavior-changed, signature-changed and removed are errors (they break `--require equivalent` and
//   move a public function's version to major); renamed and unknown are warnings (a rename is a removal of the
//   old name to a caller, an unknown is not shown either way); added is a note (it moves the version to minor).
// - An allowed function (`--allow`, the manifest's [allow]) keeps its result with an accepted external
//   suppression whose justification is the reason, so code scanning shows it as dismissed, not gone.
// - The message is "NAME (CLASS): EVIDENCE", the evidence as the human line gives it.
#include "diff/render.h"
#include "diff/render_parts.h"
#include "front/diag/sarif.h"

namespace cairn::diff {

namespace {

using render::json;

struct ClassRule {
  const char* cls;
  const char* level;
  const char* summary;
  const char* full;
};

constexpr ClassRule kRules[] = {
    {"behavior-changed", "error", "A function behaves differently in the new version.",
     "Some input tells the two versions apart: a different result, different rw contents, or a trap on one side "
     "only. The witness was replayed in the interpreter and natively."},
    {"signature-changed", "error", "A function's signature changed.",
     "A parameter's or the result's type, the number of parameters or the function's visibility differs, so "
     "callers see another interface."},
    {"removed", "error", "A function of the old version is gone.",
     "No function of the new version has its name, and no renamed function stands for it."},
    {"renamed", "warning", "A function was renamed.",
     "The new version has the old function's code under another name; callers of the old name break."},
    {"unknown", "warning", "Not shown to be equivalent or different.",
     "Neither a proof nor an input that tells the versions apart was found within the fragment, the bounds and "
     "the time limits; an unknown is never counted as unchanged."},
    {"added", "note", "A function was added.", "The new version has a function the old one does not have."},
};

const ClassRule* rule_of(const std::string& cls) {
  for (const ClassRule& r : kRules)
    if (cls == r.cls) return &r;
  return nullptr;
}

diag::SarifPlace place_of(const json& entry, const char* side, const char* message) {
  diag::SarifPlace p;
  if (!entry.contains("location") || !entry["location"].contains(side)) return p;
  const json& at = entry["location"][side];
  p.file = render::str(at, "file");
  p.line = at.value("line", 0u);
  p.column = at.value("column", 0u);
  p.end_line = at.value("end_line", 0u);
  p.end_column = at.value("end_column", 0u);
  p.message = message;
  return p;
}

}  // namespace

nlohmann::ordered_json render_sarif(const nlohmann::ordered_json& record, const std::string& tool_version,
                                    const std::string& root) {
  std::vector<diag::SarifRule> rules;
  std::vector<diag::SarifResult> results;
  for (const render::Listed& f : render::listed_functions(record)) {
    std::string cls = render::str(*f.entry, "class");
    const ClassRule* rule = rule_of(cls);
    if (!rule) continue;
    bool listed = false;
    for (const diag::SarifRule& r : rules) listed = listed || r.id == cls;
    if (!listed)
      rules.push_back({cls, rule->summary, rule->full,
                       std::string(rule->full) + "\n\n" + render::str(record, "compared") +
                           "\n\nTo accept a reviewed change: cairn diff ... --allow NAME=REASON, or an entry in the "
                           "manifest's [allow] table."});
    diag::SarifResult r;
    r.rule_id = cls;
    r.level = rule->level;
    std::vector<std::string> parts = render::evidence_parts(*f.entry, f.name);
    for (std::string& c : render::change_parts(*f.entry)) parts.push_back(std::move(c));
    r.message = f.name + " (" + cls + ")" + (parts.empty() ? "" : ": " + render::join(parts, "; ")) + ".";
    bool removed = cls == "removed";
    r.place = place_of(*f.entry, removed ? "old" : "new", "");
    if (!removed) {
      diag::SarifPlace old = place_of(*f.entry, "old", "the old version");
      if (!old.file.empty()) r.related.push_back(old);
    }
    r.logical = f.name;
    if (f.entry->contains("allowed") && (*f.entry)["allowed"].is_string())
      r.suppressed = (*f.entry)["allowed"].get<std::string>();
    results.push_back(std::move(r));
  }
  return diag::sarif_log(tool_version, rules, results, root);
}

}  // namespace cairn::diff
