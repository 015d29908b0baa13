// Running a program's main under the limits of tools.md §2.6, by either engine: the reference interpreter
// in a forked child, or a native artifact. The trap report (§16.4) comes back on a side channel either way.
#pragma once
#include <string>
#include <vector>

#include "front/driver/driver.h"
#include "targets/process.h"

namespace cairn::targets {

struct RunLimits {
  double timeout_s = 0;      // 0: none
  uint64_t memory_mib = 1024;
  bool sanitized = false;    // a sanitizer build: no memory cap applies
};

struct ProgramRun {
  ProcessResult process;     // status as a shell reports it; captured streams when asked
  std::string trap_report;   // "trap: KIND at FILE:LINE\n" when the program trapped, else ""
  bool trapped() const { return !trap_report.empty() && process.status == 134; }
  std::string trap_what() const;  // "KIND at FILE:LINE"
};

// Runs `main` of a checked program in the reference interpreter, in a child.
ProgramRun run_interpreted(const driver::CheckRun& run, const RunLimits& limits, bool capture);

// Runs a native artifact with `args`, in a child.
ProgramRun run_native(const std::string& artifact, const std::vector<std::string>& args, const RunLimits& limits,
                      bool capture);

}  // namespace cairn::targets
