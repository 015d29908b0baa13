// Places of the flow checks: extraction from annotated expressions, overlap and disjointness (§8.4, §10.6).
#include "front/check/flow_places.h"

#include <algorithm>

namespace cairn::check::flow {

const ast::Expr* peel_parens(const ast::Expr* e) {
  while (e && e->kind == ast::ExprKind::Paren) e = e->a;
  return e;
}
ast::Expr* peel_parens(ast::Expr* e) {
  while (e && e->kind == ast::ExprKind::Paren) e = e->a;
  return e;
}

Kind value_kind(const Type* t) {
  if (!t) return Kind::Copy;
  if (t->kind == TypeKind::Borrow && t->elem) return type_kind(t->elem);
  return type_kind(t);
}

bool is_literal(const ast::Expr* e) {
  e = peel_parens(e);
  if (!e) return false;
  switch (e->kind) {
    case ast::ExprKind::IntLit:
    case ast::ExprKind::FloatLit:
    case ast::ExprKind::CharLit:
    case ast::ExprKind::StringLit:
    case ast::ExprKind::BoolLit: return true;
    default: return false;
  }
}

namespace {

Bound bound_of(const ast::Expr* e) {
  Bound b;
  e = peel_parens(e);
  if (!e) return b;
  const ExprInfo* in = info_of(e);
  if (e->kind == ast::ExprKind::IntLit || e->kind == ast::ExprKind::CharLit) {
    if (e->negative) return b;
    b.kind = Bound::Kind::Value;
    b.value = e->int_value;
    return b;
  }
  if (!in) return b;
  if (in->ref == NameRef::Natural) {
    b.kind = Bound::Kind::Value;
    b.value = in->natural;
    return b;
  }
  if (in->ref == NameRef::Const && in->constant) {
    if (in->constant->value) {
      b.kind = Bound::Kind::Value;
      b.value = in->constant->value->bits;
    } else {
      b.kind = Bound::Kind::Const;
      b.ref = in->constant;
    }
    return b;
  }
  if (e->kind == ast::ExprKind::Name && in->ref == NameRef::Local && in->local && !in->local->is_mut) {
    b.kind = Bound::Kind::Local;
    b.ref = in->local;
  }
  return b;
}

bool stable(const Bound& b) { return b.kind != Bound::Kind::None; }

// Two steps at the same depth that the checker can see are disjoint.
bool steps_disjoint(const Step& a, const Step& b) {
  if (a.kind == Step::Kind::Field && b.kind == Step::Kind::Field) return a.field != b.field;
  if (a.kind == Step::Kind::Index && b.kind == Step::Kind::Index)
    return a.lo.kind == Bound::Kind::Value && b.lo.kind == Bound::Kind::Value && a.lo.value != b.lo.value;
  if (a.kind == Step::Kind::Part && b.kind == Step::Kind::Part) {
    if (stable(a.hi) && a.hi == b.lo) return true;
    if (stable(b.hi) && b.hi == a.lo) return true;
    bool lit = a.lo.kind == Bound::Kind::Value && a.hi.kind == Bound::Kind::Value &&
               b.lo.kind == Bound::Kind::Value && b.hi.kind == Bound::Kind::Value;
    if (lit) return a.hi.value <= b.lo.value || b.hi.value <= a.lo.value || a.lo.value >= a.hi.value ||
                    b.lo.value >= b.hi.value;
  }
  return false;
}

// The steps after a and b index the same coordinates: a part step shifts them by its lower bound (x[1..n][0] is
// x[1]), so after two parts the later steps compare only when both parts start at the same stable bound.
bool same_origin(const Step& a, const Step& b) {
  if (a.kind != Step::Kind::Part && b.kind != Step::Kind::Part) return true;
  return a.kind == b.kind && stable(a.lo) && a.lo == b.lo;
}

}  // namespace

LocalVar* named_local(const ast::Expr* e) {
  e = peel_parens(e);
  if (!e || e->kind != ast::ExprKind::Name) return nullptr;
  const ExprInfo* in = info_of(e);
  if (!in || in->ref != NameRef::Local) return nullptr;
  return in->local;
}

Place place_of(const ast::Expr* e) {
  Place p;
  const ast::Expr* top = e;
  e = peel_parens(e);
  if (!e) return p;
  switch (e->kind) {
    case ast::ExprKind::Name: {
      p.root = named_local(e);
      break;
    }
    case ast::ExprKind::Field: {
      const ExprInfo* in = info_of(e);
      if (in && in->ref != NameRef::None && in->ref != NameRef::Local) return p;  // a qualified item
      p = place_of(e->a);
      if (!p) return p;
      Step s;
      s.kind = Step::Kind::Field;
      s.field = e->text.empty() ? e->binder.name : e->text;
      p.steps.push_back(std::move(s));
      break;
    }
    case ast::ExprKind::Index: {
      if (e->args.size() != 1) return p;
      p = place_of(e->a);
      if (!p) return p;
      Step s;
      s.kind = Step::Kind::Index;
      s.lo = bound_of(e->args[0]);
      p.steps.push_back(std::move(s));
      break;
    }
    case ast::ExprKind::Part: {
      p = place_of(e->a);
      if (!p) return p;
      Step s;
      s.kind = Step::Kind::Part;
      s.lo = bound_of(e->b);
      s.hi = bound_of(e->c);
      p.steps.push_back(std::move(s));
      break;
    }
    default: return p;
  }
  p.expr = top;
  return p;
}

bool places_overlap(const Place& a, const Place& b) {
  if (!a || !b || a.root != b.root) return false;
  size_t n = std::min(a.steps.size(), b.steps.size());
  for (size_t i = 0; i < n; ++i) {
    if (steps_disjoint(a.steps[i], b.steps[i])) return false;
    if (!same_origin(a.steps[i], b.steps[i])) return true;
  }
  return true;
}

bool place_inside(const Place& a, const Place& b) {
  if (!a || !b || a.root != b.root || a.steps.size() <= b.steps.size()) return false;
  for (size_t i = 0; i < b.steps.size(); ++i) {
    if (steps_disjoint(a.steps[i], b.steps[i])) return false;
    if (!same_origin(a.steps[i], b.steps[i])) return true;
  }
  return true;
}

bool is_borrow_param(const LocalVar* v) {
  if (!v || !v->param_index || !v->type) return false;
  return v->type->kind == TypeKind::Borrow || v->type->kind == TypeKind::View;
}

bool is_single_borrow(const LocalVar* v) { return v && v->type && v->type->kind == TypeKind::Borrow; }

bool is_own_storage(const LocalVar* v) { return v && !is_borrow_param(v); }

}  // namespace cairn::check::flow
