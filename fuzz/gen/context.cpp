// Scope lookups and the source writer of the generator's context.
#include "fuzz/gen/context.h"

namespace cairn::fuzz {

std::string Code::text() const {
  std::string s;
  for (const std::string& l : lines_) {
    s += l;
    s += '\n';
  }
  return s;
}

std::vector<const Var*> Ctx::vars(Ty t, bool assignable_only) const {
  std::vector<const Var*> r;
  if (!assignable_only)
    for (const Var& v : constants)
      if (v.ty == t) r.push_back(&v);
  for (const auto& scope : scopes)
    for (const Var& v : scope)
      if (v.ty == t && (!assignable_only || v.assignable)) r.push_back(&v);
  return r;
}

std::vector<const Var*> Ctx::all_vars(bool assignable_only) const {
  std::vector<const Var*> r;
  if (!assignable_only)
    for (const Var& v : constants) r.push_back(&v);
  for (const auto& scope : scopes)
    for (const Var& v : scope)
      if (!assignable_only || v.assignable) r.push_back(&v);
  return r;
}

std::vector<const Helper*> Ctx::helpers_returning(Ty t) const {
  std::vector<const Helper*> r;
  for (const Helper& h : helpers)
    if (h.ret == t) r.push_back(&h);
  return r;
}

}  // namespace cairn::fuzz
