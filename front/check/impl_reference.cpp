// Finding and judging the reference of an implementation.
#include "front/check/impl_reference.h"

namespace cairn::check {

ReferenceCheck find_reference(const Program&, const FnInfo& impl) {
  ReferenceCheck rc;
  const ast::Item& it = *impl.decl;
  if (it.implements.empty()) return rc;
  rc.pos = it.implements[0].pos;
  std::string shown;
  for (size_t i = 0; i < it.implements.size(); ++i) shown += (i ? "." : "") + it.implements[i].name;
  if (it.implements.size() != 1) {
    rc.message = "An implementation's reference is a function of its own module, named without a module: " + shown + ".";
    return rc;
  }
  auto found = impl.module->items.find(shown);
  if (found == impl.module->items.end() || found->second.kind != ModuleInfo::Entry::Kind::Fn) {
    rc.message = "implements names no function of this module: " + shown + ".";
    return rc;
  }
  FnInfo* ref = static_cast<FnInfo*>(found->second.ptr);
  const char* why = nullptr;
  if (ref == &impl || (impl.template_of && ref == impl.template_of)) why = "itself";
  else if (ref->is_test) why = "a test";
  else if (ref->name == "main") why = "main";
  else if (ref->is_template) why = "a template";
  else if (ref->template_of) why = "a family member";
  else if (ref->decl && ref->decl->has_implements) why = "itself an implementation";
  if (why) {
    rc.message = "The reference " + shown + " is " + why + "; an implementation needs a plain function.";
    return rc;
  }
  rc.ref = ref;
  return rc;
}

}  // namespace cairn::check
