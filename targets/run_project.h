// `cairn run` as a library: checks the project at a path, builds it (native) or compiles it for the interpreter,
// runs its main in a child under the limits, and gives the cairn.run/1 record, cairn's own lines about the run
// and the exit status. The command line only reads the flags and prints what comes back.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "front/diag/report.h"
#include "targets/native_build.h"
#include "targets/program_run.h"

namespace cairn::targets {

constexpr double kRunDefaultTimeout = 600;  // seconds, on the hosted target

struct RunRequest {
  std::string path = ".";                 // a file, a project directory or its manifest
  bool native = true;                     // false: the reference interpreter
  BuildOptions build;                     // the build flags (native); build.target is --target's
  bool kind_given = false;                // --kind was written
  double timeout_s = kRunDefaultTimeout;  // 0: none (the board's own limit on aarch64-virt)
  bool timeout_given = false;             // --timeout was written (the message names the default otherwise)
  std::string timeout_text;               // --timeout as written, for the message
  uint64_t memory_mib = 1024;
  std::vector<std::string> program_args;  // after `--`
  bool record = false;                    // the cairn.run/1 record is asked: the program's streams are captured
  int trap_fd = -1;                       // CAIRN_TRAP_FD, -1 when off: the trap report is passed on there
};

struct RunOutcome {
  std::optional<diag::Refusal> refusal;   // the run did not start: the check's refusal or an environment failure
  int exit_status = 0;                    // what cairn exits with
  std::optional<nlohmann::ordered_json> record;  // when asked (and the program ran, or its build failed)
  std::string echo_out, echo_err;         // without a record: what a board's UART and emulator wrote
  std::string trap_pass_on;               // the trap report, for the caller to write to RunRequest::trap_fd
  std::vector<std::string> lines;         // cairn's own lines about the run, for standard error (after the above)
};

RunOutcome run_project(const RunRequest& request);

// CAIRN_TRAP_FD as docs/commands.md reads it: digits only, at most 10, at most 2^31 - 1; -1 when unset or otherwise.
int trap_fd_from_env();

}  // namespace cairn::targets
