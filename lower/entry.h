// The entry points of a lowered program: exe `main`, the test-block harness, library wrappers.
#pragma once
#include <string>
#include <vector>

#include "lower/lower.h"

namespace cairn::lower {

// The C++ after every function: `symbols` are the functions' C++ symbols by Module::fns index.
std::string entry_points(const ir::Module& m, const SourceSet& sources, const std::vector<std::string>& symbols,
                         const Options& options);

}  // namespace cairn::lower
