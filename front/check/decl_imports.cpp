// Phase 3: imports (§14.2): aliases, listed names, std.core, collisions and privacy.
#include "front/check/decl_context.h"
#include "front/check/lookup.h"
#include "front/check/stage2_names.h"

namespace cairn::check {

namespace {

std::string path_text(const ast::Path& p) {
  std::string s;
  for (size_t i = 0; i < p.size(); ++i) s += (i ? "." : "") + p[i].name;
  return s;
}

std::string qualify(const ModuleInfo* m, const std::string& name) {
  return m->path.empty() ? name : m->path + "." + name;
}

class Importer {
 public:
  explicit Importer(DeclContext& cx) : cx_(cx), p_(cx.program) {}

  void run() {
    for (const ItemAt& at : cx_.items)
      if (at.item->kind == ast::ItemKind::Import) import(*at.item, *at.module);
  }

 private:
  const ModuleInfo* target_of(const ast::Item& it, const ModuleInfo& m) {
    const std::string text = path_text(it.path);
    if (it.path.empty()) return nullptr;
    if (it.path[0].name == "std") {
      if (text == "std.core") return p_.module("std.core");
      cx_.refuse(Code::Unsupported, it.path[0].pos, stage2_refusal("std-modules", text));
      return nullptr;
    }
    auto found = p_.module_index.find(text);
    if (found == p_.module_index.end() || text.empty()) {
      cx_.refuse(Code::Import, it.path[0].pos, "No source of the program declares module " + text + ".");
      return nullptr;
    }
    if (found->second == &m) {
      cx_.refuse(Code::Import, it.path[0].pos, "A module cannot import itself (" + text + ").");
      return nullptr;
    }
    return found->second;
  }

  // A name the import brings into m: not a hard builtin name, not an item, alias or listed name of m.
  bool free_name(ModuleInfo& m, const ast::Ident& name, const std::string& what) {
    if (is_hard_builtin_name(name.name)) {
      cx_.refuse(Code::BuiltinName, name.pos, name.name + " is a builtin name and cannot be imported.");
      return false;
    }
    std::string other;
    if (m.items.count(name.name)) other = qualify(&m, name.name);
    else if (m.aliases.count(name.name)) other = "the import alias " + name.name;
    else if (m.imported.count(name.name)) other = "the imported name " + name.name;
    if (!other.empty()) {
      cx_.refuse(Code::Duplicate, name.pos, what + " collides with " + other + ".");
      return false;
    }
    return true;
  }

  void import(const ast::Item& it, ModuleInfo& m) {
    const ModuleInfo* target = target_of(it, m);
    if (!target) return;
    const std::string text = path_text(it.path);
    const ast::Ident alias = it.alias ? *it.alias : it.path.back();
    if (free_name(m, alias, "import " + text)) m.aliases[alias.name] = target;
    for (const ast::Ident& n : it.names) {
      ItemRef r;
      LookupStatus st = lookup_in(m, *target, n.name, &r);
      const char* stage2 = target == p_.module("std.core") ? stage2_feature(n.name, Stage2Use::CoreItem) : nullptr;
      if (st == LookupStatus::NotFound && stage2) {
        cx_.refuse(Code::Unsupported, n.pos, stage2_refusal(stage2, "std.core." + n.name));
        continue;
      }
      if (st == LookupStatus::NotFound) {
        cx_.refuse(Code::Unbound, n.pos, "Module " + text + " has no item " + n.name + ".");
        continue;
      }
      if (st == LookupStatus::Private) {
        cx_.refuse(Code::Private, n.pos, text + "." + n.name + " is private to its module.");
        continue;
      }
      if (free_name(m, n, "import (" + n.name + ")")) m.imported[n.name] = {target, n.name};
    }
  }

  DeclContext& cx_;
  Program& p_;
};

}  // namespace

void declare_imports(DeclContext& cx) { Importer(cx).run(); }

}  // namespace cairn::check
