// The runtime headers (runtime/*.h) built into cairn: a native build writes them beside the generated C++.
#pragma once
#include <string_view>
#include <vector>

namespace cairn::targets {

struct RuntimeFile {
  std::string_view name;   // "cairn_rt.h"
  std::string_view bytes;  // its exact contents
};

// Sorted by name.
const std::vector<RuntimeFile>& runtime_files();

}  // namespace cairn::targets
