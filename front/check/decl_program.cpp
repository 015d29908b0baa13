// Phase 3 of §0.4: the declaration steps in order; the check ends after them when one refused a name,
// type, signature or constant (tools.md §2.1).
#include "front/check/decl_context.h"
#include "front/check/phases.h"

namespace cairn::check {

bool declare_program(Program& program, std::vector<ast::File>& files, ast::Arena& arena,
                     const CheckOptions& options, DiagSink& sink) {
  DeclContext cx(program, files, arena, options, sink);
  declare_modules_and_items(cx);
  declare_imports(cx);
  declare_constants(cx);
  declare_records_and_sums(cx);
  declare_signatures(cx);
  declare_instances(cx);
  declare_implements_links(cx);
  return !cx.fatal;
}

}  // namespace cairn::check
