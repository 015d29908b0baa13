// The target policy of a build, after the check: which target the build is for, what a freestanding target
// refuses before any compiler runs, what --header needs, and where the build directory goes. `cairn build`,
// `cairn run` and `cairn test` follow it; the command line only reads the flags into targets::BuildOptions.
#pragma once
#include <optional>
#include <string>

#include "front/diag/report.h"
#include "front/driver/driver.h"
#include "targets/native_build.h"

namespace cairn::targets {

// After the check: the target (--target, already given to the driver, or the manifest's) goes into `o`; for a
// freestanding target, the refusal before any compiler runs (docs/targets.md), an environment failure;
// nullopt lets the build go on. `to_run`: the build is for `cairn run`; `kind_given`: --kind was written.
std::optional<diag::Refusal> settle_target(const driver::CheckRun& run, BuildOptions& o, bool to_run, bool kind_given);

// --header needs a hosted library built as one unit: the refusal (E-HEADER) of a freestanding `target` (--target's,
// before the check; the manifest's, after it) or, once the kind is known, of an executable; nullopt otherwise or
// without --header.
std::optional<diag::Refusal> header_refusal(const BuildOptions& o, const std::string& target, bool kind_known);

// Where a build of the program at PATH goes, and the manifest it hashes.
void place_build(const std::string& path, const driver::CheckRun& run, BuildOptions& o);

}  // namespace cairn::targets
