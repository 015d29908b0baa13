// Statements (§8): blocks, conditions, loops, return, assignment, expression statements and discards.
#include "front/check/body_checker.h"

namespace cairn::check::body {

using ast::ExprKind;
using ast::StmtKind;

namespace {
bool is_collector(const ast::Expr* e) {
  return e && (e->kind == ExprKind::Compact || e->kind == ExprKind::Reduce);
}
// The binary operator of a compound assignment (assignops.def; never asked of `=`).
ast::BinOp binop_of(ast::AssignOp op) { return ast::assignop_row(op).binary.value_or(ast::BinOp::Add); }
}  // namespace

void Checker::block(ast::Block* b) {
  if (!b) return;
  push_scope();
  for (ast::Stmt* s : b->stmts) stmt(s);
  pop_scope();
}

void Checker::loop_body(ast::Block* b) {
  ++loop_depth_;
  block(b);
  --loop_depth_;
}

void Checker::stmt(ast::Stmt* s) {
  switch (s->kind) {
    case StmtKind::Let:
      if (!guarded(&Checker::stmt_let, s)) {
        poison_expr(s->expr);
        s->local = declare_unknown(s->name);
      }
      return;
    case StmtKind::Unpack:
      if (!guarded(&Checker::stmt_unpack, s)) {
        poison_expr(s->expr);
        for (const ast::Ident& b : s->binders) declare_unknown(b);
      }
      return;
    case StmtKind::Storage:
      if (!guarded(&Checker::stmt_storage, s)) s->local = declare_unknown(s->name);
      return;
    case StmtKind::If: stmt_if(s); return;
    case StmtKind::While: stmt_while(s); return;
    case StmtKind::ForRange: stmt_for_range(s); return;
    case StmtKind::ForEach: stmt_for_each(s); return;
    case StmtKind::Match: stmt_match(s); return;
    case StmtKind::Return:
      if (!guarded(&Checker::stmt_return, s)) poison_expr(s->expr);
      return;
    case StmtKind::Break:
    case StmtKind::Continue: return;  // E-LOOP-CONTROL is the flow checks' business
    case StmtKind::Defer:
      if (!attempt([&] { stmt_expr(s, true); })) poison_expr(s->expr);
      return;
    case StmtKind::Block: block(s->body); return;
    case StmtKind::Assign:
      if (!guarded(&Checker::stmt_assign, s)) {
        poison_expr(s->expr2);
        ast::Expr* lhs = s->expr;
        while (lhs && lhs->kind == ExprKind::Paren) lhs = lhs->a;
        if (lhs && lhs->info && lhs->info->root) lhs->info->root->type = types().error();
        else if (lhs && lhs->kind == ExprKind::Name)
          if (LocalVar* v = find_local(lhs->text)) v->type = types().error();
      }
      return;
    case StmtKind::ExprStmt:
      if (!attempt([&] { stmt_expr(s, false); })) poison_expr(s->expr);
      return;
    case StmtKind::Unsupported: return;  // refused by the parser
  }
}

// §8.6: a bool condition, no integer truthiness.
void Checker::condition(ast::Expr* c) {
  if (is_collector(c))
    refuse(Code::CollectBinding, c->pos, "A collector must initialise a let of its own: let k = compact ...;");
  const Type* t = check(c, boolean());
  if (t->kind == TypeKind::Error) not_judged();
  if (!is_bool(t)) {
    std::optional<std::string> help;
    if (t->kind == TypeKind::Scalar) help = "compare explicitly: " + expr_text(c) + " != 0";
    mismatch(boolean(), t, c->begin, help);
  }
}

void Checker::stmt_if(ast::Stmt* s) {
  attempt([&] { condition(s->expr); });
  block(s->body);
  if (s->else_stmt) stmt(s->else_stmt);
}

void Checker::stmt_while(ast::Stmt* s) {
  attempt([&] { condition(s->expr); });
  loop_body(s->body);
}

// §8.8: for i in lo..hi (and the legacy each i in n).
void Checker::stmt_for_range(ast::Stmt* s) {
  ast::Expr* lo = s->expr;
  ast::Expr* hi = s->expr2;
  if (!hi) std::swap(lo, hi);
  push_scope();
  bool ok = attempt([&] {
    check_shadow(s->name, usize());
    for (ast::Expr* b : {lo, hi}) {
      if (!b) continue;
      if (is_collector(b))
        refuse(Code::CollectBinding, b->pos, "A collector must initialise a let of its own: let k = compact ...;");
      expect(b, usize());
    }
  });
  ++loop_depth_;
  if (ok) {
    LocalVar* v = declare(s->name, usize(), LocalVar::Origin::ForIndex, false);
    s->local = s->name.name == "_" ? nullptr : v;
  } else {
    s->local = declare_unknown(s->name);
  }
  block(s->body);
  --loop_depth_;
  pop_scope();
}

// §8.9: for x in xs, for i, x in xs.
void Checker::stmt_for_each(ast::Stmt* s) {
  ast::Expr* xs = s->expr;
  const Type* elem = nullptr;
  push_scope();
  bool ok = attempt([&] {
    if (s->index_name) check_shadow(*s->index_name, usize());
    check_shadow(s->name, nullptr);
    if (s->index_name && s->index_name->name == s->name.name && s->name.name != "_")
      refuse(Code::Shadow, s->name.pos, s->name.name + " is already declared in this function; choose another name.");
    if (!is_static_place_path(xs))
      refuse(Code::ElementLoop, xs->begin,
             "An element loop walks a name or a field path: bind " + expr_text(xs) + " to a name first.");
    const Type* t = check(xs, nullptr);
    if (t->kind == TypeKind::Error) not_judged();
    if (t->kind == TypeKind::View || t->kind == TypeKind::Buf || t->kind == TypeKind::Array) {
      elem = t->elem;
      view_identity(xs);
    } else if (t->kind == TypeKind::Record && t->record->lends) {
      elem = t->record->fields[t->record->lends->field].type->elem;
      info(xs)->is_lending = true;
    } else {
      refuse(Code::ElementLoop, xs->begin, expr_text(xs) + " is a " + tname(t) + ", not an array: write for i in 0..n.");
    }
    if (type_kind(elem) != Kind::Copy)
      refuse(Code::ElementLoop, xs->begin, "The elements of " + expr_text(xs) + " are " + tname(elem) +
                                               ", which are not copy: loop over the indexes.");
  });
  ++loop_depth_;
  if (ok) {
    if (s->index_name) {
      LocalVar* i = declare(*s->index_name, usize(), LocalVar::Origin::ForIndex, false);
      s->index_local = s->index_name->name == "_" ? nullptr : i;
    }
    LocalVar* x = declare(s->name, elem, LocalVar::Origin::ForElement, false);
    s->local = s->name.name == "_" ? nullptr : x;
  } else {
    if (s->index_name) s->index_local = declare_unknown(*s->index_name);
    s->local = declare_unknown(s->name);
  }
  block(s->body);
  --loop_depth_;
  pop_scope();
}

void Checker::stmt_return(ast::Stmt* s) {
  const Type* r = fn_.result ? fn_.result : void_type();
  if (r->kind == TypeKind::Error) not_judged();
  if (r->kind == TypeKind::Void) {
    if (s->expr)
      refuse(Code::Return, s->expr->begin, fn_.name + " returns nothing: write return; without a value.");
    return;
  }
  if (!s->expr) refuse(Code::Return, s->pos, fn_.name + " must return a " + tname(r) + " value.");
  return_value(s->expr, s->pos);
}

void Checker::return_value(ast::Expr* v, Pos) {
  const Type* r = fn_.result ? fn_.result : void_type();
  if (r->kind == TypeKind::Error) not_judged();
  if (is_collector(v))
    refuse(Code::CollectBinding, v->pos, "A collector must initialise a let of its own: let k = compact ...;",
           "bind it with a let first, then return the name");
  if (r->kind == TypeKind::Void) refuse(Code::Return, v->begin, fn_.name + " returns nothing.");
  expect_value(v, r);
}

void Checker::stmt_assign(ast::Stmt* s) {
  ast::Expr* lhs = s->expr;
  ast::Expr* rhs = s->expr2;
  const Type* tl = check(lhs, nullptr);
  if (tl->kind == TypeKind::Error) not_judged();
  require_place_for_assign(lhs);
  require_writable(lhs, true, lhs->begin);
  check_extent_field_write(lhs, lhs->begin);
  if (is_collector(rhs))
    refuse(Code::CollectBinding, rhs->pos, "A collector must initialise a let of its own: let k = compact ...;");
  if (s->assign == ast::AssignOp::Set) {
    expect_value(rhs, tl);
    return;
  }
  ast::BinOp op = binop_of(s->assign);
  operator_allows(op, tl, s->op_pos);
  const Type* tr = is_flexible(rhs) ? flexible(rhs, tl->kind == TypeKind::Scalar && !is_bool(tl) ? tl : nullptr)
                                    : check(rhs, nullptr);
  operator_allows(op, tr, s->op_pos);
  if (tr != tl) mismatch(tl, tr, rhs->begin);
}

// §8.13: an expression statement is a call or a try; some results may not be dropped.
void Checker::stmt_expr(ast::Stmt* s, bool deferred) {
  ast::Expr* e = s->expr;
  if (is_collector(e))
    refuse(Code::CollectBinding, e->pos, "A collector must initialise a let of its own: let k = compact ...;");
  ast::Expr* p = e;
  while (p->kind == ExprKind::Paren) p = p->a;
  if (p->kind == ExprKind::Call) {
    check(e, nullptr);
    discard_rules(p);
    return;
  }
  if (p->kind == ExprKind::Try) {
    const Type* t = try_expr(p, true);
    set(e, t);
    if (t->kind != TypeKind::Void && type_kind(t) == Kind::Linear)
      refuse(Code::LinearLeak, e->begin, "The linear value " + expr_text(e) + " yields would be dropped.");
    return;
  }
  if (deferred) {
    check(e, nullptr);  // the shape (E-DEFER) is the flow checks' rule
    return;
  }
  refuse(Code::Discard, e->begin, expr_text(e) + " is not a call: its value would be dropped.");
}

void Checker::discard_rules(ast::Expr* e) {
  const ExprInfo* in = e->info;
  if (!in) return;
  std::string shown = expr_text(e);
  switch (in->call) {
    case CallKind::Builtin:
      if (!builtin_is_droppable(in->builtin))
        refuse(Code::Discard, e->begin, shown + " computes a value that would be dropped.",
               "bind it: let r = " + shown + ";");
      return;
    case CallKind::Conversion:
    case CallKind::Record:
    case CallKind::Variant:
    case CallKind::BufNew:
    case CallKind::ArrayNew:
      refuse(Code::Discard, e->begin, shown + " builds a value that would be dropped.");
    case CallKind::Direct:
    case CallKind::Indirect:
    case CallKind::None: break;
  }
  const Type* t = e->type;
  if (!t || t->kind == TypeKind::Void || t->kind == TypeKind::Error) return;
  if (is_outcome_sum(t))
    refuse(Code::Discard, e->begin,
           shown + " returns " + tname(t) + ": handle it with try or match, or drop it explicitly with let _ = ....",
           "let _ = " + shown + ";");
  if (type_kind(t) == Kind::Linear)
    refuse(Code::LinearLeak, e->begin, shown + " returns the linear value " + tname(t) + ", which would be dropped.");
}

}  // namespace cairn::check::body
