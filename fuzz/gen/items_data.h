// Data items and their use in main: records (single borrows, field writes, unpacking), tag enums, payload sums
// with match.
#pragma once
#include "fuzz/gen/context.h"

namespace cairn::fuzz {

void feature_record(Ctx& c);
void feature_tag_enum(Ctx& c);
void feature_payload_sum(Ctx& c);

}  // namespace cairn::fuzz
