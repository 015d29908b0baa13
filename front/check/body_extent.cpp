// Extent identities (§3.7): of usize expressions given as extents and of view-valued expressions.
#include "front/check/body_checker.h"

namespace cairn::check::body {

using ast::ExprKind;

namespace {
const ast::Expr* peel(const ast::Expr* e) {
  while (e->kind == ExprKind::Paren) e = e->a;
  return e;
}
bool is_usize(const Type* t) { return t && t->kind == TypeKind::Scalar && t->scalar == Scalar::Usize; }

// The field index of a record whose Buf field names `k` as its extent, if any.
bool names_extent(const RecordInfo* r, uint32_t k) {
  for (const FieldInfo& f : r->fields)
    if (f.extent_field && *f.extent_field == k) return true;
  return false;
}
}  // namespace

ExtentId Checker::usize_identity(ast::Expr* e) {
  const ast::Expr* p = peel(e);
  ExtentId id;
  id.text = expr_text(p);
  if (p->kind == ExprKind::IntLit && !p->negative) {
    id.kind = ExtentId::Kind::Value;
    id.value = p->int_value;
    return id;
  }
  const ExprInfo* in = p->info;
  if (!in) return id;
  if ((in->ref == NameRef::Const || in->ref == NameRef::Natural) && in->folded && is_usize(p->type)) {
    id.kind = ExtentId::Kind::Value;
    id.value = in->folded->bits;
    return id;
  }
  if (p->kind == ExprKind::Name && in->ref == NameRef::Local && in->local && !in->local->is_mut &&
      is_usize(in->local->type)) {
    id.kind = ExtentId::Kind::Binding;
    id.local = in->local;
    return id;
  }
  if (p->kind == ExprKind::Field && in->is_field && in->is_place && !in->has_element && p->a->type &&
      p->a->type->kind == TypeKind::Record && names_extent(p->a->type->record, in->field)) {
    id.kind = ExtentId::Kind::Path;
    id.key = in->place_key;
    return id;
  }
  if (p->kind == ExprKind::Call && in->call == CallKind::Builtin && in->builtin == Builtin::Len && in->extent)
    return *in->extent;
  return id;
}

ExtentId Checker::view_identity(ast::Expr* e) {
  const ast::Expr* p = peel(e);
  ExprInfo* in = info(e);
  if (p->info && p->info->extent) return *p->info->extent;
  ExtentId id;
  const Type* t = p->type;
  id.text = "len(" + expr_text(p) + ")";
  if (!t) return id;
  if (t->kind == TypeKind::Array) {
    id.kind = ExtentId::Kind::Value;
    id.value = t->length;
    id.text = std::to_string(t->length);
  } else if (t->kind == TypeKind::Buf && p->info && p->info->is_place && !p->info->has_element) {
    const ExprInfo* pi = p->info;
    if (p->kind == ExprKind::Field && pi->is_field && p->a->type && p->a->type->kind == TypeKind::Record &&
        p->a->type->record->fields[pi->field].extent_field) {
      uint32_t k = *p->a->type->record->fields[pi->field].extent_field;
      id.kind = ExtentId::Kind::Path;
      id.key = p->a->info->place_key + "." + std::to_string(k);
      id.text = expr_text(p->a) + "." + p->a->type->record->fields[k].name;
    } else {
      id.kind = ExtentId::Kind::LenOf;
      id.key = pi->place_key;
    }
  } else if (t->kind == TypeKind::Record && t->record->lends) {
    id.kind = ExtentId::Kind::Dynamic;
    id.text = expr_text(p);
  }
  in->extent = id;
  return id;
}

std::string Checker::expr_text(const ast::Expr* e) const {
  switch (e->kind) {
    case ExprKind::IntLit:
    case ExprKind::CharLit: return (e->negative ? "-" : "") + std::to_string(e->int_value);
    case ExprKind::FloatLit: return (e->negative ? "-" : "") + e->text;
    case ExprKind::BoolLit: return e->bool_value ? "true" : "false";
    case ExprKind::StringLit: return "\"" + e->text + "\"";
    case ExprKind::Name: return e->text;
    case ExprKind::Paren: return "(" + expr_text(e->a) + ")";
    case ExprKind::Field: return expr_text(e->a) + "." + e->text;
    case ExprKind::Index: {
      std::string s = expr_text(e->a) + "[";
      for (size_t i = 0; i < e->args.size(); ++i) s += (i ? ", " : "") + expr_text(e->args[i]);
      return s + "]";
    }
    case ExprKind::Part: return expr_text(e->a) + "[" + expr_text(e->b) + ".." + expr_text(e->c) + "]";
    case ExprKind::Call: {
      std::string s = expr_text(e->a) + "(";
      for (size_t i = 0; i < e->args.size(); ++i) s += (i ? ", " : "") + expr_text(e->args[i]);
      return s + ")";
    }
    case ExprKind::Unary: return std::string(ast::unop_spelling(e->un)) + expr_text(e->a);
    case ExprKind::Binary:
      return expr_text(e->a) + " " + ast::binop_spelling(e->bin) + " " + expr_text(e->b);
    case ExprKind::Try: return "try " + expr_text(e->a);
    default: return "this expression";
  }
}

}  // namespace cairn::check::body
