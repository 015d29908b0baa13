// The --version text: the toolchain version, its build commit and the linked solvers' versions.
#pragma once
#include <string>

namespace cairn::cli {
std::string version_text();
}  // namespace cairn::cli
