// The entry points of a lowered program: exe `main`, the test-block harness, library wrappers, the call harness.
#pragma once
#include <string>
#include <vector>

#include "lower/lower.h"

namespace cairn::lower {

// The C++ after every function: `symbols` are the functions' C++ symbols by Module::fns index.
std::string entry_points(const ir::Module& m, const SourceSet& sources, const std::vector<std::string>& symbols,
                         const Options& options);

// Why the call harness (Kind::Call) cannot call `fn`, or "" when it can: its parameters must be scalars, views
// of scalars or single borrows of scalars and its result a scalar or void; test blocks and templates are out.
std::string call_refusal(const check::FnInfo& fn);

// The name the call harness knows `fn` by (`--cairn-call NAME`): its qualified name.
std::string call_name(const check::FnInfo& fn);

}  // namespace cairn::lower
