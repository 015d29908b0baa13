// The node arena.
#include "front/syntax/ast.h"

namespace cairn::ast {

Expr* Arena::expr(ExprKind k, Pos p) {
  auto n = std::make_unique<Expr>();
  n->kind = k;
  n->pos = p;
  n->begin = p;
  ++count_;
  exprs_.push_back(std::move(n));
  return exprs_.back().get();
}

Stmt* Arena::stmt(StmtKind k, Pos p) {
  auto n = std::make_unique<Stmt>();
  n->kind = k;
  n->pos = p;
  ++count_;
  stmts_.push_back(std::move(n));
  return stmts_.back().get();
}

Item* Arena::item(ItemKind k, Pos p) {
  auto n = std::make_unique<Item>();
  n->kind = k;
  n->pos = p;
  ++count_;
  items_.push_back(std::move(n));
  return items_.back().get();
}

TypeExpr* Arena::type(TypeKind k, Pos p) {
  auto n = std::make_unique<TypeExpr>();
  n->kind = k;
  n->pos = p;
  ++count_;
  types_.push_back(std::move(n));
  return types_.back().get();
}

Block* Arena::block(Pos lbrace) {
  auto n = std::make_unique<Block>();
  n->lbrace = lbrace;
  ++count_;
  blocks_.push_back(std::move(n));
  return blocks_.back().get();
}

}  // namespace cairn::ast
