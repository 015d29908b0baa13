// place_unwinds: the explicit exits of the core IR (deferred calls placed, owner releases listed).
#pragma once
#include "semantics/ir.h"

namespace cairn::ir {

// Gives every exit of f (a block's end, return, try, break, continue) its Unwind (Node::unwind).
void place_unwinds(Module& m, Function& f);

}  // namespace cairn::ir
