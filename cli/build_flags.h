// The build flags `build`, `run` and `test` share: --cc, --opt, --keep-guards, --debug,
// --sanitize, --kind, --target, --trap-report, read into targets::BuildOptions (the
// policy that follows the check is targets/build_policy.h).
#pragma once
#include <string>

#include "cli/args.h"
#include "targets/native_build.h"

namespace cairn::cli {

// False with `error` (a usage error's sentence) when a value is not one the flag takes.
bool read_build_flags(const Args& args, targets::BuildOptions& o, std::string& error);

}  // namespace cairn::cli
