// `cairn --version`: version, build commit (fixed at configure time), Z3 and cvc5 as linked.
#include "cli/version.h"

#include <z3.h>

#include <cvc5/cvc5.h>

#ifndef CAIRN_VERSION
#define CAIRN_VERSION "0.1.0"
#endif
#ifndef CAIRN_COMMIT
#define CAIRN_COMMIT "unknown"
#endif

namespace cairn::cli {

std::string cairn_version() { return CAIRN_VERSION; }

std::string compiler_id() { return std::string("cairn/") + CAIRN_VERSION; }

std::string version_text() {
  unsigned major = 0, minor = 0, build = 0, revision = 0;
  Z3_get_version(&major, &minor, &build, &revision);
  std::string cvc5_version;
  try {
    cvc5::Solver solver;
    cvc5_version = solver.getVersion();
  } catch (const std::exception&) {
    cvc5_version = "unavailable";
  }
  return std::string("cairn ") + CAIRN_VERSION + " (commit " + CAIRN_COMMIT + ")\nz3 " + std::to_string(major) + "." +
         std::to_string(minor) + "." + std::to_string(build) + "\ncvc5 " + cvc5_version + "\n";
}

}  // namespace cairn::cli
