// Flexible expressions of §4.1: literals combined by arithmetic, bitwise and prefix operators, and their
// default type; shared by constant folding and whoever types literals.
#pragma once
#include <vector>

#include "front/check/sema.h"
#include "front/syntax/ast.h"

namespace cairn::check {

bool is_arith_or_bitwise(ast::BinOp op);
bool is_comparison_op(ast::BinOp op);
// A flexible expression: an integer, char or float literal, parenthesised, under unary - or ~, or a binary
// + - * / % & | ^ whose operands are all flexible.
bool is_flexible(const ast::Expr* e);

struct FlexShape {
  bool has_float = false, has_negative = false, all_char = true;
};
// Accumulates what rule 3 of §4.1 looks at (call it on both operands to type two flexible ones together).
void flex_shape(const ast::Expr* e, FlexShape& s);
// f64 with a float literal; else i64 with a negative literal or a prefix -; else u8 if all chars; else u64.
Scalar default_type(const FlexShape& s);

// Every constant, each after the constants its initializer names (an iterative post-order; members of a
// cycle in some order).
std::vector<ConstInfo*> constant_dependency_order(Program& program);

}  // namespace cairn::check
