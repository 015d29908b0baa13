// `cairn graph`'s module graph for build systems (tools.md §7): each source file's modules, imports, exports and
// dependents, a topological order of the files, their source hashes, and (with interfaces) each module's interface
// hash, which changes only when a public signature or effect row (or a public type or constant) does.
#pragma once
#include <nlohmann/json.hpp>

#include "front/driver/driver.h"

namespace cairn::driver {

// The cairn.graph/1 record of a checked run.
nlohmann::ordered_json module_graph(const CheckRun& run, bool interfaces);

// The human form: one block per file in topological order.
std::string module_graph_text(const nlohmann::ordered_json& graph);

}  // namespace cairn::driver
