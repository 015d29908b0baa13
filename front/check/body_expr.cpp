// Expression typing: the dispatch over expression kinds, expected types and value uses (§4, §9.1).
#include "front/check/body_checker.h"

namespace cairn::check::body {

using ast::ExprKind;

const Type* Checker::check(ast::Expr* e, const Type* expected) {
  if (e->type) return e->type;  // typed once (a method's receiver is typed before it is passed)
  if (expected && expected->kind == TypeKind::Borrow) expected = expected->elem;
  if (is_flexible(e)) return flexible(e, expected);
  switch (e->kind) {
    case ExprKind::IntLit:
    case ExprKind::FloatLit:
    case ExprKind::CharLit: return flexible(e, expected);
    case ExprKind::StringLit: return string_literal(e);
    case ExprKind::BoolLit: {
      ConstValue cv;
      cv.type = Scalar::Bool;
      cv.bits = e->bool_value ? 1 : 0;
      info(e)->folded = cv;
      return set(e, boolean());
    }
    case ExprKind::Name: return name_expr(e, expected);
    case ExprKind::Paren: {
      const Type* t = check(e->a, expected);
      if (e->a->info) e->info = e->a->info;
      return set(e, t);
    }
    case ExprKind::Unary: return unary(e);
    case ExprKind::Try: return try_expr(e, false);
    case ExprKind::Binary: return binary(e);
    case ExprKind::Call: return call(e, expected);
    case ExprKind::Index: return index_expr(e);
    case ExprKind::Part:
      refuse(Code::ViewAlias, e->pos, "A part " + expr_text(e->a) +
                                          "[lo..hi] is a borrow: it exists only as a view argument of a call.");
    case ExprKind::Field: return field_expr(e, expected);
    case ExprKind::Compact:
    case ExprKind::Reduce:
      refuse(Code::CollectBinding, e->pos, "A collector must initialise a let of its own: let k = compact ...;");
    case ExprKind::Unsupported: not_judged();  // refused by the parser already
  }
  not_judged();
}

void Checker::require_type(ast::Expr* e, const Type* got, const Type* want) {
  if (got->kind == TypeKind::Error || want->kind == TypeKind::Error) not_judged();
  if (got == want) return;
  std::optional<std::string> help;
  if (want->kind == TypeKind::Scalar && got->kind == TypeKind::Scalar && want->scalar != Scalar::Bool &&
      got->scalar != Scalar::Bool)
    help = "convert explicitly: " + tname(want) + "(" + expr_text(e) + ")";
  mismatch(want, got, e->begin, help);
}

const Type* Checker::expect(ast::Expr* e, const Type* want) {
  const Type* t = check(e, want);
  require_type(e, t, want);
  return t;
}

// A use of e as a value (bound, returned, passed by value, stored): an owner cannot leave a field or
// element (E-PARTIAL-MOVE, §9.1, §12.2); moves of whole names are the flow checks' business.
const Type* Checker::value(ast::Expr* e, const Type* expected) {
  const Type* t = check(e, expected);
  const ast::Expr* p = e;
  while (p->kind == ExprKind::Paren) p = p->a;
  if ((p->kind == ExprKind::Field || p->kind == ExprKind::Index) && p->info && p->info->is_place &&
      type_kind(t) != Kind::Copy)
    refuse(Code::PartialMove, e->begin,
           "An owner cannot be moved out of a place; use take() or swap(): " + expr_text(e) + " is " + tname(t) + ".",
           "let x = take(" + expr_text(e) + ");");
  return t;
}

const Type* Checker::expect_value(ast::Expr* e, const Type* want) {
  const Type* t = value(e, want);
  require_type(e, t, want);
  return t;
}

}  // namespace cairn::check::body
