// Phase 3: links each implementation (and each instance of one) to its reference, so that rows can join
// them (§17.2); unsuitable references are refused in phase 5 (impl_rules.cpp).
#include "front/check/decl_context.h"
#include "front/check/impl_reference.h"

namespace cairn::check {

void declare_implements_links(DeclContext& cx) {
  for (FnInfo& fn : cx.program.fns) {
    if (fn.template_of || fn.is_test || !fn.decl || !fn.decl->has_implements) continue;
    ReferenceCheck rc = find_reference(cx.program, fn);
    if (!rc.ref) continue;
    fn.implements = rc.ref;
    if (fn.is_template) {
      for (FnInfo* inst : fn.instances) {
        inst->implements = rc.ref;
        rc.ref->implementations.push_back(inst);
      }
    } else {
      rc.ref->implementations.push_back(&fn);
    }
  }
}

}  // namespace cairn::check
