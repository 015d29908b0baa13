// Records in main: positional construction, single borrows (ro and rw), field writes and unpacking.
#pragma once
#include "fuzz/gen/context.h"

namespace cairn::fuzz {

void feature_record(Ctx& c);

}  // namespace cairn::fuzz
