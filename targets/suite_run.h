// `cairn test` as a library (tools.md §2.7): select the blocks and contract files of a checked project,
// run every block in its own process (reference interpreter, or one native test executable), run the
// contracts as isolated calls (in the interpreter, or natively through the call harness), and decide the status.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "front/driver/driver.h"
#include "targets/native_build.h"
#include "targets/suite_report.h"

namespace cairn::targets {

struct TestOptions {
  bool native = true;
  BuildOptions build;                 // native: how the test executable is built (kind is set to Tests)
  std::optional<std::string> filter;  // blocks and contracts whose name contains it
  std::optional<std::string> only;    // the one block of exactly this qualified name
  unsigned jobs = 1;
  double timeout_s = 60;
  uint64_t memory_mib = 1024;
  // Replays a kept regressions file (cairn.regressions/1) against every implementation of its reference; the
  // caller supplies it (cairn validate's library sits above targets). Unset: such a file is `unknown`.
  std::function<FileOutcome(const std::string& fs_path, const std::string& display)> replay_regressions;
};

struct TestRun {
  std::string usage_error;            // set: the selection or a tests file is wrong (exit 2, nothing ran)
  std::string status;                 // passed-finite-tests, test-blocks-failed, failed-tests, no-tests, unknown
  std::vector<BlockOutcome> blocks;
  std::vector<FileOutcome> files;
  std::optional<BuildResult> build;   // native: the test executable's build, or the build that failed (no block ran)
  std::string build_what = "the test executable";  // what `build` built
  std::optional<BuildResult> call_build;  // native: the contracts' call harness (targets/native_call.h)
  int exit_code() const { return status == "passed-finite-tests" ? 0 : status == "unknown" || build_failed() ? 2 : 1; }
  bool build_failed() const { return build && build->status != BuildResult::Status::Built; }
};

// Runs the tests of a checked program (its outcome must be Typed).
TestRun run_tests(const driver::CheckRun& run, const TestOptions& options);

}  // namespace cairn::targets
