// Items every program may hold: the checksum folds, scalar helper functions (called from expressions),
// a bounded recursion, and a template with natural parameters with its instances and a family.
#pragma once
#include "fuzz/gen/context.h"

namespace cairn::fuzz {

// fold and folds: the checksum steps main uses.
void emit_fold_helpers(Ctx& c);
// One scalar helper function `hN`, registered for expressions.
void emit_helper(Ctx& c);
// A bounded recursion `recN`, registered for expressions with its depth fitted by callers.
void emit_recursion(Ctx& c);
// A template `gN[K:nat]`, some instances and a family, all registered for expressions.
void emit_template(Ctx& c);
// An integer constant `CN` of an exactly known value, visible in every function.
void emit_constant(Ctx& c);

}  // namespace cairn::fuzz
