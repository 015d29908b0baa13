// Views and storage: view parameters with extents, parts, element loops, stack/buffer/Array storage, element
// swaps, compact and reduce, in functions and in main; and Buf owners moved, taken and swapped.
#pragma once
#include "fuzz/gen/context.h"

namespace cairn::fuzz {

void feature_views(Ctx& c);
void feature_owners(Ctx& c);

}  // namespace cairn::fuzz
