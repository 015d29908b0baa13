// Sums in main: tag-only enums (with == and match) and payload sums matched with binders.
#pragma once
#include "fuzz/gen/context.h"

namespace cairn::fuzz {

void feature_tag_enum(Ctx& c);
void feature_payload_sum(Ctx& c);

}  // namespace cairn::fuzz
