// `cairn doc`'s Markdown reference (tools.md §7): the checked program's public (`pub`) constants, records, sums
// and functions, module by module, each with its doc comment, signature and inferred effect row; a template with
// its natural parameters and the instances that exist. Deterministic: modules and items in source order.
#pragma once
#include <string>
#include <vector>

#include "front/check/sema.h"

namespace cairn::driver {

// `modules`: the module paths to document ("" the root namespace); empty: every module of the program's own
// sources (a dependency's modules are documented only when named).
std::string doc_markdown(const check::Program& program, const std::string& title, const std::vector<std::string>& modules);

}  // namespace cairn::driver
