// Placeholder entry of the body checker (delete when it lands).
#include "front/check/phases.h"
namespace cairn::check {
void check_body(Program&, FnInfo&, ast::Arena&, DiagSink&) {}
}  // namespace cairn::check
