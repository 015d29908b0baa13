// check_program: phases 3-5 of §0.4 in order, and the count of functions left without a verdict.
#include "front/check/check.h"

#include "front/check/phases.h"

namespace cairn::check {

namespace {

// Functions whose verdict a refusal withheld (tools.md §2.1): a refused body, or one whose row is unknown
// because it reaches a refused body.
uint32_t count_not_judged(const Program& program) {
  uint32_t n = 0;
  for (const FnInfo* fn : program.body_order)
    if (fn->body_refused || fn->row_unknown || !fn->body_checked) ++n;
  return n;
}

}  // namespace

CheckResult check_program(std::vector<ast::File>& files, ast::Arena& arena, const SourceSet& sources,
                          const CheckOptions& options, DiagSink& sink) {
  (void)sources;
  CheckResult r;
  r.program = std::make_unique<Program>();
  Program& program = *r.program;
  if (!declare_program(program, files, arena, options, sink)) {
    r.not_judged = static_cast<uint32_t>(program.body_order.size());
    return r;
  }
  // Phase 4: bodies in source order, each template's instances at its place.
  for (FnInfo* fn : program.body_order) {
    if (fn->body_refused) continue;  // refused in phase 3 (a test with parameters, an expression body)
    check_body(program, *fn, arena, sink);
    fn->body_checked = true;
    if (!fn->body_refused) check_flow(program, *fn, sink);
  }
  // Phase 5: rows and ceilings, operand order, whole-program rules.
  infer_effects(program, sink);
  for (FnInfo* fn : program.body_order)
    if (fn->body_checked && !fn->body_refused && !fn->row_unknown) check_effect_order(program, *fn, sink);
  check_whole_program(program, options, sink);
  if (!sink.empty()) r.not_judged = count_not_judged(program);
  return r;
}

}  // namespace cairn::check
