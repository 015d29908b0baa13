// Deep copy of a function item for template instances (§10.10): same positions, no annotations.
#include "front/syntax/ast.h"

namespace cairn::ast {

namespace {

class Cloner {
 public:
  explicit Cloner(Arena& a) : a_(a) {}

  TypeExpr* type(const TypeExpr* t) {
    if (!t) return nullptr;
    TypeExpr* n = a_.type(t->kind, t->pos);
    *n = *t;
    for (auto& x : n->args) x = type(x);
    n->inner = type(t->inner);
    for (auto& x : n->params) x = type(x);
    n->result = type(t->result);
    return n;
  }

  Expr* expr(const Expr* e) {
    if (!e) return nullptr;
    Expr* n = a_.expr(e->kind, e->pos);
    *n = *e;
    n->type = nullptr;
    n->info = nullptr;
    n->a = expr(e->a);
    n->b = expr(e->b);
    n->c = expr(e->c);
    n->d = expr(e->d);
    n->e = expr(e->e);
    for (auto& x : n->args) x = expr(x);
    return n;
  }

  Block* block(const Block* b) {
    if (!b) return nullptr;
    Block* n = a_.block(b->lbrace);
    n->rbrace = b->rbrace;
    for (const Stmt* s : b->stmts) n->stmts.push_back(stmt(s));
    return n;
  }

  Stmt* stmt(const Stmt* s) {
    if (!s) return nullptr;
    Stmt* n = a_.stmt(s->kind, s->pos);
    *n = *s;
    n->type = type(s->type);
    n->expr = expr(s->expr);
    n->expr2 = expr(s->expr2);
    n->body = block(s->body);
    n->else_stmt = stmt(s->else_stmt);
    for (MatchArm& arm : n->arms) {
      arm.block = block(arm.block);
      arm.stmt = stmt(arm.stmt);
      arm.variant = 0;
      arm.binder_local = nullptr;
    }
    n->local = nullptr;
    n->index_local = nullptr;
    n->binder_locals.clear();
    return n;
  }

  Item* fn(const Item& f) {
    Item* n = a_.item(f.kind, f.pos);
    *n = f;
    n->type = type(f.type);
    n->init = expr(f.init);
    n->align = expr(f.align);
    for (Param& p : n->params) p.type = type(p.type);
    n->result = type(f.result);
    n->when = expr(f.when);
    n->body = block(f.body);
    n->expr_body = expr(f.expr_body);
    for (FieldDecl& fd : n->fields) fd.type = type(fd.type);
    for (VariantDecl& vd : n->variants) vd.payload = type(vd.payload);
    return n;
  }

 private:
  Arena& a_;
};

}  // namespace

Item* clone_fn(Arena& arena, const Item& fn) { return Cloner(arena).fn(fn); }

}  // namespace cairn::ast
