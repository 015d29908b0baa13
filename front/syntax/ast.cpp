// The node arena and operator spellings.
#include "front/syntax/ast.h"

namespace cairn::ast {

const char* binop_spelling(BinOp op) {
  switch (op) {
    case BinOp::Or: return "||";
    case BinOp::And: return "&&";
    case BinOp::BitOr: return "|";
    case BinOp::BitXor: return "^";
    case BinOp::BitAnd: return "&";
    case BinOp::Eq: return "==";
    case BinOp::Ne: return "!=";
    case BinOp::Lt: return "<";
    case BinOp::Le: return "<=";
    case BinOp::Gt: return ">";
    case BinOp::Ge: return ">=";
    case BinOp::Add: return "+";
    case BinOp::Sub: return "-";
    case BinOp::Mul: return "*";
    case BinOp::Div: return "/";
    case BinOp::Rem: return "%";
  }
  return "?";
}

const char* unop_spelling(UnOp op) {
  switch (op) {
    case UnOp::Neg: return "-";
    case UnOp::Not: return "!";
    case UnOp::BitNot: return "~";
  }
  return "?";
}

const char* assignop_spelling(AssignOp op) {
  switch (op) {
    case AssignOp::Set: return "=";
    case AssignOp::Add: return "+=";
    case AssignOp::Sub: return "-=";
    case AssignOp::Mul: return "*=";
    case AssignOp::Div: return "/=";
    case AssignOp::Rem: return "%=";
    case AssignOp::BitAnd: return "&=";
    case AssignOp::BitOr: return "|=";
    case AssignOp::BitXor: return "^=";
  }
  return "?";
}

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
