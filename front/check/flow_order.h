// Phase 5 flow rules over one body once every row is final: operand order (§13.5) and the collector
// operand ceiling (§8.16, §13.4).
#pragma once
#include <string>

#include "front/check/flow_places.h"

namespace cairn::check::flow {

// The row a call contributes before renaming, or nullptr when it is unknown (a refused callee).
// Builtins get the row §7.1 gives them; `scratch` holds it.
const EffectRow* call_row(const ast::Expr* call, EffectRow& scratch, bool* writes);

// E-EFFECT-CEILING for every call in a collector's `where` or `yield` expression that writes, allocates or
// prints, and for take / swap / format there.
void check_collector_operand(const ast::Expr* operand, const std::string& prefix, DiagSink& sink);

}  // namespace cairn::check::flow
