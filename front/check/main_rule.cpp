// Phase 5: main (§15.5): in an executable exactly one main, without parameters, returning i32 or nothing.
#include <algorithm>

#include "front/check/impl_rules.h"

namespace cairn::check {

void check_main(Program& program, const CheckOptions& options, DiagSink& sink) {
  std::vector<FnInfo*> mains;
  for (FnInfo& fn : program.fns)
    if (fn.name == "main" && !fn.is_test && !fn.template_of && !fn.in_dependency) mains.push_back(&fn);
  std::sort(mains.begin(), mains.end(), [](const FnInfo* a, const FnInfo* b) { return a->name_pos < b->name_pos; });
  program.main = mains.empty() ? nullptr : mains[0];
  if (options.is_library) return;
  if (mains.empty()) {
    sink.report(Code::Main, Pos{options.own_files_begin, 1, 1},
                "An executable needs a main function: fn main() -> i32 { ... }.", Phase::WholeProgram);
    return;
  }
  if (mains.size() > 1)
    sink.report(Code::Main, mains[1]->name_pos, "main is declared more than once; an executable has exactly one.",
                Phase::WholeProgram);
  const FnInfo& m = *mains[0];
  const Type* r = m.result;
  if (m.is_template)
    sink.report(Code::Main, m.name_pos, "main takes no natural parameters.", Phase::WholeProgram);
  else if (!m.params.empty() || (m.decl && !m.decl->params.empty()))
    sink.report(Code::Main, m.name_pos, "main takes no parameters.", Phase::WholeProgram);
  else if (r && r->kind != TypeKind::Void && r->kind != TypeKind::Error &&
           !(r->kind == TypeKind::Scalar && r->scalar == Scalar::I32))
    sink.report(Code::Main, m.name_pos, "main returns i32 or nothing, not " + type_name(r) + ".", Phase::WholeProgram);
}

}  // namespace cairn::check
