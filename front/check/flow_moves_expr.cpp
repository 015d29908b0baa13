// The move walk over expressions: uses and moves of places, calls and their arguments, collectors, try,
// with the effect labels and guard sites each construct contributes (§12.2, §13.2, §16.2).
#include "front/check/flow_moves.h"

namespace cairn::check::flow {

namespace {
bool has_index(const Place& p) {
  for (const Step& s : p.steps)
    if (s.kind != Step::Kind::Field) return true;
  return false;
}
bool is_storage_type(const Type* t) {
  return t && (t->kind == TypeKind::View || t->kind == TypeKind::Buf || t->kind == TypeKind::Array);
}
}  // namespace

void MoveFlow::root(ast::Expr* e, Use use) {
  if (!e) return;
  expr(e, use);
}

void MoveFlow::expr(ast::Expr* e, Use use) {
  if (!e) return;
  ExprInfo* in = info_of(e);
  switch (e->kind) {
    case ast::ExprKind::IntLit:
    case ast::ExprKind::FloatLit:
    case ast::ExprKind::CharLit:
    case ast::ExprKind::StringLit:
    case ast::ExprKind::BoolLit:
    case ast::ExprKind::Unsupported: return;
    case ast::ExprKind::Paren: expr(e->a, use); return;
    case ast::ExprKind::Name:
      if (in && in->ref == NameRef::Local) place_use(e, use);
      return;
    case ast::ExprKind::Field:
    case ast::ExprKind::Index:
    case ast::ExprKind::Part:
      if (in && in->ref != NameRef::None && in->ref != NameRef::Local) return;  // an item, an instance
      if (place_of(e)) {
        place_use(e, use);
        return;
      }
      temporary(e, use);
      return;
    case ast::ExprKind::Unary:
      expr(e->a, Use::Read);
      if (e->un == ast::UnOp::Neg && e->type && is_signed_int(e->type)) rows_.guard(TrapKind::Overflow, e->pos);
      return;
    case ast::ExprKind::Try: try_expr(e); return;
    case ast::ExprKind::Binary: binary(e); return;
    case ast::ExprKind::Call: call(e); return;
    case ast::ExprKind::Compact:
    case ast::ExprKind::Reduce: collector(e); return;
  }
}

// A field, element or part of something that is not a place: the base is a temporary.
void MoveFlow::temporary(ast::Expr* e, Use) {
  expr(e->a, Use::Read);
  for (ast::Expr* a : e->args) expr(a, Use::Read);
  expr(e->b, Use::Read);
  expr(e->c, Use::Read);
  if (e->kind == ast::ExprKind::Index && e->args.size() == 1) rows_.index_guard(e);
  if (e->kind == ast::ExprKind::Part) rows_.guard(TrapKind::Part, e->pos);
  if (e->kind == ast::ExprKind::Field && e->a && e->a->type)
    drop_value(e->a->type, e->a->pos, "the rest of this temporary");
}

void MoveFlow::name_use(ast::Expr* e, Use) {
  LocalVar* v = named_local(e);
  if (!v || v->id >= hold_.size() || poisoned(v)) return;
  Hold h = hold(v);
  if (h == Hold::Moved || h == Hold::Maybe) report(Code::Moved, e->pos, v->name + " was moved.", v);
}

void MoveFlow::place_use(ast::Expr* e, Use use, bool labels) {
  Place p = place_of(e);
  if (!p) return;
  if (labels && (use == Use::Read || use == Use::Move)) rows_.access(p, false, has_index(p));
  if (use == Use::Move && expr_kind(e) != Kind::Copy) move_place(e, p);
  if (use == Use::LendRw) leased(p, e->pos, "lent rw");
  place_inner(peel_parens(e), use);
  const ExprInfo* in = info_of(peel_parens(e));
  if (in && in->is_lending && peel_parens(e)->kind != ast::ExprKind::Part) rows_.guard(TrapKind::Part, e->pos);
}

void MoveFlow::place_inner(ast::Expr* e, Use use) {
  e = peel_parens(e);
  if (!e) return;
  switch (e->kind) {
    case ast::ExprKind::Name: name_use(e, use); return;
    case ast::ExprKind::Field: place_inner(e->a, use); return;
    case ast::ExprKind::Index:
      place_inner(e->a, use);
      for (ast::Expr* a : e->args) expr(a, Use::Read);
      rows_.index_guard(e);
      return;
    case ast::ExprKind::Part:
      place_inner(e->a, use);
      expr(e->b, Use::Read);
      expr(e->c, Use::Read);
      rows_.guard(TrapKind::Part, e->pos);
      return;
    default: expr(e, Use::Read); return;
  }
}

// The place of an assignment: index values and guards, and the root must still hold its value.
void MoveFlow::lhs_inner(ast::Expr* e) { place_inner(e, Use::Read); }

void MoveFlow::move_place(ast::Expr* e, const Place& p) {
  LocalVar* v = p.root;
  if (poisoned(v)) return;
  if (!p.steps.empty()) {
    report(Code::PartialMove, e->pos, "An owner cannot be moved out of a place; use take() or swap().", v);
    return;
  }
  if (is_borrow_param(v)) {
    report(Code::MoveBorrow, e->pos, v->name + " is a borrow; it cannot be moved from.", v);
    return;
  }
  if (v->id < decl_depth_.size() && decl_depth_[v->id] < depth_) {
    report(Code::MoveInLoop, e->pos,
           v->name + " is declared outside the loop; it cannot be moved or consumed inside it.", v);
    return;
  }
  if (leased(p, e->pos, "moved")) return;
  if (tracked(v)) pending_.push_back(PendingMove{v, e->pos});
}

void MoveFlow::binary(ast::Expr* e) {
  if (e->bin == ast::BinOp::And || e->bin == ast::BinOp::Or) {
    expr(e->a, Use::Read);
    settle();
    size_t base = mark();
    RowRecorder::Mark facts = rows_.save();
    cond_facts(e->a, e->bin == ast::BinOp::And);
    expr(e->b, Use::Read);
    settle();
    rows_.restore(facts);
    std::vector<PathEnd> ends(1);  // the right operand skipped: no change
    ends.push_back(capture(base));
    undo(base);
    join(ends, e->pos);
    return;
  }
  expr(e->a, Use::Read);
  expr(e->b, Use::Read);
  const Type* t = e->a ? e->a->type : nullptr;
  if (!t || !is_int(t)) return;
  const ast::Expr* rhs = peel_parens(e->b);
  bool rhs_lit = rhs && rhs->kind == ast::ExprKind::IntLit;
  switch (e->bin) {
    case ast::BinOp::Add:
    case ast::BinOp::Mul: rows_.guard(TrapKind::Overflow, e->pos, rows_.cannot_overflow(e)); break;
    case ast::BinOp::Sub: {
      bool safe = is_unsigned(t) && rhs_lit && !rhs->negative && rhs->int_value <= 1 && rows_.known_positive(e->a);
      rows_.guard(TrapKind::Overflow, e->pos, safe);
      break;
    }
    case ast::BinOp::Div:
    case ast::BinOp::Rem: {
      bool nonzero = rhs_lit && rhs->int_value != 0;
      rows_.guard(TrapKind::DivideByZero, e->pos, nonzero);
      if (is_signed_int(t)) rows_.guard(TrapKind::Overflow, e->pos, nonzero && !rhs->negative);
      break;
    }
    default: break;
  }
}

void MoveFlow::try_expr(ast::Expr* e) {
  expr(e->a, e->a && is_owner_or_linear(e->a->type) ? Use::Move : Use::Read);
  // The failure path returns from the function: every scope is left (§9.5).
  leave_scopes(0);
}

void MoveFlow::collector(ast::Expr* e) {
  bool compact = e->kind == ast::ExprKind::Compact;
  expr(e->b, Use::Read);
  settle();
  expr(e->c, Use::Read);
  settle();
  ExtentId hi = rows_.extent_of_bound(e->c);
  if (compact) {
    Place out = place_of(e->a);
    if (out) {
      leased(out, e->a->pos, "written by compact");
      place_inner(e->a, Use::Read);
      rows_.access(out, true, true);
    }
    const ast::Expr* lo = peel_parens(e->b);
    bool from_zero = !lo || (lo->kind == ast::ExprKind::IntLit && lo->int_value == 0 && !lo->negative);
    ExtentId target = rows_.extent_of(e->a);
    bool safe = from_zero && hi.kind != ExtentId::Kind::None && hi.kind != ExtentId::Kind::Dynamic && hi.same(target);
    if (!safe && target.kind == ExtentId::Kind::Value && hi.kind == ExtentId::Kind::Value) {
      ExtentId lo_x;
      lo_x.kind = ExtentId::Kind::Value;
      if (lo) lo_x = rows_.extent_of_bound(e->b);
      if (lo_x.kind == ExtentId::Kind::Value)
        safe = hi.value <= lo_x.value || hi.value - lo_x.value <= target.value;
    }
    rows_.guard(TrapKind::Bounds, e->pos, safe);
    const Type* ot = e->a ? e->a->type : nullptr;
    if (ot && ot->elem && is_storage_type(ot) && type_kind(ot->elem) != Kind::Copy) rows_.label(Effect::Free);
  } else if (e->reduce_is_binop && (e->bin == ast::BinOp::Add || e->bin == ast::BinOp::Mul) && e->e &&
             e->e->type && is_int(e->e->type)) {
    rows_.guard(TrapKind::Overflow, e->pos);
  }
  RowRecorder::Mark facts = rows_.save();
  const ExprInfo* in = info_of(e);
  if (in && in->binder) {
    if (in->binder->id < decl_depth_.size()) decl_depth_[in->binder->id] = depth_ + 1;
    rows_.push_below(in->binder, hi);
  }
  ++depth_;
  ++collector_;
  if (compact) {
    expr(e->d, Use::Read);
    settle();
  }
  expr(e->e, e->e && is_owner_or_linear(e->e->type) ? Use::Move : Use::Read);
  settle();
  --collector_;
  --depth_;
  rows_.restore(facts);
}

// Facts a condition proves on its true (or false) branch: `j < n`, `n > j`, `i > 0`, `i != 0` (§16.3).
void MoveFlow::cond_facts(const ast::Expr* c, bool when_true) {
  c = peel_parens(c);
  if (!c || c->kind != ast::ExprKind::Binary) return;
  if (c->bin == ast::BinOp::And && when_true) {
    cond_facts(c->a, true);
    cond_facts(c->b, true);
    return;
  }
  if (c->bin == ast::BinOp::Or && !when_true) {
    cond_facts(c->a, false);
    cond_facts(c->b, false);
    return;
  }
  ast::BinOp op = c->bin;
  if (!when_true) {
    switch (op) {
      case ast::BinOp::Ge: op = ast::BinOp::Lt; break;
      case ast::BinOp::Le: op = ast::BinOp::Gt; break;
      case ast::BinOp::Eq: op = ast::BinOp::Ne; break;
      default: return;
    }
  }
  const ast::Expr* a = c->a;
  const ast::Expr* b = c->b;
  if (op == ast::BinOp::Gt) {  // n > j is j < n; i > 0
    const ast::Expr* rb = peel_parens(b);
    if (rb && rb->kind == ast::ExprKind::IntLit && rb->int_value == 0 && a && a->type && is_unsigned(a->type)) {
      if (const LocalVar* v = named_local(a)) rows_.push_positive(v);
      return;
    }
    std::swap(a, b);
    op = ast::BinOp::Lt;
  }
  if (op == ast::BinOp::Ne) {
    const ast::Expr* rb = peel_parens(b);
    if (rb && rb->kind == ast::ExprKind::IntLit && rb->int_value == 0 && a && a->type && is_unsigned(a->type))
      if (const LocalVar* v = named_local(a)) rows_.push_positive(v);
    return;
  }
  if (op == ast::BinOp::Lt)
    if (const LocalVar* v = named_local(a)) rows_.push_below(v, rows_.extent_of_bound(b));
}

}  // namespace cairn::check::flow
