// The reference an implementation names (§17.2, E-IMPLEMENTS).
#pragma once
#include <string>

#include "front/check/sema.h"

namespace cairn::check {

struct ReferenceCheck {
  FnInfo* ref = nullptr;  // set when the reference is suitable
  Pos pos;                // otherwise: where E-IMPLEMENTS points, and why
  std::string message;
};

// For a function item with `implements f`: f must be a function of the same module that is not a test,
// main, a template, a family member or itself an implementation.
ReferenceCheck find_reference(const Program& program, const FnInfo& impl);

}  // namespace cairn::check
