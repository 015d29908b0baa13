// Phase 4 entry of the flow checks (§0.4): completion, then moves, linear values, defer and aliasing,
// which also record the body's own effect row, guard sites and call edges.
#include "front/check/flow_completion.h"
#include "front/check/flow_moves.h"
#include "front/check/phases.h"

namespace cairn::check {

namespace {
std::string base_name(const FnInfo& fn) {
  if (fn.template_of) return fn.template_of->name;
  return fn.decl ? fn.decl->name.name : fn.name;
}
}  // namespace

void check_flow(Program& program, FnInfo& fn, DiagSink& sink) {
  if (!fn.decl) return;
  std::string prefix = fn.template_of ? "in " + fn.name + ": " : "";
  bool needs_return = fn.result ? fn.result->kind != TypeKind::Void : fn.decl->result != nullptr;
  if (fn.is_test) needs_return = false;
  // Completion first (syntax only); E-RETURN waits while anything else in the body is refused (tools.md §2.1).
  int refused = flow::check_completion(fn.decl->body, needs_return, base_name(fn), prefix, false, sink);
  flow::MoveFlow moves(program, fn, sink, prefix);
  moves.run();
  refused += moves.refusals();
  if (refused == 0) flow::check_completion(fn.decl->body, needs_return, base_name(fn), prefix, true, sink);
}

}  // namespace cairn::check
