// Running a freestanding image under its target's emulator (language.md §14.7, tools.md §2.6, §6.2), and the
// whole board engine a differential runner uses: profile, cross build in a scratch directory, run, clean-up.
#pragma once
#include <string>

#include "front/driver/driver.h"
#include "targets/board.h"
#include "targets/native_build.h"
#include "targets/program_run.h"

namespace cairn::targets {

// A board run's time limit when none is given: an emulator is always stopped.
constexpr double kBoardDefaultTimeout = 300;

// The emulator's full command line for `image`; a non-empty `append` is the image's command line after its path
// (QEMU's -append, which the image reads by semihosting: cr_cmdline in start.S).
std::vector<std::string> board_run_command(const Board& board, const std::string& image,
                                           const std::string& append = "");

// Runs `image` under the emulator with the limits' timeout (kBoardDefaultTimeout when 0), its UART as the
// captured stdout and the emulator's exit status as the status. With `trap_report` (an image built with it),
// a trap's final `trap: KIND at FILE:LINE` line is taken off stdout into ProgramRun::trap_report.
ProgramRun run_board(const Board& board, const std::string& image, const RunLimits& limits, bool trap_report,
                     const std::string& append = "");

// The outcome of one program on a board, as the host engines give theirs (the qemu-aarch64 engine).
struct BoardOutcome {
  enum class Status : uint8_t {
    Ran,          // `run` holds stdout, the exit status and the trap report
    Refused,      // the profile refuses the program, or its tools are missing: `message`
    BuildFailed,  // the cross compiler refused generated code or the image was incomplete: `message`
  } status = Status::Refused;
  std::string message;
  ProgramRun run;
  ImageSize size;
  double build_seconds = 0, run_seconds = 0;
};

// Builds the checked program of `run` (Typed, with main) for `target` at -O`opt` with the trap report on, in
// a scratch directory under TMPDIR that is removed afterwards, and runs it with `timeout_s` (> 0).
BoardOutcome board_engine_run(const driver::CheckRun& run, const std::string& target, double timeout_s, int opt = 2);

// Whether the board engine can run here ("" when it can, else why not: missing cross compiler or emulator).
std::string board_engine_unavailable(const std::string& target);

}  // namespace cairn::targets
