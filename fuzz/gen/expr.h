// Expressions of a given type, with the interval their value is proven to lie in: integer expressions are
// well-typed and never trap by construction (operands are fitted with min/max before any checked operation).
#pragma once
#include <string>

#include "fuzz/gen/context.h"

namespace cairn::fuzz {

struct Expr {
  std::string text;
  Ty ty = Ty::U32;
  Interval iv;       // integers only
  bool lit = false;  // a lone literal: flexible, typed by its context (language.md §4.1)
};

// An integer literal inside `within` (which lies inside full(t)), biased towards edges and small values.
Expr int_literal(Ctx& c, Ty t, Interval within);
// An integer expression of type t.
Expr int_expr(Ctx& c, Ty t, int depth);
// e clamped into `target` (a sub-interval of full(e.ty) that meets e.iv or not): min/max around it when needed.
Expr fit(Ctx& c, const Expr& e, Interval target);
// An integer expression of type t whose value lies in `target`.
Expr int_in(Ctx& c, Ty t, Interval target, int depth);
// A lone literal written as a conversion T(lit), so it has a type of its own wherever it stands.
Expr anchored(const Expr& e);
// An expression of bool type.
Expr bool_expr(Ctx& c, int depth);
// A float expression of type t (f32 or f64): only correctly rounded or exact operations.
Expr float_expr(Ctx& c, Ty t, int depth);
// A float literal of type t.
Expr float_literal(Ctx& c, Ty t);
// An expression of any scalar type t.
Expr scalar_expr(Ctx& c, Ty t, int depth);
// A random integer type (usize included).
Ty random_int_type(Ctx& c);
// The construct naming scalar type t.
Construct construct_of(Ty t);

}  // namespace cairn::fuzz
