// Phase 5 helpers of the effect rules: float rounding facts and ceilings.
#pragma once
#include <cstdint>

#include "front/check/effects_graph.h"
#include "front/check/sema.h"

namespace cairn::check {

// Bit 0: the body itself rounds in f32; bit 1: in f64 (float + - * /, sqrt, rounding conversions,
// float reduce + and *, compound float assignment) — read from the checker's type annotations (§17.2).
uint8_t own_float_rounding(const FnInfo& fn);

// E-EFFECT-CEILING: every function whose row is known and exceeds its declared ceiling (§13.4).
void check_ceilings(Program& program, DiagSink& sink);

}  // namespace cairn::check
