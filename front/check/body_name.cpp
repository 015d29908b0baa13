// Names and fields as values (§2.6, §8.4, §9.1, §10.9): locals, naturals, constants, functions, fields.
#include "front/check/body_checker.h"

namespace cairn::check::body {

namespace {
bool is_variant_of_core_sum(const Program& p, const std::string& n) {
  for (const SumInfo* s : {p.option, p.result})
    if (s && s->variant_index(n)) return true;
  return false;
}
}  // namespace

const Type* Checker::name_expr(ast::Expr* e, const Type* expected) {
  const std::string& n = e->text;
  if (n == "_") refuse(Code::Unbound, e->pos, "_ binds nothing and cannot be read.");
  if (expected && expected->kind == TypeKind::Sum && expected->sum->variant_index(n))
    return bare_variant(e, expected, ast::Ident{n, e->pos}, nullptr);
  if (LocalVar* v = find_local(n)) return local_value(e, v);
  if (const auto* nv = natural(n)) {
    ExprInfo* in = info(e);
    in->ref = NameRef::Natural;
    in->natural = nv->second;
    ConstValue cv;
    cv.type = Scalar::Usize;
    cv.bits = nv->second;
    in->folded = cv;
    return set(e, usize());
  }
  if (ItemRef item = lookup(n)) {
    if (const ConstInfo* c = item.constant()) return const_value(e, c);
    if (FnInfo* f = item.fn()) return fn_value(e, f);
    if (item.entry->kind == ModuleInfo::Entry::Kind::Family)
      refuse(Code::Unbound, e->pos, n + " is a family, not a value: name one of its members.");
    refuse(Code::Unbound, e->pos, n + " is a type, not a value.");
  }
  Scalar s;
  Builtin b;
  if (scalar_from_name(n, &s) || n == "Buf" || n == "Array")
    refuse(Code::Unbound, e->pos, n + " is a type, not a value.");
  if (builtin_from_name(n, &b)) refuse(Code::Unbound, e->pos, n + " is a builtin; call it: " + n + "(...).");
  if ((expected == nullptr || expected->kind != TypeKind::Sum) && is_variant_of_core_sum(program_, n))
    refuse(Code::Unbound, e->pos, "No sum type is expected here, so the variant " + n + " is unknown.",
           "annotate the type, e.g. let x:Option[u64] = " + n + ";");
  refuse(Code::Unbound, e->pos, "Unknown name " + n + ".");
}

// A name of a local or parameter: a place rooted at it. A single borrow reads as its element.
const Type* Checker::local_value(ast::Expr* e, LocalVar* v) {
  if (!v->type || v->type->kind == TypeKind::Error) not_judged();
  ExprInfo* in = info(e);
  in->ref = NameRef::Local;
  in->local = v;
  in->is_place = true;
  in->root = v;
  in->place_key = "#" + std::to_string(v->id);
  const Type* t = v->type;
  if (t->kind == TypeKind::Borrow) {
    in->writable = t->rw;
    return set(e, t->elem);
  }
  if (t->kind == TypeKind::View) {
    in->writable = false;  // a view is not assignable as a whole (§8.4)
    ExtentId id;
    id.text = v->name;
    if (v->origin == LocalVar::Origin::StringLocal) {
      id.kind = ExtentId::Kind::Value;
      id.value = v->string_len;
      id.text = std::to_string(v->string_len);
    } else if (v->extent_local) {
      id.kind = ExtentId::Kind::Binding;
      id.local = v->extent_local;
      id.text = v->extent_local->name;
    } else if (v->extent.kind == ExtentSpec::Kind::Value) {
      id.kind = ExtentId::Kind::Value;
      id.value = v->extent.value;
      id.text = std::to_string(v->extent.value);
    } else if (v->extent.kind == ExtentSpec::Kind::Param && v->extent.value < fn_.params.size()) {
      id.kind = ExtentId::Kind::Binding;
      id.local = facts_.locals[v->extent.value].get();
      id.text = fn_.params[v->extent.value].name;
    }
    in->extent = id;
    return set(e, t);
  }
  in->writable = v->is_mut;
  return set(e, t);
}

const Type* Checker::const_value(ast::Expr* e, const ConstInfo* c) {
  if (!c->value || !c->type) not_judged();  // refused in phase 3
  ExprInfo* in = info(e);
  in->ref = NameRef::Const;
  in->constant = c;
  in->folded = c->value;
  return set(e, c->type);
}

// A declared function where a value is expected (§10.9).
const Type* Checker::fn_value(ast::Expr* e, FnInfo* f) {
  Pos pos = e->kind == ast::ExprKind::Field ? e->binder.pos : e->pos;
  if (f->is_template && !f->template_of)
    refuse(Code::Uninstantiated, pos, uninstantiated(f, f->name, nullptr));
  std::vector<const Type*> params;
  for (const ParamSig& p : f->params) {
    if (!p.type || p.type->kind == TypeKind::Error || !f->result) not_judged();
    if (p.type->kind == TypeKind::View)
      refuse(Code::FnType, pos, f->name + " takes a view (" + p.name + "), so it cannot be a function value.");
    params.push_back(p.type);
  }
  ExprInfo* in = info(e);
  in->ref = NameRef::Fn;
  in->fn = f;
  fn_.value_uses.push_back(FnValueUse{f, pos});
  return set(e, types().fn(std::move(params), f->result));
}

const Type* Checker::field_expr(ast::Expr* e, const Type* expected) {
  ast::Expr* base = e->a;
  if (std::optional<StaticRef> sr = static_path(base)) {
    switch (sr->kind) {
      case StaticRef::Kind::Module: {
        ItemRef item = lookup_in(*sr->module, e->binder);
        if (const ConstInfo* c = item.constant()) return const_value(e, c);
        if (FnInfo* f = item.fn()) return fn_value(e, f);
        if (!item)
          refuse(Code::Unbound, e->binder.pos, "Module " + sr->module->path + " has no item " + e->text + ".");
        refuse(Code::Unbound, e->binder.pos, e->text + " is a type, not a value.");
      }
      case StaticRef::Kind::Sum:
        return variant_value(e, sr->sum, sr->has_args ? &sr->args : nullptr, e->binder, expected, nullptr);
      case StaticRef::Kind::ModulePrefix:
        refuse(Code::Unbound, e->binder.pos, "Unknown module " + sr->prefix + "." + e->text + ".");
      default: refuse(Code::Field, e->binder.pos, expr_text(base) + " is a type and has no field " + e->text + ".");
    }
  }
  const Type* tb = check(base, nullptr);
  if (tb->kind == TypeKind::Error) not_judged();
  if (tb->kind != TypeKind::Record)
    refuse(Code::Field, e->binder.pos, expr_text(base) + " is a " + tname(tb) + ", not a record: it has no field " +
                                           e->text + ".");
  const RecordInfo* r = tb->record;
  std::optional<uint32_t> found = r->field_index(e->text);
  if (!found) refuse(Code::Field, e->binder.pos, r->name + " has no field " + e->text + ".");
  const uint32_t idx = *found;
  ExprInfo* in = info(e);
  in->is_field = true;
  in->field = idx;
  if (base->info && base->info->is_place) {
    in->is_place = true;
    in->root = base->info->root;
    in->writable = base->info->writable;
    in->has_element = base->info->has_element;
    in->place_key = base->info->place_key + "." + std::to_string(idx);
  }
  return set(e, r->fields[idx].type);
}

}  // namespace cairn::check::body
