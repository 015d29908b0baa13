// Placeholder entries of the declaration and whole-program phases (delete when they land).
#include "front/check/phases.h"
namespace cairn::check {
bool declare_program(Program&, std::vector<ast::File>&, ast::Arena&, const CheckOptions&, DiagSink&) { return true; }
void infer_effects(Program&, DiagSink&) {}
void check_whole_program(Program&, const CheckOptions&, DiagSink&) {}
CheckResult check_program(std::vector<ast::File>&, ast::Arena&, const SourceSet&, const CheckOptions&, DiagSink&) {
  CheckResult r;
  r.program = std::make_unique<Program>();
  return r;
}
}  // namespace cairn::check
