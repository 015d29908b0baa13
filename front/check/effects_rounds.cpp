// Which float types a body rounds in (§17.2, E-IMPL-NUMERICS), read from the body checker's annotations.
#include "front/check/ast_walk.h"
#include "front/check/effects_rules.h"
#include "front/check/expr_info.h"

namespace cairn::check {

namespace {

uint8_t bit_of(const Type* t) {
  if (!t || t->kind != TypeKind::Scalar) return 0;
  if (t->scalar == Scalar::F32) return 1;
  if (t->scalar == Scalar::F64) return 2;
  return 0;
}

// A conversion to a float type rounds when some source value is not representable in it.
bool conversion_rounds(const Type* from, const Type* to) {
  if (!from || from->kind != TypeKind::Scalar || !is_float(to)) return false;
  if (from->scalar == Scalar::F64 && to->scalar == Scalar::F32) return true;
  if (!scalar_is_int(from->scalar)) return false;
  unsigned mantissa = to->scalar == Scalar::F32 ? 24 : 53;
  unsigned magnitude_bits = scalar_bits(from->scalar) - (scalar_is_signed(from->scalar) ? 1 : 0);
  return magnitude_bits > mantissa;
}

}  // namespace

uint8_t own_float_rounding(const FnInfo& fn) {
  if (!fn.decl || !fn.body_checked || fn.body_refused) return 0;
  uint8_t bits = 0;
  AstVisitor v;
  v.on_expr = [&](ast::Expr* e) {
    switch (e->kind) {
      case ast::ExprKind::Binary:
        if (e->bin == ast::BinOp::Add || e->bin == ast::BinOp::Sub || e->bin == ast::BinOp::Mul ||
            e->bin == ast::BinOp::Div)
          bits |= bit_of(e->type);
        return;
      case ast::ExprKind::Reduce:
        if (e->reduce_is_binop && (e->bin == ast::BinOp::Add || e->bin == ast::BinOp::Mul)) bits |= bit_of(e->type);
        return;
      case ast::ExprKind::Call:
        if (!e->info) return;
        if (e->info->call == CallKind::Builtin && e->info->builtin == Builtin::Sqrt) bits |= bit_of(e->type);
        if (e->info->call == CallKind::Conversion && !e->args.empty() &&
            conversion_rounds(e->args[0]->type, e->type))
          bits |= bit_of(e->type);
        return;
      default: return;
    }
  };
  v.on_stmt = [&](ast::Stmt* s) {
    if (s->kind == ast::StmtKind::Assign && s->assign != ast::AssignOp::Set && s->expr)
      bits |= bit_of(s->expr->type);
  };
  walk_fn_body(fn.decl, v);
  return bits;
}

}  // namespace cairn::check
