// Phase 3, first step: the root namespace, modules, std.core, and one table entry per item (§14.1, §7.2).
#include <map>
#include <set>

#include "front/check/decl_context.h"

namespace cairn::check {

void DeclContext::refuse(Code code, Pos pos, std::string message, bool ends) {
  if (ends) fatal = true;
  auto key = std::make_tuple(static_cast<int>(code), pos.file, pos.line, pos.col);
  if (!reported.insert(key).second) return;
  sink.report(code, pos, std::move(message), Phase::Declarations);
}

bool is_hard_builtin_name(const std::string& n) {
  static const std::set<std::string> kHard = {
      "len", "add_wrap", "sub_wrap", "mul_wrap", "shl_wrap", "shr",   "min", "max",   "Buf",  "Array",
      "bool", "u8",      "u16",      "u32",      "u64",      "usize", "i8",  "i16",   "i32",  "i64",
      "f32",  "f64",     "void",     "f16",      "bf16",     "f8e4m3", "f8e5m2"};
  return kHard.count(n) != 0;
}

namespace {

std::string path_text(const ast::Path& p) {
  std::string s;
  for (size_t i = 0; i < p.size(); ++i) s += (i ? "." : "") + p[i].name;
  return s;
}

std::string qualify(const ModuleInfo* m, const std::string& name) {
  return m->path.empty() ? name : m->path + "." + name;
}

ModuleInfo* get_module(Program& p, const std::string& path) {
  auto it = p.module_index.find(path);
  if (it != p.module_index.end()) return it->second;
  ModuleInfo& m = p.modules.emplace_back();
  m.path = path;
  p.module_index[path] = &m;
  return &m;
}

// std.core: enum Option[T] { Some(T); None; } and enum Result[T, E] { Ok(T); Err(E); } (§14.3).
void declare_std_core(Program& p) {
  ModuleInfo* core = get_module(p, "std.core");
  auto make = [&](const char* name, uint32_t params, std::vector<std::pair<const char*, int>> variants) {
    SumInfo& s = p.sums.emplace_back();
    s.name = name;
    s.qualified = name;
    s.module = core;
    s.is_pub = true;
    s.type_params = params;
    for (auto& [vn, param] : variants) {
      VariantInfo v;
      v.name = vn;
      v.payload = param < 0 ? nullptr : p.types.param(static_cast<uint64_t>(param));
      s.add_variant(std::move(v));
    }
    core->items[name] = ModuleInfo::Entry{ModuleInfo::Entry::Kind::Sum, &s, true, Pos{}};
    return &s;
  };
  p.option = make("Option", 1, {{"Some", 0}, {"None", -1}});
  p.result = make("Result", 2, {{"Ok", 0}, {"Err", 1}});
}

class ItemDeclarer {
 public:
  explicit ItemDeclarer(DeclContext& cx) : cx_(cx), p_(cx.program) {}

  void run() {
    get_module(p_, "");
    declare_std_core(p_);
    for (ast::File& f : cx_.files) file(f);
  }

 private:
  void file(ast::File& f) {
    ModuleInfo* cur = p_.modules.empty() ? nullptr : &p_.modules.front();
    bool dep = cx_.is_dependency_file(f.file_id);
    bool in_module = false;
    for (ast::Item* it : f.items) {
      if (it->kind == ast::ItemKind::Module) {
        std::string path = path_text(it->path);
        if (!it->path.empty() && it->path[0].name == "std") {
          cx_.sink.report(Code::Declaration, it->path[0].pos,
                          "Module paths beginning with std are reserved for the standard library.", Phase::Parse);
          cx_.fatal = true;
        }
        cur = get_module(p_, path);
        in_module = true;
        continue;
      }
      if (dep && !in_module) {
        cx_.sink.report(Code::Declaration, it->pos, "A dependency's declarations must sit inside a module.",
                        Phase::Parse);
        cx_.fatal = true;
        continue;
      }
      cx_.items.push_back(ItemAt{it, cur, dep});
      item(*it, cur, dep);
    }
  }

  // Enters `name` in module m's table unless it is a hard builtin name or already taken.
  bool enter(ModuleInfo* m, const ast::Ident& name, ModuleInfo::Entry::Kind kind, void* ptr, bool is_pub) {
    if (is_hard_builtin_name(name.name)) {
      cx_.refuse(Code::BuiltinName, name.pos, name.name + " is a builtin name and cannot be declared.");
      return false;
    }
    if (m->items.count(name.name)) {
      cx_.refuse(Code::Duplicate, name.pos,
                 name.name + " is already declared in " + (m->path.empty() ? "the root namespace" : m->path) + ".");
      return false;
    }
    m->items[name.name] = ModuleInfo::Entry{kind, ptr, is_pub, name.pos};
    return true;
  }

  void item(ast::Item& it, ModuleInfo* m, bool dep) {
    using K = ModuleInfo::Entry::Kind;
    switch (it.kind) {
      case ast::ItemKind::Const: {
        ConstInfo& c = p_.consts.emplace_back();
        c.name = it.name.name;
        c.module = m;
        c.decl = &it;
        c.is_pub = it.is_pub;
        enter(m, it.name, K::Const, &c, it.is_pub);
        return;
      }
      case ast::ItemKind::Struct: {
        RecordInfo& r = p_.records.emplace_back();
        r.name = it.name.name;
        r.qualified = qualify(m, it.name.name);
        r.module = m;
        r.decl = &it;
        r.is_pub = it.is_pub;
        r.is_linear = it.is_linear;
        r.packed = it.packed;
        enter(m, it.name, K::Record, &r, it.is_pub);
        return;
      }
      case ast::ItemKind::Enum: {
        SumInfo& s = p_.sums.emplace_back();
        s.name = it.name.name;
        s.qualified = qualify(m, it.name.name);
        s.module = m;
        s.decl = &it;
        s.is_pub = it.is_pub;
        enter(m, it.name, K::Sum, &s, it.is_pub);
        return;
      }
      case ast::ItemKind::Fn: {
        FnInfo& fn = new_fn(it, m, dep);
        fn.is_template = it.has_nat_params || !it.nat_params.empty();
        enter(m, it.name, K::Fn, &fn, it.is_pub);
        return;
      }
      case ast::ItemKind::Test:
        if (!dep) test(it, m);
        return;
      case ast::ItemKind::Unsupported:
        cx_.sink.report(Code::Unsupported, it.pos,
                        (it.feature.empty() ? std::string("this item") : it.feature) +
                            " is a Stage 2 feature and is not supported yet.",
                        Phase::Parse);
        cx_.fatal = true;
        return;
      case ast::ItemKind::Module:
      case ast::ItemKind::Import:
      case ast::ItemKind::Family:
      case ast::ItemKind::Plan: return;  // later steps
    }
  }

  FnInfo& new_fn(ast::Item& it, ModuleInfo* m, bool dep) {
    FnInfo& fn = p_.fns.emplace_back();
    fn.name = it.name.name;
    fn.qualified = qualify(m, it.name.name);
    fn.module = m;
    fn.decl = &it;
    fn.is_pub = it.is_pub;
    fn.in_dependency = dep;
    fn.name_pos = it.name.pos;
    fn.result = p_.types.void_type();
    p_.fn_of_item[&it] = &fn;
    return fn;
  }

  // Test blocks (§15.6, §14.7): not items of the module table; distinct names within a module.
  void test(ast::Item& it, ModuleInfo* m) {
    FnInfo& fn = new_fn(it, m, false);
    fn.is_test = true;
    if (cx_.options.target == Target::Aarch64Virt) {
      cx_.refuse(Code::Test, it.pos, "A freestanding target has no test blocks; run them on the hosted target.", false);
      fn.body_refused = true;
    }
    if (!tests_[m].insert(it.name.name).second)
      cx_.refuse(Code::Test, it.name.pos, "A test named " + it.name.name + " is already declared in this module.", false);
    if (it.has_param_list || !it.params.empty()) {
      Pos at = it.params.empty() ? it.name.pos : it.params[0].name.pos;
      cx_.refuse(Code::Test, at, "A test block takes no parameters.", false);
      fn.body_refused = true;
    } else if (it.result) {
      cx_.refuse(Code::Test, it.result->pos, "A test block has no result.", false);
      fn.body_refused = true;
    }
  }

  DeclContext& cx_;
  Program& p_;
  std::map<const ModuleInfo*, std::set<std::string>> tests_;
};

}  // namespace

void declare_modules_and_items(DeclContext& cx) { ItemDeclarer(cx).run(); }

}  // namespace cairn::check
