// Places (§8.4): indexes, parts (§10.4), writability, field extents (§3.7), assignment targets.
#include "front/check/body_checker.h"

namespace cairn::check::body {

using ast::ExprKind;

namespace {
const ast::Expr* peel(const ast::Expr* e) {
  while (e->kind == ExprKind::Paren) e = e->a;
  return e;
}
}  // namespace

bool Checker::is_static_place_path(const ast::Expr* e) const {
  e = peel(e);
  if (e->kind == ExprKind::Name) return true;
  if (e->kind == ExprKind::Field) return is_static_place_path(e->a);
  return false;
}

const Type* Checker::index_expr(ast::Expr* e) {
  ast::Expr* base = e->a;
  // f[4] where a value is expected: an instance as a function value (§10.10).
  if (base->kind == ExprKind::Name || base->kind == ExprKind::Field) {
    FnInfo* f = nullptr;
    if (base->kind == ExprKind::Name && !find_local(base->text) && !natural(base->text)) f = lookup(base->text).fn();
    if (base->kind == ExprKind::Field) {
      std::optional<StaticRef> sr = static_path(base->a);
      if (sr && sr->kind == StaticRef::Kind::Module) f = lookup_in(*sr->module, base->binder).fn();
    }
    if (f) {
      if (!f->is_template)
        refuse(Code::GenericArity, e->pos, f->name + " has no natural parameters, so it takes no natural arguments.");
      std::vector<uint64_t> values;
      if (e->args.size() != f->decl->nat_params.size())
        refuse(Code::GenericArity, e->pos,
               f->name + " takes " + std::to_string(f->decl->nat_params.size()) + " natural argument(s), got " +
                   std::to_string(e->args.size()) + ".");
      for (ast::Expr* a : e->args) {
        std::string why;
        std::optional<uint64_t> v = natural_arg_value(program_, module_, a, fn_.naturals, &why);
        if (!v) {
          if (why.empty()) not_judged();
          refuse(Code::ImplParam, a->begin, why);
        }
        values.push_back(*v);
      }
      FnInfo* inst = find_instance(*f, values);
      if (!inst) not_judged();
      return fn_value(e, inst);
    }
  }
  if (e->args.size() != 1)
    refuse(Code::Index, e->pos, "An index takes exactly one expression, got " + std::to_string(e->args.size()) + ".");
  const Type* tb = check(base, nullptr);
  if (tb->kind == TypeKind::Error) not_judged();
  const Type* elem = nullptr;
  bool elem_writable = false;
  if (tb->kind == TypeKind::View) {
    elem = tb->elem;
    elem_writable = tb->rw;
  } else if (tb->kind == TypeKind::Buf || tb->kind == TypeKind::Array) {
    elem = tb->elem;
    elem_writable = base->info && base->info->is_place && base->info->writable;
  } else if (tb->kind == TypeKind::Record && tb->record->lends) {
    refuse(Code::Index, e->pos, expr_text(base) + " lends a part of its field " +
                                    tb->record->fields[tb->record->lends->field].name +
                                    ": index that field instead.");
  } else {
    refuse(Code::Index, e->pos, expr_text(base) + " is a " + tname(tb) + ", not an array: it cannot be indexed.");
  }
  expect(e->args[0], usize());
  ExprInfo* in = info(e);
  if (base->info && base->info->is_place) {
    in->is_place = true;
    in->root = base->info->root;
    in->has_element = true;
    in->place_key = base->info->place_key + "[]";
  }
  in->writable = elem_writable;
  return set(e, elem);
}

// x[lo..hi]: a view of part of a view argument place (§10.4); the caller admits it (call or print). The base may
// itself be a part (x[a..b][c..d], a part of a part: a view like any other).
const Type* Checker::part_expr(ast::Expr* e) {
  ast::Expr* base = e->a;
  ast::Expr* peeled = base;
  while (peeled->kind == ExprKind::Paren) peeled = peeled->a;
  const Type* tb = nullptr;
  if (peeled->kind == ExprKind::Part) {
    tb = part_expr(peeled);
    if (peeled != base) base->info = peeled->info, set(base, tb);
  } else {
    tb = check(base, nullptr);
  }
  if (tb->kind == TypeKind::Error) not_judged();
  bool writable = false;
  const Type* elem = nullptr;
  if (tb->kind == TypeKind::View) {
    elem = tb->elem;
    writable = tb->rw;
  } else if (tb->kind == TypeKind::Buf || tb->kind == TypeKind::Array) {
    if (!base->info || !base->info->is_place)
      refuse(Code::CallView, base->begin, "A part needs a named array: bind " + expr_text(base) + " to a name first.");
    elem = tb->elem;
    writable = base->info->writable;
  } else {
    refuse(Code::Index, e->pos, expr_text(base) + " is a " + tname(tb) + ", not an array: it has no parts.");
  }
  expect(e->b, usize());
  expect(e->c, usize());
  no_user_calls(e->b);
  no_user_calls(e->c);
  ExprInfo* in = info(e);
  if (base->info && base->info->is_place) {
    in->is_place = true;
    in->root = base->info->root;
    in->has_element = true;
    in->place_key = base->info->place_key + "[..]";
  }
  in->writable = writable;
  ExtentId id;
  id.kind = ExtentId::Kind::Dynamic;
  id.text = expr_text(e);
  in->extent = id;
  return set(e, types().view(elem, writable));
}

// §10.4: a part's bounds (and the extent argument paired with a part) call no user function.
void Checker::no_user_calls(ast::Expr* e) {
  if (!e) return;
  if (e->kind == ExprKind::Call && e->info &&
      (e->info->call == CallKind::Direct || e->info->call == CallKind::Indirect))
    refuse(Code::CallShape, e->begin,
           "A part's bounds cannot call a function: bind the result of " + expr_text(e->a) + "() to a name first.");
  for (ast::Expr* c : {e->a, e->b, e->c, e->d, e->e}) no_user_calls(c);
  for (ast::Expr* c : e->args) no_user_calls(c);
}

// §8.4: E-IMMUTABLE for a name or field of an immutable binding, E-WRITE-LEASE for elements and borrows.
void Checker::require_writable(ast::Expr* place, bool assignment, Pos pos) {
  const ast::Expr* p = peel(place);
  ExprInfo* in = p->info;
  if (!in || !in->is_place || !in->root) {
    if (assignment) refuse(Code::Lvalue, pos, expr_text(place) + " is not a place and cannot be assigned.");
    refuse(Code::WriteLease, pos, expr_text(place) + " is not a writable place.");
  }
  if (in->writable) return;
  const LocalVar* r = in->root;
  const Type* rt = r->type;
  std::string shown = expr_text(place);
  if (assignment && !in->has_element && rt->kind == TypeKind::View && p->kind == ExprKind::Name)
    refuse(Code::Immutable, pos, r->name + " is a view and cannot be assigned as a whole.");
  bool ro_borrow = (rt->kind == TypeKind::Borrow || rt->kind == TypeKind::View) && !rt->rw;
  if (ro_borrow)
    refuse(Code::WriteLease, pos, shown + " is reached through the read-only borrow " + r->name + ".",
           "take the parameter as rw<...>");
  if (!assignment || in->has_element) {
    std::optional<std::string> help;
    if (r->origin == LocalVar::Origin::Let || r->origin == LocalVar::Origin::Unpack)
      help = "declare it let mut " + r->name;
    refuse(Code::WriteLease, pos, shown + " is not writable: " + r->name + " is immutable.", help);
  }
  std::optional<std::string> help;
  if (r->origin == LocalVar::Origin::Let || r->origin == LocalVar::Origin::Unpack) help = "declare it let mut " + r->name;
  if (r->origin == LocalVar::Origin::Param) help = "copy the parameter into a let mut local";
  refuse(Code::Immutable, pos, r->name + " is immutable and cannot be assigned.", help);
}

void Checker::require_place_for_assign(ast::Expr* lhs) {
  const ast::Expr* p = peel(lhs);
  if (p->info && (p->info->ref == NameRef::Const || p->info->ref == NameRef::Natural))
    refuse(Code::Immutable, lhs->begin, expr_text(lhs) + " is a constant and cannot be assigned.");
  if (!p->info || !p->info->is_place)
    refuse(Code::Lvalue, lhs->begin, expr_text(lhs) + " is not a place and cannot be assigned.");
}

// §3.7: a field extent and its Buf field cannot be assigned, taken, swapped or lent rw on their own.
void Checker::check_extent_field_write(ast::Expr* place, Pos pos) {
  const ast::Expr* p = peel(place);
  if (p->kind != ExprKind::Field || !p->info || !p->info->is_field || !p->a->type) return;
  const Type* bt = p->a->type;
  if (bt->kind != TypeKind::Record) return;
  const RecordInfo* r = bt->record;
  uint32_t idx = p->info->field;
  if (r->fields[idx].extent_field)
    refuse(Code::ExtentField, pos, r->name + "." + r->fields[idx].name + " is sized by the field " +
                                       r->fields[*r->fields[idx].extent_field].name +
                                       ": it cannot change on its own.");
  for (const FieldInfo& f : r->fields)
    if (f.extent_field && *f.extent_field == idx)
      refuse(Code::ExtentField, pos, r->name + "." + r->fields[idx].name + " is the extent of the field " + f.name +
                                         ": it cannot change on its own.");
}

}  // namespace cairn::check::body
