// Views and storage: view parameters with extents, parts, element loops, stack/buffer/Array storage, element
// swaps, compact and reduce, in functions and in main.
#pragma once
#include "fuzz/gen/context.h"

namespace cairn::fuzz {

void feature_views(Ctx& c);

}  // namespace cairn::fuzz
