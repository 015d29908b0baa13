// The build flags `build`, `run` and `test` share (tools.md §2.5): --cc, --opt, --keep-guards, --debug,
// --sanitize, --kind, --target, --trap-report, read into targets::BuildOptions.
#pragma once
#include <string>

#include <optional>

#include "cli/args.h"
#include "front/diag/report.h"
#include "front/driver/driver.h"
#include "targets/native_build.h"

namespace cairn::cli {

// False with `error` (a usage error's sentence) when a value is not one the flag takes.
bool read_build_flags(const Args& args, targets::BuildOptions& o, std::string& error);

// After the check: the target (--target, already given to the driver, or the manifest's) goes into `o`; for a
// freestanding target, the refusal before any compiler runs (language.md §14.7), an environment failure;
// nullopt lets the build go on.
std::optional<diag::Refusal> settle_target(const driver::CheckRun& run, targets::BuildOptions& o, bool to_run,
                                           bool kind_given);

// --header needs a hosted library built as one unit: the refusal (E-HEADER) of a freestanding `target` (--target's,
// before the check; the manifest's, after it) or, once the kind is known, of an executable; nullopt otherwise or
// without --header.
std::optional<diag::Refusal> header_refusal(const targets::BuildOptions& o, const std::string& target, bool kind_known);

// Where a build of the program at PATH goes, and the manifest it hashes.
void place_build(const std::string& path, const driver::CheckRun& run, targets::BuildOptions& o);

}  // namespace cairn::cli
