// Scopes and bindings of a body: declaring locals, no shadowing (§8.3), unknown bindings (tools.md §2.1).
#include "front/check/body_checker.h"

namespace cairn::check::body {

LocalVar* Checker::find_local(const std::string& name) const {
  auto it = names_.find(name);
  return it == names_.end() ? nullptr : it->second;
}

const std::pair<std::string, uint64_t>* Checker::natural(const std::string& name) const {
  for (const auto& nv : fn_.naturals)
    if (nv.first == name) return &nv;
  return nullptr;
}

// §8.3: a name in scope, a visible constant, a natural parameter, or (for a function-typed local) a
// visible function cannot be declared.
void Checker::check_shadow(const ast::Ident& name, const Type* type) {
  if (name.name == "_") return;
  if (LocalVar* v = find_local(name.name))
    refuse(Code::Shadow, name.pos,
           name.name + " is already declared in this function (line " + std::to_string(v->pos.line) +
               "); choose another name.");
  if (natural(name.name))
    refuse(Code::Shadow, name.pos, name.name + " is a natural parameter of " + fn_.name + "; choose another name.");
  ItemRef r = lookup(name.name);
  if (r.constant())
    refuse(Code::Shadow, name.pos, "A local cannot take the name of the constant " + name.name + ".");
  if (type && type->kind == TypeKind::Fn && r.fn())
    refuse(Code::Shadow, name.pos, "A function-typed local cannot take the name of the function " + name.name + ".");
}

LocalVar* Checker::declare(const ast::Ident& name, const Type* type, LocalVar::Origin origin, bool is_mut) {
  auto v = std::make_unique<LocalVar>();
  v->name = name.name;
  v->pos = name.pos;
  v->type = type;
  v->origin = origin;
  v->is_mut = is_mut;
  v->loop_depth = loop_depth_;
  v->block_depth = block_depth_;
  v->id = static_cast<uint32_t>(facts_.locals.size());
  LocalVar* raw = v.get();
  facts_.locals.push_back(std::move(v));
  if (name.name != "_" && !names_.count(name.name)) {
    names_[name.name] = raw;
    scopes_.back().push_back(name.name);
  }
  return raw;
}

// A binding of a refused statement: in scope, but unknown (later statements naming it are not judged).
LocalVar* Checker::declare_unknown(const ast::Ident& name) {
  if (name.name == "_") return nullptr;
  if (LocalVar* v = find_local(name.name)) return v;
  return declare(name, types().error(), LocalVar::Origin::Let, false);
}

void Checker::push_scope() {
  scopes_.emplace_back();
  ++block_depth_;
}

void Checker::pop_scope() {
  for (const std::string& n : scopes_.back()) names_.erase(n);
  scopes_.pop_back();
  --block_depth_;
}

// After a refused statement: owners and linear values it names may have been moved, and the place it
// assigns changed, so they become unknown.
void Checker::poison_expr(ast::Expr* e) {
  if (!e) return;
  if (e->kind == ast::ExprKind::Name) {
    if (LocalVar* v = find_local(e->text))
      if (v->type && v->type->kind != TypeKind::Error && type_kind(v->type) != Kind::Copy)
        v->type = types().error();
    return;
  }
  for (ast::Expr* c : {e->a, e->b, e->c, e->d, e->e}) poison_expr(c);
  for (ast::Expr* c : e->args) poison_expr(c);
}

}  // namespace cairn::check::body
