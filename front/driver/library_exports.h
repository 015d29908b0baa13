// Which functions a library exports (language spec §14.4): the one rule the check record's library_functions,
// the C header, its cf_ entries and the library's cairn_ symbols share.
#pragma once

#include "front/check/sema.h"

namespace cairn::driver {

// Every function of the project's own sources: private ones, implementations, the instances of its templates and
// so the members of its families. Not tests, not functions of a dependency, not `main` (a program's entry, never a
// library's), and not a template itself, which is its instances (a template with no instance exports nothing).
bool library_exports(const check::FnInfo& fn, const check::Program& program);

}  // namespace cairn::driver
