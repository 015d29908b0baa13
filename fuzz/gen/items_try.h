// try: fallible steps over std.core's Option/Result and a program's own outcome sum, chained with try.
#pragma once
#include "fuzz/gen/context.h"

namespace cairn::fuzz {

void feature_try(Ctx& c);

}  // namespace cairn::fuzz
