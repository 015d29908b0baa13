// The emulator run of a board image, and the scratch build-and-run of the board engine.
#include "targets/board_run.h"

#include <filesystem>

#include "front/source/temp_dir.h"
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

BoardOutcome board_engine_run(const driver::CheckRun& run, const std::string& target, double timeout_s, int opt) {
  BoardOutcome o;
  BuildOptions b;
  b.target = target;
  b.opt = opt;
  b.trap_report = true;
  o.message = board_refusal(run, b, true);
  if (!o.message.empty()) return o;
  std::string scratch = make_temp_dir("cairn-board", o.message);
  if (scratch.empty()) return o;
  b.build_root = scratch;
  BuildResult built = build_native(run, b);
  o.build_seconds = built.seconds;
  if (built.status != BuildResult::Status::Built) {
    o.status = built.status == BuildResult::Status::Failed ? BoardOutcome::Status::BuildFailed
                                                           : BoardOutcome::Status::Refused;
    o.message = build_failure_text(built);
  } else {
    RunLimits limits;
    limits.timeout_s = timeout_s;
    o.run = run_board(*find_board(target), built.artifact, limits, true);
    o.run_seconds = o.run.process.seconds;
    o.size = built.image_size;
    o.status = BoardOutcome::Status::Ran;
  }
  std::error_code ec;
  std::filesystem::remove_all(scratch, ec);
  return o;
}

}  // namespace cairn::targets
