// Flexible expressions (§4.1) and the order in which constants are folded (§11).
#include "front/check/const_flex.h"

#include <map>

#include "front/check/lookup.h"

namespace cairn::check {

using ast::Expr;
using ast::ExprKind;

bool is_arith_or_bitwise(ast::BinOp op) {
  using ast::BinOp;
  return op == BinOp::Add || op == BinOp::Sub || op == BinOp::Mul || op == BinOp::Div || op == BinOp::Rem ||
         op == BinOp::BitAnd || op == BinOp::BitOr || op == BinOp::BitXor;
}
bool is_comparison_op(ast::BinOp op) {
  using ast::BinOp;
  return op == BinOp::Eq || op == BinOp::Ne || op == BinOp::Lt || op == BinOp::Le || op == BinOp::Gt ||
         op == BinOp::Ge;
}

// A flexible expression (§4.1): literals combined by arithmetic, bitwise and prefix - ~.
bool is_flexible(const Expr* e) {
  switch (e->kind) {
    case ExprKind::IntLit:
    case ExprKind::FloatLit:
    case ExprKind::CharLit: return true;
    case ExprKind::Paren: return is_flexible(e->a);
    case ExprKind::Unary: return e->un != ast::UnOp::Not && is_flexible(e->a);
    // the right operand first: in a left-nested chain (x + 1 + 2 ...) it settles most answers at once
    case ExprKind::Binary: return is_arith_or_bitwise(e->bin) && is_flexible(e->b) && is_flexible(e->a);
    default: return false;
  }
}

void flex_shape(const Expr* e, FlexShape& s) {
  switch (e->kind) {
    case ExprKind::IntLit:
      s.all_char = false;
      s.has_negative |= e->negative;
      return;
    case ExprKind::FloatLit:
      s.all_char = false;
      s.has_float = true;
      s.has_negative |= e->negative;
      return;
    case ExprKind::CharLit: return;
    case ExprKind::Paren: flex_shape(e->a, s); return;
    case ExprKind::Unary:
      if (e->un == ast::UnOp::Neg) s.has_negative = true;
      flex_shape(e->a, s);
      return;
    case ExprKind::Binary:
      flex_shape(e->a, s);
      flex_shape(e->b, s);
      return;
    default: return;
  }
}
Scalar default_type(const FlexShape& s) {
  if (s.has_float) return Scalar::F64;
  if (s.has_negative) return Scalar::I64;
  if (s.all_char) return Scalar::U8;
  return Scalar::U64;
}

namespace {

// The constants an initializer names, syntactically (plain or through an import alias).
std::vector<ConstInfo*> named_constants(const Program& p, const ConstInfo& c) {
  std::vector<ConstInfo*> out;
  std::vector<const Expr*> work{c.decl->init};
  while (!work.empty()) {
    const Expr* e = work.back();
    work.pop_back();
    if (!e) continue;
    const ConstInfo* found = nullptr;
    if (e->kind == ExprKind::Name) {
      found = lookup_item(p, *c.module, e->text).constant();
    } else if (e->kind == ExprKind::Field && e->a && e->a->kind == ExprKind::Name) {
      if (const ModuleInfo* m = lookup_alias(*c.module, e->a->text)) {
        ItemRef r;
        if (lookup_in(*c.module, *m, e->text, &r) != LookupStatus::NotFound) found = r.constant();
      }
    }
    if (found) out.push_back(const_cast<ConstInfo*>(found));
    for (const Expr* k : {e->a, e->b, e->c, e->d, e->e}) work.push_back(k);
    for (const Expr* k : e->args) work.push_back(k);
  }
  return out;
}

}  // namespace

std::vector<ConstInfo*> constant_dependency_order(Program& program) {
  std::vector<ConstInfo*> order;
  std::map<const ConstInfo*, uint8_t> mark;  // 1: on the path, 2: done
  for (ConstInfo& root : program.consts) {
    if (mark[&root]) continue;
    std::vector<std::pair<ConstInfo*, std::vector<ConstInfo*>>> stack;
    stack.push_back({&root, named_constants(program, root)});
    mark[&root] = 1;
    while (!stack.empty()) {
      auto& [c, deps] = stack.back();
      if (!deps.empty()) {
        ConstInfo* d = deps.back();
        deps.pop_back();
        if (!mark[d]) {
          mark[d] = 1;
          stack.push_back({d, named_constants(program, *d)});
        }
        continue;
      }
      mark[c] = 2;
      order.push_back(c);
      stack.pop_back();
    }
  }
  return order;
}

}  // namespace cairn::check
