// Buf owners in main: made, moved into a record and into a by-value parameter, taken, swapped, reassigned.
#pragma once
#include "fuzz/gen/context.h"

namespace cairn::fuzz {

void feature_owners(Ctx& c);

}  // namespace cairn::fuzz
