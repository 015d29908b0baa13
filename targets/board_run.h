// Running a freestanding image under its target's emulator (language.md §14.7, tools.md §2.6, §6.2), and whether
// the board engine of a differential runner can run here (cairn fuzz builds its batch images with
// build_board_image of board_build.h).
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

// Whether the board engine can run here ("" when it can, else why not: missing cross compiler or emulator).
std::string board_engine_unavailable(const std::string& target);

}  // namespace cairn::targets
