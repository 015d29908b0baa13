// The move walk over statements: bindings, branches and joins, loops, exits, assignment and defer.
#include "front/check/flow_moves.h"

namespace cairn::check::flow {

namespace {
const Type* payload_type(Program& program, const Type* subject, uint32_t variant) {
  if (!subject || subject->kind != TypeKind::Sum || !subject->sum) return nullptr;
  if (variant >= subject->sum->variants.size()) return nullptr;
  const Type* p = subject->sum->variants[variant].payload;
  if (!p) return nullptr;
  return subject->args.empty() ? p : program.types.substitute(p, subject->args);
}
bool has_index(const Place& p) {
  for (const Step& s : p.steps)
    if (s.kind != Step::Kind::Field) return true;
  return false;
}
}  // namespace

void MoveFlow::run() {
  if (!fn_.body || !fn_.decl) return;
  if (fn_.calls.empty()) rows_.record_edges = true;
  else rows_.record_edges = false;  // the body checker already listed them
  push_scope();
  for (const auto& v : fn_.body->locals)
    if (v->origin == LocalVar::Origin::Param) declare(v.get(), v->pos);
  if (fn_.decl->body) {
    for (ast::Stmt* s : fn_.decl->body->stmts) {
      if (dead_) break;
      stmt(s);
    }
    pop_scope(true);
  } else if (fn_.decl->expr_body) {
    return_value(fn_.decl->expr_body, fn_.decl->expr_body_pos);
    pop_scope(true);
  } else {
    scopes_.pop_back();
  }
}

void MoveFlow::block(ast::Block* b) {
  if (!b) return;
  RowRecorder::Mark facts = rows_.save();
  push_scope();
  for (ast::Stmt* s : b->stmts) {
    if (dead_) break;
    stmt(s);
  }
  pop_scope(false);
  rows_.restore(facts);
}

void MoveFlow::stmt(ast::Stmt* s) {
  if (!s) return;
  switch (s->kind) {
    case ast::StmtKind::Let: let_stmt(s); return;
    case ast::StmtKind::Unpack: unpack_stmt(s); return;
    case ast::StmtKind::Storage: storage_stmt(s); return;
    case ast::StmtKind::If: if_stmt(s); return;
    case ast::StmtKind::While:
    case ast::StmtKind::ForRange:
    case ast::StmtKind::ForEach: loop_stmt(s); return;
    case ast::StmtKind::Match: match_stmt(s); return;
    case ast::StmtKind::Return:
    case ast::StmtKind::Break:
    case ast::StmtKind::Continue: leave_stmt(s); return;
    case ast::StmtKind::Defer: defer_stmt(s); return;
    case ast::StmtKind::Block: block(s->body); return;
    case ast::StmtKind::Assign: assign_stmt(s); return;
    case ast::StmtKind::ExprStmt: expr_stmt(s); return;
    case ast::StmtKind::Unsupported: return;
  }
}

void MoveFlow::let_stmt(ast::Stmt* s) {
  ast::Expr* init = s->expr;
  ast::Expr* bare = peel_parens(init);
  if (bare && (bare->kind == ast::ExprKind::Compact || bare->kind == ast::ExprKind::Reduce)) collector(bare);
  else root(init, init && is_owner_or_linear(init->type) ? Use::Move : Use::Read);
  settle();
  if (s->local) declare(s->local, s->name.pos);
  else if (s->name.name == "_" && init) drop_value(init->type, s->name.pos, "the value bound to _");
}

void MoveFlow::unpack_stmt(ast::Stmt* s) {
  ast::Expr* init = s->expr;
  root(init, Use::Move);
  settle();
  const Type* rt = init ? init->type : nullptr;
  for (size_t i = 0; i < s->binders.size(); ++i) {
    LocalVar* v = i < s->binder_locals.size() ? s->binder_locals[i] : nullptr;
    if (v) {
      declare(v, s->binders[i].pos);
    } else if (s->binders[i].name == "_" && rt && rt->kind == TypeKind::Record && rt->record &&
               i < rt->record->fields.size()) {
      drop_value(rt->record->fields[i].type, s->binders[i].pos, "the field bound to _");
    }
  }
}

void MoveFlow::storage_stmt(ast::Stmt* s) {
  root(s->expr, Use::Read);
  settle();
  rows_.label(Effect::ZeroInit);
  if (s->is_stack) {
    rows_.label(Effect::StackStorage);
  } else {
    rows_.label(Effect::Alloc);
    rows_.guard(TrapKind::Alloc, s->pos);
  }
  if (s->local) declare(s->local, s->name.pos);
}

void MoveFlow::if_stmt(ast::Stmt* s) {
  root(s->expr, Use::Read);
  settle();
  size_t base = mark();
  RowRecorder::Mark facts = rows_.save();
  cond_facts(s->expr, true);
  block(s->body);
  rows_.restore(facts);
  std::vector<PathEnd> ends;
  ends.push_back(capture(base));
  undo(base);
  cond_facts(s->expr, false);
  if (s->else_stmt) stmt(s->else_stmt);
  rows_.restore(facts);
  ends.push_back(capture(base));
  undo(base);
  join(ends, s->pos);
  // An early exit `if j >= n { return; }` proves j < n for the rest of the block (§16.3).
  if (!s->else_stmt && ends[0].dead && !dead_) cond_facts(s->expr, false);
}

void MoveFlow::match_stmt(ast::Stmt* s) {
  ast::Expr* subject = s->expr;
  root(subject, subject && is_owner_or_linear(subject->type) ? Use::Move : Use::Read);
  settle();
  size_t base = mark();
  std::vector<PathEnd> ends;
  for (ast::MatchArm& arm : s->arms) {
    push_scope();
    if (arm.binder_local) {
      declare(arm.binder_local, arm.binder.pos);
    } else if (arm.has_binder && arm.binder.name == "_") {
      drop_value(payload_type(program_, subject ? subject->type : nullptr, arm.variant), arm.binder.pos,
                 "the payload bound to _");
    }
    if (arm.block) block(arm.block);
    else stmt(arm.stmt);
    pop_scope(false);
    ends.push_back(capture(base));
    undo(base);
  }
  if (s->arms.empty()) return;
  join(ends, s->pos);
}

void MoveFlow::loop_stmt(ast::Stmt* s) {
  if (s->kind == ast::StmtKind::ForRange) {
    root(s->expr, Use::Read);
    settle();
    root(s->expr2, Use::Read);
    settle();
  } else if (s->kind == ast::StmtKind::ForEach) {
    ast::Expr* xs = s->expr;
    place_use(xs, Use::LendRo, false);
    settle();
    Place p = place_of(xs);
    rows_.access(p, false, true);
    const ExprInfo* in = info_of(peel_parens(xs));
    if (in && in->is_lending) rows_.guard(TrapKind::Part, xs->pos);
    rows_.guard(TrapKind::Bounds, s->pos);
  } else {
    rows_.label(Effect::Diverge);
  }
  RowRecorder::Mark facts = rows_.save();
  ++depth_;
  size_t base = mark();
  loops_.push_back(Loop{scopes_.size(), base, {}});
  std::vector<PathEnd> exits;
  if (s->kind == ast::StmtKind::While) {
    root(s->expr, Use::Read);
    settle();
  }
  exits.push_back(capture(base));  // the condition is false (or zero iterations)
  push_scope();
  if (s->kind == ast::StmtKind::ForRange && s->local) {
    declare(s->local, s->name.pos);
    rows_.push_below(s->local, rows_.extent_of_bound(s->expr2));
  }
  if (s->kind == ast::StmtKind::ForEach) {
    if (s->index_local) declare(s->index_local, s->index_name ? s->index_name->pos : s->pos);
    if (s->local) declare(s->local, s->name.pos);
  }
  block(s->body);
  pop_scope(false);
  exits.push_back(capture(base));
  for (PathEnd& x : loops_.back().exits) exits.push_back(std::move(x));
  loops_.pop_back();
  --depth_;
  rows_.restore(facts);
  undo(base);
  join(exits, s->pos);
}

void MoveFlow::leave_stmt(ast::Stmt* s) {
  if (s->kind == ast::StmtKind::Return) {
    return_value(s->expr, s->pos);
    return;
  }
  if (!loops_.empty()) {
    leave_scopes(loops_.back().scope_level);
    loops_.back().exits.push_back(capture(loops_.back().mark));
  }
  dead_ = true;
}

void MoveFlow::return_value(ast::Expr* value, Pos) {
  if (value) {
    root(value, is_owner_or_linear(value->type) ? Use::Move : Use::Read);
    settle();
  }
  leave_scopes(0);
  dead_ = true;
}

void MoveFlow::expr_stmt(ast::Stmt* s) {
  ast::Expr* e = s->expr;
  root(e, Use::Read);
  settle();
  ast::Expr* bare = peel_parens(e);
  if (!bare || !bare->type || bare->type->kind == TypeKind::Void) return;
  if (bare->kind == ast::ExprKind::Call || bare->kind == ast::ExprKind::Try)
    drop_value(bare->type, bare->pos, "the result of this call");
}

void MoveFlow::assign_stmt(ast::Stmt* s) {
  ast::Expr* lhs = s->expr;
  ast::Expr* rhs = s->expr2;
  bool set = s->assign == ast::AssignOp::Set;
  Place lp = place_of(lhs);
  if (set && lp) {
    Place rp = place_of(rhs);
    if (rp && place_inside(lp, rp)) {
      report(Code::Alias, rhs->pos, "A value cannot be stored into a place inside itself.", lp.root);
      return;
    }
  }
  // The index expressions of the place, then the value (§8.5).
  if (lhs) {
    ast::Expr* bare = peel_parens(lhs);
    if (bare && bare->kind != ast::ExprKind::Name) lhs_inner(bare);
    else if (bare && !set) name_use(bare, Use::Read);
  }
  settle();
  root(rhs, set && rhs && is_owner_or_linear(rhs->type) ? Use::Move : Use::Read);
  settle();
  if (!set && lhs && lhs->type && is_int(lhs->type)) {
    switch (s->assign) {
      case ast::AssignOp::Add:
      case ast::AssignOp::Sub:
      case ast::AssignOp::Mul: rows_.guard(TrapKind::Overflow, s->op_pos); break;
      case ast::AssignOp::Div:
      case ast::AssignOp::Rem:
        rows_.guard(TrapKind::DivideByZero, s->op_pos);
        if (is_signed_int(lhs->type)) rows_.guard(TrapKind::Overflow, s->op_pos);
        break;
      default: break;
    }
  }
  if (!lp) return;
  rows_.access(lp, true, has_index(lp));
  if (!set) rows_.access(lp, false, has_index(lp));
  if (leased(lp, lhs->pos, "assigned")) return;
  if (lp.steps.empty()) {
    LocalVar* v = lp.root;
    if (!tracked(v)) return;
    Hold h = hold(v);
    if (type_kind(v->type) == Kind::Linear && set && (h == Hold::Live || h == Hold::Maybe) && !poisoned(v)) {
      report(Code::LinearLeak, v->pos, v->name + " still holds a linear value; assigning over it drops it.", v);
    } else if (h != Hold::Moved) {
      rows_.label(Effect::Free);
    }
    if (set) set_hold(v, Hold::Live);
    return;
  }
  if (lhs->type && value_kind(lhs->type) == Kind::Linear && !poisoned(lp.root))
    report(Code::LinearLeak, lhs->pos, "This place holds a linear value; assigning over it drops it.", lp.root);
  else if (lhs->type && value_kind(lhs->type) == Kind::Affine)
    rows_.label(Effect::Free);
}

}  // namespace cairn::check::flow
