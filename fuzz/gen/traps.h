// The intended trap that about one program in ten ends with, after its last print (tools.md §6.1).
#pragma once
#include "fuzz/gen/context.h"

namespace cairn::fuzz {

// Writes statements into main that certainly trap, of a randomly chosen kind.
void emit_intended_trap(Ctx& c);

}  // namespace cairn::fuzz
