// Identity digests: each a SHA-256 over a canonical text of what it names.
#include "validate/identity.h"

#include <algorithm>
#include <set>

#include "base/sha256.h"
#include "targets/runtime_files.h"
#include "validate/agreement.h"

namespace cairn::validate {

namespace {

size_t offset_of(const SourceFile& f, Pos p) {
  if (p.line == 0 || p.line > f.line_starts.size()) return f.text.size();
  return std::min(f.text.size(), static_cast<size_t>(f.line_starts[p.line - 1]) + (p.col ? p.col - 1 : 0));
}

// The text of the item starting at `at`: up to the next item of its file, without the blank lines and comment
// lines that trail it (they belong to the next item).
std::string item_text(const driver::CheckRun& run, Pos at) {
  if (!at.valid() || at.file >= run.files.size()) return "";
  const SourceFile& f = run.sources.file(at.file);
  size_t from = offset_of(f, at), to = f.text.size();
  for (const ast::Item* item : run.files[at.file].items) {
    size_t o = offset_of(f, item->pos);
    if (o > from && o < to) to = o;
  }
  std::string text = f.text.substr(from, to - from);
  for (;;) {
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\n' || text.back() == '\r')) text.pop_back();
    size_t nl = text.rfind('\n');
    std::string last = text.substr(nl == std::string::npos ? 0 : nl + 1);
    size_t first = last.find_first_not_of(" \t");
    if (nl == std::string::npos || first == std::string::npos || last.compare(first, 2, "//") != 0) break;
    text.resize(nl);
  }
  return text;
}

}  // namespace

std::string source_digest(const driver::CheckRun& run, const check::FnInfo& ref, const check::FnInfo& impl) {
  std::set<const check::FnInfo*> seen;
  std::vector<const check::FnInfo*> todo = {&ref, &impl};
  std::vector<std::pair<std::string, std::string>> parts;  // (name, text), sorted before digesting
  while (!todo.empty()) {
    const check::FnInfo* f = todo.back();
    todo.pop_back();
    if (!f || !seen.insert(f).second) continue;
    const check::FnInfo& written = f->template_of ? *f->template_of : *f;
    parts.emplace_back(f->full_name(), written.decl ? item_text(run, written.decl->pos) : "");
    for (const check::CallEdge& c : f->calls) todo.push_back(c.callee);
    for (const check::FnValueUse& u : f->value_uses) todo.push_back(u.fn);
  }
  std::sort(parts.begin(), parts.end());
  std::string canon;
  for (const auto& [name, text] : parts) canon += name + "\n" + std::to_string(text.size()) + "\n" + text + "\n";
  return sha256_hex(canon);
}

std::string contract_digest(const Policy& policy) {
  return sha256_hex(policy_json(policy).dump() + "\n" + agreement_json(policy).dump());
}

std::string compiler_digest(const std::string& cairn_id, const std::string& cxx, const std::string& cxx_version) {
  std::string canon = cairn_id + "\n" + cxx + "\n" + cxx_version + "\n";
  for (const targets::RuntimeFile& f : targets::runtime_files())
    canon += std::string(f.name) + "\n" + sha256_hex(f.bytes) + "\n";
  return sha256_hex(canon);
}

std::string target_digest(const nlohmann::ordered_json& target) { return sha256_hex(target.dump()); }

std::string artifact_digest(const std::string& base_sha256, const std::string& selected_sha256) {
  return sha256_hex("base " + base_sha256 + "\nselected " + selected_sha256 + "\n");
}

}  // namespace cairn::validate
