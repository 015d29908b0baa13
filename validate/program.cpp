// Writing the base and selected copies of a program: plans for the reference blanked (spaces in place of their
// bytes), the condition predicate appended to base, `plan f use g;` appended to selected.
#include "validate/program.h"

#include <stdlib.h>
#include <sys/stat.h>

#include <filesystem>
#include <map>

#include "front/driver/item_source.h"
#include "base/atomic_file.h"
#include "base/temp_dir.h"

namespace cairn::validate {

namespace fs = std::filesystem;

namespace {

// The tokens of `item` (driver::item_source), without its body when `stop_at_body`.
std::vector<lex::Token> item_tokens(const driver::CheckRun& run, const ast::Item& item, bool stop_at_body) {
  driver::ItemSource src = driver::item_source(run.sources, item);
  if (stop_at_body && src.body_open != driver::ItemSource::npos) src.tokens.resize(src.body_open);
  return src.tokens;
}

std::string joined(const std::vector<lex::Token>& toks, size_t from, size_t to, const check::FnInfo& fn) {
  std::string s;
  for (size_t i = from; i < to; ++i) {
    std::string word(toks[i].text);
    for (const auto& [name, value] : fn.naturals)
      if (word == name) word = std::to_string(value);
    s += (s.empty() ? "" : " ") + word;
  }
  return s;
}

// The parameter list of the implementation as written, naturals substituted: "n : usize , xs : ro < u64 > [ n ]".
std::string params_text(const std::vector<lex::Token>& toks, const check::FnInfo& impl) {
  size_t open = 0;
  while (open < toks.size() && toks[open].text != "(") {
    if (toks[open].text == "[") {  // a template's natural parameter list
      int depth = 0;
      for (; open < toks.size(); ++open) {
        if (toks[open].text == "[") ++depth;
        if (toks[open].text == "]" && --depth == 0) break;
      }
    }
    ++open;
  }
  int depth = 0;
  for (size_t i = open; i < toks.size(); ++i) {
    if (toks[i].text == "(") ++depth;
    if (toks[i].text == ")" && --depth == 0) return joined(toks, open + 1, i, impl);
  }
  return "";
}

// The project's directory (a file's own directory for a single file or a manifest).
fs::path root_of(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::absolute(path, ec);
  return fs::is_directory(p, ec) ? p : p.parent_path();
}

// One copy: every source in `edits` rewritten (blanked ranges, then an appended text).
struct Edit {
  std::vector<std::pair<size_t, size_t>> blank;  // byte ranges
  std::string append;
};

bool write_copy(const driver::CheckRun& run, const fs::path& root, const fs::path& copy,
                const std::map<uint32_t, Edit>& edits, std::string& error) {
  if (!copy_program_tree(root.string(), copy.string(), error)) return false;
  for (const auto& [file, edit] : edits) {
    std::string text = run.sources.file(file).text;
    for (auto [from, to] : edit.blank)
      for (size_t i = from; i < to && i < text.size(); ++i)
        if (text[i] != '\n') text[i] = ' ';
    text += edit.append;
    std::error_code ec;
    fs::path rel = fs::relative(fs::absolute(run.project.files[file].fs_path, ec), root, ec);
    if (ec || rel.empty() || rel.string().rfind("..", 0) == 0) {
      error = "The source " + run.sources.file(file).display_name + " lies outside the project's directory.";
      return false;
    }
    if (!write_file_atomic((copy / rel).string(), text, error)) return false;
  }
  return true;
}

}  // namespace

bool copy_program_tree(const std::string& from_dir, const std::string& to_dir, std::string& error) {
  fs::path from(from_dir), to(to_dir);
  std::error_code ec;
  fs::create_directories(to, ec);
  for (auto it = fs::recursive_directory_iterator(from, ec); !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    std::string name = it->path().filename().string();
    if (it->is_directory() && (name == "build" || name == ".git")) {
      it.disable_recursion_pending();
      continue;
    }
    fs::path target = to / fs::relative(it->path(), from, ec);
    if (it->is_directory()) fs::create_directories(target, ec);
    else if (it->is_regular_file()) fs::copy_file(it->path(), target, fs::copy_options::overwrite_existing, ec);
    if (ec) break;
  }
  if (ec) error = "Cannot copy the program into a scratch directory: " + ec.message() + ".";
  return !ec;
}

std::string condition_text(const driver::CheckRun& run, const check::FnInfo& impl) {
  if (!impl.decl || !impl.decl->when) return "";
  std::vector<lex::Token> toks = item_tokens(run, *impl.decl, true);
  for (size_t i = 0; i < toks.size(); ++i) {
    if (toks[i].text != "when") continue;
    size_t end = i + 1;
    while (end < toks.size() && toks[end].text != "tune") ++end;
    return joined(toks, i + 1, end, impl);
  }
  return "";
}

bool make_programs(const driver::CheckRun& run, const std::string& path, const check::FnInfo& impl, Programs& out,
                   std::string& error) {
  const check::FnInfo& ref = *impl.implements;
  out.scratch = make_temp_dir("cairn-validate", error);
  if (out.scratch.empty()) return false;
  std::map<uint32_t, Edit> base, selected;
  for (const check::Program::PlanRef& plan : run.program->plans) {
    if (!plan.item || plan.item->path.empty() || plan.item->path.back().name != ref.name) continue;
    std::vector<lex::Token> toks = item_tokens(run, *plan.item, false);
    if (toks.empty()) continue;
    const std::string& text = run.sources.file(plan.item->pos.file).text;
    size_t from = static_cast<size_t>(toks.front().text.data() - text.data());
    size_t to = static_cast<size_t>(toks.back().text.data() - text.data()) + toks.back().text.size();
    base[plan.item->pos.file].blank.push_back({from, to});
    selected[plan.item->pos.file].blank.push_back({from, to});
  }
  const check::FnInfo& written = impl.template_of ? *impl.template_of : impl;
  uint32_t impl_file = written.name_pos.file;
  std::string cond = condition_text(run, impl);
  out.reference = ref.full_name();
  out.implementation = impl.full_name();
  if (!cond.empty()) {
    std::vector<lex::Token> toks = item_tokens(run, *written.decl, true);
    base[impl_file].append += "\nfn " + std::string(kPredicate) + "(" + params_text(toks, impl) + ") -> bool {\n  return (" +
                              cond + ");\n}\n";
    out.has_predicate = true;
    std::string module = impl.module && !impl.module->path.empty() ? impl.module->path + "." : "";
    out.predicate = module + kPredicate;
  }
  std::string impl_in_ref_scope = impl.module == ref.module ? impl.name : out.implementation;
  selected[ref.name_pos.file].append += "\nplan " + ref.name + " use " + impl_in_ref_scope + ";\n";
  fs::path root = root_of(path);
  std::error_code ec;
  fs::path rel = fs::relative(fs::absolute(path, ec), root, ec);
  if (!write_copy(run, root, fs::path(out.scratch) / "base", base, error) ||
      !write_copy(run, root, fs::path(out.scratch) / "selected", selected, error))
    return false;
  out.base = (fs::path(out.scratch) / "base" / rel).lexically_normal().string();
  out.selected = (fs::path(out.scratch) / "selected" / rel).lexically_normal().string();
  return true;
}

void remove_programs(Programs& p) {
  if (p.scratch.empty()) return;
  std::error_code ec;
  fs::remove_all(p.scratch, ec);
  p.scratch.clear();
}

}  // namespace cairn::validate
