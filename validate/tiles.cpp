// Tiles of an implementation (tools.md §5.2): integer literals of its condition and literal operands of `*`, `/`
// and `%` in its body, an instance's naturals counting as literals. Plan items (`vector`, `block`, `grain`, ...)
// and parallel regions are Stage 2 (not in the language yet), so they give no tiles here.
#include <string>

#include "front/check/ast_walk.h"
#include "front/check/expr_info.h"
#include "validate/cases.h"

namespace cairn::validate {
namespace {

constexpr uint64_t kLeastTile = 2;
constexpr uint64_t kLargestTile = uint64_t{1} << 20;

struct TileFinder {
  const check::FnInfo& impl;
  std::map<uint64_t, std::string> tiles;

  // The first reason found for a value wins.
  void add(uint64_t t, std::string why) {
    if (t < kLeastTile || t > kLargestTile) return;
    tiles.emplace(t, std::move(why));
  }

  static const ast::Expr* unparen(const ast::Expr* e) {
    while (e && e->kind == ast::ExprKind::Paren) e = e->a;
    return e;
  }

  // The natural an expression names (an instance's natural parameter), or nullptr.
  const std::pair<std::string, uint64_t>* natural(const ast::Expr* e) const {
    if (!e || e->kind != ast::ExprKind::Name) return nullptr;
    if (e->info && e->info->ref != check::NameRef::Natural) return nullptr;
    for (const auto& nv : impl.naturals)
      if (nv.first == e->text) return &nv;
    return nullptr;
  }

  static bool literal(const ast::Expr* e, uint64_t& v) {
    if (!e || e->kind != ast::ExprKind::IntLit || e->negative) return false;
    v = e->int_value;
    return true;
  }

  // Every integer literal and natural of the condition, left to right; `op` is the binary operator it is an
  // operand of (nullptr elsewhere, e.g. an argument of `min`).
  void condition(const ast::Expr* e, const char* op) {
    if (!e) return;
    uint64_t v = 0;
    std::string where = op ? std::string("the condition's ") + op + " " : std::string("the condition's literal ");
    if (literal(e, v)) return add(v, where + std::to_string(v));
    if (auto* nv = natural(e)) return add(nv->second, where + nv->first + " (the natural " + nv->first + " = " +
                                                          std::to_string(nv->second) + ")");
    if (e->kind == ast::ExprKind::Paren) return condition(e->a, op);
    if (e->kind == ast::ExprKind::Binary) {
      condition(e->a, ast::binop_spelling(e->bin));
      return condition(e->b, ast::binop_spelling(e->bin));
    }
    for (const ast::Expr* c : {e->a, e->b, e->c, e->d, e->e}) condition(c, nullptr);
    for (const ast::Expr* c : e->args) condition(c, nullptr);
  }

  void operand(const ast::Expr* e, const char* op) {
    e = unparen(e);
    uint64_t v = 0;
    if (literal(e, v)) return add(v, std::string("a literal ") + op + " " + std::to_string(v) + " in the body");
    if (auto* nv = natural(e)) add(nv->second, "the natural " + nv->first + " = " + std::to_string(nv->second));
  }

  static const char* tiling_op(ast::BinOp op) {
    switch (op) {
      case ast::BinOp::Mul: return "*";
      case ast::BinOp::Div: return "/";
      case ast::BinOp::Rem: return "%";
      default: return nullptr;
    }
  }
  static const char* tiling_assign(ast::AssignOp op) {
    switch (op) {
      case ast::AssignOp::Mul: return "*=";
      case ast::AssignOp::Div: return "/=";
      case ast::AssignOp::Rem: return "%=";
      default: return nullptr;
    }
  }

  // Literal operands of `*`, `/`, `%` in the body, in the walk's order (parents before children); the compound
  // assignments `*=`, `/=`, `%=` count as these operators (a decision: the spec names only the operators).
  void body() {
    check::AstVisitor v;
    v.on_expr = [this](ast::Expr* e) {
      if (e->kind != ast::ExprKind::Binary) return;
      if (const char* op = tiling_op(e->bin)) {
        operand(e->a, op);
        operand(e->b, op);
      }
    };
    v.on_stmt = [this](ast::Stmt* s) {
      if (s->kind != ast::StmtKind::Assign) return;
      if (const char* op = tiling_assign(s->assign)) operand(s->expr2, op);
    };
    check::walk_fn_body(impl.decl, v);
  }
};

}  // namespace

std::map<uint64_t, std::string> find_tiles(const check::FnInfo& impl) {
  TileFinder f{impl, {}};
  if (!impl.decl) return {};
  f.condition(impl.decl->when, nullptr);
  f.body();
  return std::move(f.tiles);
}

}  // namespace cairn::validate
