// Statements: locals, assignments that keep every invariant, if/else, bounded for and while loops with break and
// continue, early returns, prints, asserts that hold by construction, and the checksum folds of main.
#pragma once
#include "fuzz/gen/context.h"
#include "fuzz/gen/expr.h"

namespace cairn::fuzz {

// `let [mut] NAME:T = e;` in the current scope; returns the new var.
Var declare_local(Ctx& c, Ty t, bool mut, int depth);
// `count` random statements at the current position, nesting up to `depth` more blocks.
void statements(Ctx& c, int count, int depth);
// One random statement.
void statement(Ctx& c, int depth);
// println of a label and a few scalar vars in scope (main only: helpers print nothing).
void print_state(Ctx& c);
// In main: ck = fold(ck, v) for one integer expression.
void fold_into_checksum(Ctx& c, const Expr& e);
// `if c { return e; }` inside a helper, widening the function's result interval.
void early_return(Ctx& c);

}  // namespace cairn::fuzz
