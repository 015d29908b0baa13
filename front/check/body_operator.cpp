// Binary and unary operators (§4.2, §5.3): operand typing, the operator table, equal operand types.
#include "front/check/body_checker.h"

namespace cairn::check::body {

using ast::BinOp;

namespace {
bool numeric(const Type* t) { return t && t->kind == TypeKind::Scalar && t->scalar != Scalar::Bool; }
bool is_comparison(BinOp op) { return ast::binop_op(op) && sem::op_is_comparison(*ast::binop_op(op)); }
// Whether operand type t is in the typing class of ops.def row `op` (tag-only enums compare as u32).
bool admits(sem::Op op, const Type* t) {
  const sem::Typing typing = sem::op_row(op).typing;
  if (t->kind == TypeKind::Scalar) return sem::in_typing_class(typing, op, t->scalar);
  return typing == sem::Typing::Eq && is_tag_only_enum(t);
}
}  // namespace

// The operator's ops.def row decides which operand types it takes (the short-circuit && and || take bool);
// E-OPERATOR at the operator.
void Checker::operator_allows(BinOp op, const Type* t, Pos op_pos) {
  if (t->kind == TypeKind::Error) not_judged();
  const std::optional<sem::Op> row = ast::binop_op(op);
  if (row ? admits(*row, t) : is_bool(t)) return;
  std::string spelled = ast::binop_spelling(op);
  if (t->kind == TypeKind::View || t->kind == TypeKind::Buf || t->kind == TypeKind::Array)
    refuse(Code::Operator, op_pos, "View operators are not implicit loops: " + spelled + " is not defined for " +
                                       tname(t) + ".");
  if (t->kind == TypeKind::Record && (op == BinOp::Eq || op == BinOp::Ne))
    refuse(Code::Operator, op_pos, "Records are never compared with " + spelled + ": compare their fields.");
  refuse(Code::Operator, op_pos, "The operator " + spelled + " is not defined for " + tname(t) + ".");
}

// Two flexible operands typed together as one flexible expression (§4.1, last paragraph).
const Type* Checker::typed_pair(ast::Expr* a, ast::Expr* b, const Type* expected_both) {
  const Type* t = expected_both;
  if (!numeric(t)) {
    FlexShape f;
    flex_shape(a, f);
    flex_shape(b, f);
    t = flex_default(f);
  }
  type_flexible(a, t);
  type_flexible(b, t);
  return t;
}

const Type* Checker::binary(ast::Expr* e) {
  ast::Expr* a = e->a;
  ast::Expr* b = e->b;
  const BinOp op = e->bin;
  if (op == BinOp::And || op == BinOp::Or) {
    const Type* ta = check(a, boolean());
    operator_allows(op, ta, e->pos);
    const Type* tb = check(b, boolean());
    operator_allows(op, tb, e->pos);
    return set(e, boolean());
  }
  const Type* ta = nullptr;
  const Type* tb = nullptr;
  if (!partner_types(a, b, nullptr, ta, tb)) {
    const bool eq = op == BinOp::Eq || op == BinOp::Ne;
    const bool bare_left = eq && a->kind == ast::ExprKind::Name && !find_local(a->text) && !natural(a->text) &&
                           !lookup(a->text);
    if (bare_left) {
      tb = check(b, nullptr);
      ta = check(a, tb->kind == TypeKind::Sum ? tb : nullptr);
    } else {
      ta = check(a, nullptr);
      tb = check(b, eq && ta->kind == TypeKind::Sum ? ta : nullptr);
    }
  }
  operator_allows(op, ta, e->pos);
  operator_allows(op, tb, e->pos);
  if (ta != tb) mismatch(ta, tb, b->begin);
  return set(e, is_comparison(op) ? boolean() : ta);
}

const Type* Checker::unary(ast::Expr* e) {
  if (e->un == ast::UnOp::Not) {
    const Type* t = check(e->a, boolean());
    if (t->kind == TypeKind::Error) not_judged();
    if (!is_bool(t)) refuse(Code::Operator, e->pos, "! is defined for bool only, not " + tname(t) + ".");
    return set(e, t);
  }
  const Type* t = check(e->a, nullptr);
  if (t->kind == TypeKind::Error) not_judged();
  if (!admits(ast::unop_row(e->un).op, t)) {
    if (e->un == ast::UnOp::Neg)
      refuse(Code::Operator, e->pos, "Prefix - is defined for signed integers and floats, not " + tname(t) + ".");
    refuse(Code::Operator, e->pos, "~ is defined for unsigned types only, not " + tname(t) + ".");
  }
  return set(e, t);
}

}  // namespace cairn::check::body
