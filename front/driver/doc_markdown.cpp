// One section per module: its public items in source order, a heading with the item's kind and name, the doc
// comment as written, then a code block with its declaration as the checker sees it.
#include "front/driver/doc_markdown.h"

#include <algorithm>
#include <map>

#include "front/check/types.h"
#include "front/driver/check_record.h"

namespace cairn::driver {

namespace {

struct Entry {
  Pos pos;
  std::string heading, code, effects;
  const std::vector<std::string>* doc = nullptr;
};

std::string doc_text(const std::vector<std::string>* doc) {
  if (!doc || doc->empty()) return "";
  std::string s;
  for (const std::string& line : *doc) {
    size_t first = line.find_first_not_of(' ');
    s += (first == std::string::npos ? "" : line.substr(first)) + "\n";
  }
  return s + "\n";
}

std::string qualified(const check::ModuleInfo* m, const std::string& name) {
  return m && !m->path.empty() ? m->path + "." + name : name;
}

Entry function_entry(const check::FnInfo& fn) {
  Entry e{fn.name_pos, "", "", "", fn.decl ? &fn.decl->doc : nullptr};
  std::vector<std::string> names;
  for (const check::ParamSig& p : fn.params) names.push_back(p.name);
  std::string effects;
  for (const std::string& l : check::row_labels(fn.row, names)) effects += (effects.empty() ? "`" : ", `") + l + "`";
  e.effects = effects.empty() ? "none (pure)" : effects;
  if (!fn.is_template) {
    e.heading = "fn " + fn.full_name();
    e.code = signature_text(fn);
    return e;
  }
  std::string nats;
  if (fn.decl)
    for (const ast::NatParam& n : fn.decl->nat_params) nats += (nats.empty() ? "" : ", ") + n.name.name + ":nat";
  e.heading = "fn " + fn.full_name() + "[" + nats + "] (template)";
  e.code.clear();
  for (const check::FnInfo* inst : fn.instances) e.code += signature_text(*inst) + "\n";
  if (e.code.empty()) e.code = "// no instance exists in this program\n";
  else e.code.pop_back();
  return e;
}

}  // namespace

std::string doc_markdown(const check::Program& program, const std::string& title, const std::vector<std::string>& modules) {
  std::map<std::string, std::vector<Entry>> by_module;  // path -> entries
  std::map<std::string, Pos> first_pos;
  auto wanted = [&](const check::ModuleInfo* m, bool in_dependency) {
    std::string path = m ? m->path : "";
    if (path.rfind("std.", 0) == 0 || path == "std") return false;
    if (modules.empty()) return !in_dependency;
    return std::find(modules.begin(), modules.end(), path) != modules.end();
  };
  auto add = [&](const check::ModuleInfo* m, Entry e) {
    std::string path = m ? m->path : "";
    auto [it, fresh] = first_pos.emplace(path, e.pos);
    if (!fresh && e.pos < it->second) it->second = e.pos;
    by_module[path].push_back(std::move(e));
  };
  for (const check::ConstInfo& c : program.consts) {
    if (!c.is_pub || !c.decl || !wanted(c.module, false)) continue;
    add(c.module, {c.decl->pos, "const " + qualified(c.module, c.name), "const " + c.name + ":" + check::type_name(c.type), "", &c.decl->doc});
  }
  for (const check::RecordInfo& r : program.records) {
    if (!r.is_pub || !r.decl || !wanted(r.module, false)) continue;
    std::string code = std::string(r.is_linear ? "linear " : "") + "struct " + r.name + " {\n";
    for (const check::FieldInfo& f : r.fields) code += "  " + f.name + ":" + check::type_name(f.type) + ";\n";
    add(r.module, {r.decl->pos, "struct " + r.qualified, code + "}", "", &r.decl->doc});
  }
  for (const check::SumInfo& s : program.sums) {
    if (!s.is_pub || !s.decl || !wanted(s.module, false)) continue;
    std::string code = "enum " + s.name + " {\n";
    for (const check::VariantInfo& v : s.variants) code += "  " + v.name + (v.payload ? "(" + check::type_name(v.payload) + ")" : "") + ";\n";
    add(s.module, {s.decl->pos, "enum " + s.qualified, code + "}", "", &s.decl->doc});
  }
  for (const check::FnInfo& fn : program.fns) {
    if (!fn.is_pub || fn.is_test || fn.template_of || !wanted(fn.module, fn.in_dependency)) continue;
    add(fn.module, function_entry(fn));
  }
  std::vector<std::pair<Pos, std::string>> order;
  for (const auto& [path, pos] : first_pos) order.push_back({pos, path});
  std::sort(order.begin(), order.end());
  std::string md = "# " + title + "\n\nThe public (`pub`) items of the checked program, module by module, in source order. "
                   "Effects are the rows the checker inferred (language.md §13).\n";
  if (order.empty()) md += "\nThis program has no public item" + std::string(modules.empty() ? "" : " in the modules named") + ".\n";
  for (const auto& [pos, path] : order) {
    std::vector<Entry>& entries = by_module[path];
    std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.pos < b.pos; });
    md += "\n## " + (path.empty() ? std::string("The root namespace") : "Module `" + path + "`") + "\n";
    for (const Entry& e : entries) {
      md += "\n### `" + e.heading + "`\n\n" + doc_text(e.doc) + "```cairn\n" + e.code + "\n```\n";
      if (!e.effects.empty()) md += "\nEffects: " + e.effects + ".\n";
    }
  }
  return md;
}

}  // namespace cairn::driver
