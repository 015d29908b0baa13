// Placeholder entries of the flow checks (delete when they land).
#include "front/check/phases.h"
namespace cairn::check {
void check_flow(Program&, FnInfo&, DiagSink&) {}
void check_effect_order(Program&, FnInfo&, DiagSink&) {}
}  // namespace cairn::check
