// Names and dotted paths in expression position (§2.6, §14.2): items, aliases, modules, sums, types.
#include "front/check/body_checker.h"

namespace cairn::check::body {

ItemRef Checker::lookup(const std::string& name) const { return lookup_item(program_, module_, name); }

ItemRef Checker::lookup_in(const ModuleInfo& m, const ast::Ident& name) {
  ItemRef r;
  LookupStatus st = check::lookup_in(module_, m, name.name, &r);
  if (st == LookupStatus::Private)
    refuse(Code::Private, name.pos, m.path + "." + name.name + " is private to module " + m.path + ".",
           "mark it pub in module " + m.path);
  if (st == LookupStatus::NotFound) return {};
  return r;
}

const ModuleInfo* Checker::alias(const std::string& name) const { return lookup_alias(module_, name); }

// §9.3: a bare variant is ambiguous when its name also names a local, parameter, constant, function,
// type or builtin visible here.
bool Checker::names_something(const std::string& name) const {
  if (find_local(name) || natural(name)) return true;
  if (lookup(name)) return true;
  Scalar s;
  Builtin b;
  if (scalar_from_name(name, &s) || builtin_from_name(name, &b)) return true;
  return name == "Buf" || name == "Array" || name == "from_bits";
}

FnInfo* Checker::test_named(const std::string& name) const {
  for (FnInfo& f : program_.fns)
    if (f.is_test && f.module == &module_ && f.name == name) return &f;
  return nullptr;
}

namespace {
const ModuleInfo* module_at(const Program& p, const std::string& path) {
  auto it = p.module_index.find(path);
  if (it != p.module_index.end()) return it->second;
  for (const ModuleInfo& m : p.modules)
    if (m.path == path) return &m;
  return nullptr;
}
bool is_module_prefix(const Program& p, const std::string& prefix) {
  std::string with_dot = prefix + ".";
  for (const ModuleInfo& m : p.modules)
    if (m.path.compare(0, with_dot.size(), with_dot) == 0) return true;
  return false;
}
}  // namespace

// What a Name, a dotted path or N[args] denotes when it is not a value: a module, a sum, a record, a
// scalar type or Buf/Array. Returns nullopt for values (locals, constants, functions, expressions).
// A sum or record item as a static reference (a generic sum has no type until its arguments are known).
bool Checker::type_item(const ItemRef& item, StaticRef& r) {
  if (const SumInfo* s = item.sum()) {
    r.kind = StaticRef::Kind::Sum;
    r.sum = s;
    if (s->type_params == 0) r.type = types().sum(s, {});
    return true;
  }
  if (const RecordInfo* rec = item.record()) {
    r.kind = StaticRef::Kind::Record;
    r.record = rec;
    r.type = types().record(rec);
    return true;
  }
  return false;
}

std::optional<StaticRef> Checker::static_path(ast::Expr* e) {
  using K = StaticRef::Kind;
  if (e->kind == ast::ExprKind::Paren) return std::nullopt;
  if (e->kind == ast::ExprKind::Name) {
    const std::string& n = e->text;
    if (find_local(n) || natural(n)) return std::nullopt;
    StaticRef r;
    if (const ModuleInfo* m = alias(n)) {
      r.kind = K::Module;
      r.module = m;
      return r;
    }
    if (ItemRef item = lookup(n)) {
      if (type_item(item, r)) return r;
      return std::nullopt;
    }
    Scalar s;
    if (scalar_from_name(n, &s)) {
      r.kind = K::Scalar;
      r.type = types().scalar(s);
      return r;
    }
    if (n == "Buf" || n == "Array") {
      r.kind = K::Generic;
      r.generic = n;
      return r;
    }
    if (const ModuleInfo* m = module_at(program_, n); m && !n.empty()) {
      r.kind = K::Module;
      r.module = m;
      return r;
    }
    if (is_module_prefix(program_, n)) {
      r.kind = K::ModulePrefix;
      r.prefix = n;
      return r;
    }
    return std::nullopt;
  }
  if (e->kind == ast::ExprKind::Field) {
    std::optional<StaticRef> base = static_path(e->a);
    if (!base) return std::nullopt;
    StaticRef r;
    if (base->kind == K::ModulePrefix) {
      std::string path = base->prefix + "." + e->text;
      if (const ModuleInfo* m = module_at(program_, path)) {
        r.kind = K::Module;
        r.module = m;
        return r;
      }
      if (is_module_prefix(program_, path)) {
        r.kind = K::ModulePrefix;
        r.prefix = path;
        return r;
      }
      refuse(Code::Unbound, e->binder.pos, "Unknown module " + path + ".");
    }
    if (base->kind == K::Module) {
      ItemRef item = lookup_in(*base->module, e->binder);
      if (type_item(item, r)) return r;
      if (!item) {
        std::string sub = base->module->path + "." + e->text;
        if (const ModuleInfo* m = module_at(program_, sub)) {
          r.kind = K::Module;
          r.module = m;
          return r;
        }
        refuse(Code::Unbound, e->binder.pos, "Module " + base->module->path + " has no item " + e->text + ".");
      }
      return std::nullopt;  // a function or constant of the module: a value
    }
    return std::nullopt;  // Sum.V, Record.x: handled by the caller
  }
  if (e->kind == ast::ExprKind::Index) {
    std::optional<StaticRef> base = static_path(e->a);
    if (!base) return std::nullopt;
    if (base->kind == K::Sum && base->sum->type_params > 0) {
      if (e->args.size() != base->sum->type_params)
        refuse(Code::GenericArity, e->pos,
               base->sum->name + " takes " + std::to_string(base->sum->type_params) + " type argument" +
                   (base->sum->type_params == 1 ? "" : "s") + ", got " + std::to_string(e->args.size()) + ".");
      StaticRef r = *base;
      for (ast::Expr* a : e->args) r.args.push_back(type_arg(a));
      r.has_args = true;
      r.type = types().sum(base->sum, r.args);
      return r;
    }
    if (base->kind == K::Sum || base->kind == K::Record)
      refuse(Code::Unsupported, e->pos, "generics is a Stage 2 feature and is not supported yet.");
    if (base->kind == K::Generic) {
      StaticRef r;
      r.kind = K::Scalar;  // a complete type
      r.type = type_arg(e);
      return r;
    }
    return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace cairn::check::body
