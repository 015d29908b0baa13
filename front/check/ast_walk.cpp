// A plain recursive walk over syntax trees (nesting is limited to 100 levels by the parser, §1.5).
#include "front/check/ast_walk.h"

namespace cairn::check {

void walk_expr(ast::Expr* e, const AstVisitor& v) {
  if (!e) return;
  if (v.on_expr) v.on_expr(e);
  for (ast::Expr* c : {e->a, e->b, e->c, e->d, e->e}) walk_expr(c, v);
  for (ast::Expr* c : e->args) walk_expr(c, v);
}

void walk_block(ast::Block* b, const AstVisitor& v) {
  if (!b) return;
  for (ast::Stmt* s : b->stmts) walk_stmt(s, v);
}

void walk_stmt(ast::Stmt* s, const AstVisitor& v) {
  if (!s) return;
  if (v.on_stmt) v.on_stmt(s);
  walk_expr(s->expr, v);
  walk_expr(s->expr2, v);
  walk_block(s->body, v);
  walk_stmt(s->else_stmt, v);
  for (ast::MatchArm& arm : s->arms) {
    walk_block(arm.block, v);
    walk_stmt(arm.stmt, v);
  }
}

void walk_fn_body(ast::Item* fn, const AstVisitor& v) {
  walk_block(fn->body, v);
  walk_expr(fn->expr_body, v);
}

std::vector<std::string> bound_names(ast::Item* fn) {
  std::vector<std::string> out;
  for (const ast::Param& p : fn->params) out.push_back(p.name.name);
  AstVisitor v;
  v.on_stmt = [&](ast::Stmt* s) {
    switch (s->kind) {
      case ast::StmtKind::Let:
      case ast::StmtKind::Storage:
      case ast::StmtKind::ForRange:
      case ast::StmtKind::ForEach:
        out.push_back(s->name.name);
        if (s->index_name) out.push_back(s->index_name->name);
        break;
      case ast::StmtKind::Unpack:
        for (const ast::Ident& b : s->binders) out.push_back(b.name);
        break;
      case ast::StmtKind::Match:
        for (const ast::MatchArm& arm : s->arms)
          if (arm.has_binder) out.push_back(arm.binder.name);
        break;
      default: break;
    }
  };
  v.on_expr = [&](ast::Expr* e) {
    if (e->kind == ast::ExprKind::Compact || e->kind == ast::ExprKind::Reduce) out.push_back(e->binder.name);
  };
  walk_fn_body(fn, v);
  return out;
}

}  // namespace cairn::check
