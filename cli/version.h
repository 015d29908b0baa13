// The --version text: the toolchain version, its build commit and the linked solvers' versions.
#pragma once
#include <string>

namespace cairn::cli {
std::string version_text();
// "0.1.0": the version alone (SARIF logs name it).
std::string cairn_version();
// "cairn/0.1.0", as records name the compiler that made them.
std::string compiler_id();
}  // namespace cairn::cli
