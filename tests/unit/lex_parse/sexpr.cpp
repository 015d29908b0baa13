// A compact S-expression rendering of expressions for precedence and postfix tests.
#include "lex_parse_helpers.h"

namespace cairn::testing {

std::string sexpr(const ast::Expr* e) {
  using ast::ExprKind;
  if (!e) return "null";
  switch (e->kind) {
    case ExprKind::IntLit: return (e->negative ? "-" : "") + std::to_string(e->int_value);
    case ExprKind::FloatLit: return (e->negative ? "-" : "") + e->text;
    case ExprKind::CharLit: return "c" + std::to_string(e->int_value);
    case ExprKind::StringLit: return "\"" + e->text + "\"";
    case ExprKind::BoolLit: return e->bool_value ? "true" : "false";
    case ExprKind::Name: return e->text;
    case ExprKind::Paren: return "(paren " + sexpr(e->a) + ")";
    case ExprKind::Unary: return std::string("(") + ast::unop_spelling(e->un) + " " + sexpr(e->a) + ")";
    case ExprKind::Try: return "(try " + sexpr(e->a) + ")";
    case ExprKind::Binary:
      return std::string("(") + ast::binop_spelling(e->bin) + " " + sexpr(e->a) + " " + sexpr(e->b) + ")";
    case ExprKind::Call: case ExprKind::Index: {
      std::string s = std::string(e->kind == ExprKind::Call ? "(call " : "(index ") + sexpr(e->a);
      for (const ast::Expr* a : e->args) s += " " + sexpr(a);
      return s + ")";
    }
    case ExprKind::Part: return "(part " + sexpr(e->a) + " " + sexpr(e->b) + " " + sexpr(e->c) + ")";
    case ExprKind::Field: return "(. " + sexpr(e->a) + " " + e->text + ")";
    case ExprKind::Compact:
      return "(compact " + sexpr(e->a) + " " + e->binder.name + " " + sexpr(e->b) + " " + sexpr(e->c) + " " +
             sexpr(e->d) + " " + sexpr(e->e) + ")";
    case ExprKind::Reduce:
      return "(reduce " + (e->reduce_is_binop ? std::string(ast::binop_spelling(e->bin)) : e->text) + " " +
             e->binder.name + " " + sexpr(e->b) + " " + sexpr(e->c) + " " + sexpr(e->e) + ")";
    case ExprKind::Unsupported: return "(unsupported " + e->text + ")";
  }
  return "?";
}

}  // namespace cairn::testing
