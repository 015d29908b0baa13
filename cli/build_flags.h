// The build flags `build`, `run` and `test` share (tools.md §2.5): --cc, --opt, --keep-guards, --debug,
// --sanitize, --kind, read into targets::BuildOptions.
#pragma once
#include <string>

#include "cli/args.h"
#include "front/driver/driver.h"
#include "targets/native_build.h"

namespace cairn::cli {

// False with `error` (a usage error's sentence) when a value is not one the flag takes.
bool read_build_flags(const Args& args, targets::BuildOptions& o, std::string& error);

// Where a build of the program at PATH goes, and the manifest it hashes.
void place_build(const std::string& path, const driver::CheckRun& run, targets::BuildOptions& o);

}  // namespace cairn::cli
