// The --markdown section of a cairn.diff/1 record (tools.md §4.8), its seven parts in order: the title with
// the counts, the sentence naming the compiler, the table of listed functions, the witnesses, the types and
// tests sentences, the predicted cost, and the semantic version.
//
// Decisions where the spec is silent:
// - Parts are separated by one blank line; the section ends with a newline.
// - With no listed function the table is replaced by "No function is listed: every function is identical."
//   (or "No function was compared." when there is none at all).
// - Text outside code spans (table cells, witness outcomes, reasons) has `|` written `\|`, `<` written `\<`
//   (GitHub would take `ro<u8>` for an HTML tag) and `*` written `\*`, and every CR or LF written as a space;
//   the evidence cell is the human line's evidence and changes joined by "; ". Names, inputs and conditions
//   are code spans.
// - `### Witnesses` appears only when some behavior-changed function has a witness; its bullet reads
//   "`f` at `x = 63`: OLD returns 126, NEW aborts (overflow); the interpreter's replay agrees; native:
//   clang++ OLD agrees, NEW agrees; g++ ...; found where `x <= 16`." ("no native replay" without `native`).
// - The semver sentence lists the unproven functions whenever the record has them (as the human lines do),
//   not only when the level is unknown.
#include "diff/render.h"
#include "diff/render_parts.h"

namespace cairn::diff {

using render::json;

namespace {

// Text outside a code span, escaped for Markdown and flattened to one line.
std::string cell(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|' || c == '<' || c == '*') out += std::string("\\") + c;
    else if (c == '\n' || c == '\r') out += ' ';
    else out += c;
  }
  return out;
}

// A code span's text inside a table: only `|` needs escaping there (GitHub splits cells first).
std::string code_cell(const std::string& text) {
  std::string out;
  for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

std::string title(const json& record) {
  return "## cairn diff `" + render::str(record.value("old", json::object()), "named") + "` -> `" +
         render::str(record.value("new", json::object()), "named") + "`: " + render::counts_text(record) + "\n";
}

std::string compiler_sentence(const json& record) {
  std::string compiler = render::str(record, "compiler");
  return "Both sides were checked and lowered by `" + (compiler.empty() ? std::string("cairn") : compiler) +
         "`; identical functions (identical-code, identical-source) are counted, not listed.\n";
}

std::string table(const json& record, const std::vector<render::Listed>& listed) {
  if (listed.empty()) {
    bool any = record.contains("functions") && record["functions"].is_object() && !record["functions"].empty();
    return any ? "No function is listed: every function is identical.\n" : "No function was compared.\n";
  }
  std::string out = "| Function | Class | Evidence |\n|---|---|---|\n";
  for (const render::Listed& f : listed) {
    std::vector<std::string> parts = render::evidence_parts(*f.entry, f.name);
    for (std::string& c : render::change_parts(*f.entry)) parts.push_back(std::move(c));
    out += "| `" + code_cell(f.name) + "` | " + cell(render::str(*f.entry, "class")) + " | " +
           cell(render::join(parts, "; ")) + " |\n";
  }
  return out;
}

std::string native_sides(const json& native) {
  if (!native.is_object() || native.empty()) return "no native replay";
  std::vector<std::string> parts;
  for (auto it = native.begin(); it != native.end(); ++it)
    parts.push_back(it.key() + " OLD " + render::str(*it, "before") + ", NEW " + render::str(*it, "after"));
  return "native: " + render::join(parts, "; ");
}

std::string witness_bullet(const std::string& name, const json& w) {
  std::string inputs = render::inputs_text(w);
  std::string out = "- `" + name + "` " + (inputs == "no inputs" ? "with no inputs" : "at `" + inputs + "`") +
                    ": OLD " + cell(render::outcome_text(w.value("before", json::object()))) + ", NEW " +
                    cell(render::outcome_text(w.value("after", json::object())));
  std::string model = render::str(w, "value_model");
  if (!model.empty()) out += "; the interpreter's replay " + cell(model);
  out += "; " + cell(native_sides(w.value("native", json::object())));
  std::string where = render::str(w, "found_where");
  if (!where.empty()) out += "; found where `" + where + "`";
  return out + ".\n";
}

std::string witnesses(const std::vector<render::Listed>& listed) {
  std::string bullets;
  for (const render::Listed& f : listed)
    if (render::str(*f.entry, "class") == "behavior-changed" && f.entry->contains("witness") &&
        (*f.entry)["witness"].is_object())
      bullets += witness_bullet(f.name, (*f.entry)["witness"]);
  return bullets.empty() ? "" : "### Witnesses\n\n" + bullets;
}

std::string semver_sentence(const json& record) {
  render::SemverText s = render::semver_text(record);
  if (s.level.empty()) return "";
  std::string out = "Semantic version: **" + s.level + "**";
  if (!s.at_least.empty()) out += " (at least **" + s.at_least + "**)";
  if (!s.reasons.empty()) out += ": " + cell(s.reasons);
  out += ".";
  if (!s.unproven.empty()) {
    std::vector<std::string> names;
    for (const std::string& u : s.unproven) names.push_back("`" + u + "`");
    out += " Unproven: " + render::join(names, ", ") + ".";
  }
  return out + "\n";
}

}  // namespace

std::string render_markdown(const json& record) {
  std::vector<render::Listed> listed = render::listed_functions(record);
  std::vector<std::string> parts = {title(record)};
  std::string verdict = render::verdict_text(record, "`");
  bool holds = record.contains("require") && record["require"].is_object() && record["require"].value("holds", false);
  if (!verdict.empty()) parts.push_back(std::string(holds ? "✅" : "❌") + " **" + cell(verdict) + "**\n");
  for (std::string& p : std::vector<std::string>{compiler_sentence(record), table(record, listed), witnesses(listed)})
    parts.push_back(std::move(p));
  std::string types = render::types_text(record, "`"), tests = render::tests_text(record, "`");
  if (!types.empty()) parts.push_back("Types: " + types + ".\n");
  if (!tests.empty()) parts.push_back("Tests: " + tests + ".\n");
  std::string predicted = render::predicted_text(record, "`");
  if (!predicted.empty()) parts.push_back("Predicted, not measured" + predicted + ".\n");
  parts.push_back(semver_sentence(record));
  std::string allowed;
  for (const std::string& a : render::allowed_lines(record, "`")) allowed += "- " + cell(a) + "\n";
  if (!allowed.empty()) parts.push_back("### Allowed changes\n\n" + allowed);
  std::string warnings;
  for (const std::string& w : render::warning_lines(record)) warnings += "- " + cell(w) + "\n";
  if (!warnings.empty()) parts.push_back("### Warnings\n\n" + warnings);
  if (!verdict.empty()) parts.push_back("**" + cell(verdict) + "**\n");
  return render::join(parts, "\n");
}

}  // namespace cairn::diff
