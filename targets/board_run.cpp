// The emulator run of a board image, and the board engine's availability.
#include "targets/board_run.h"

#include "targets/board_build.h"
#include "targets/exec.h"

namespace cairn::targets {

namespace {

// Takes the trap report off the end of the UART's output: the report is the last thing the image writes.
std::string split_trap_report(std::string& out) {
  size_t at = out.rfind("trap: ");
  if (at == std::string::npos || out.empty() || out.back() != '\n') return "";
  std::string line = out.substr(at);
  if (line.find('\n') != line.size() - 1 || line.find(" at ") == std::string::npos) return "";
  out.resize(at);
  return line;
}

}  // namespace

std::vector<std::string> board_run_command(const Board& board, const std::string& image, const std::string& append) {
  std::vector<std::string> cmd = board.emulator;
  cmd.push_back(image);
  if (!append.empty()) {
    cmd.push_back("-append");
    cmd.push_back(append);
  }
  return cmd;
}

ProgramRun run_board(const Board& board, const std::string& image, const RunLimits& limits, bool trap_report,
                     const std::string& append) {
  ProgramRun out;
  ExecSpec spec;
  spec.argv = board_run_command(board, image, append);
  ProcessOptions opts;
  opts.timeout_s = limits.timeout_s > 0 ? limits.timeout_s : kBoardDefaultTimeout;
  opts.capture = true;     // the UART: a trap report is taken off its end
  opts.null_stdin = true;  // the image reads nothing, and the emulator leaves the terminal alone
  out.process = run_program(spec, opts);
  if (trap_report && out.process.status == 134) out.trap_report = split_trap_report(out.process.out);
  return out;
}

std::string board_engine_unavailable(const std::string& target) {
  std::optional<Board> board = find_board(target);
  if (!board) return "no freestanding target \"" + target + "\"";
  return board_missing(*board, true);
}

}  // namespace cairn::targets
