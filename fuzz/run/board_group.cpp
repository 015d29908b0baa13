// A group start's command line and the cutting of its UART bytes at the members' end lines.
#include "fuzz/run/board_group.h"

#include "targets/board_run.h"

namespace cairn::fuzz {

namespace {

// "\x1e" kEndWord " NONCE MEMBER ": everything of an end line before the status.
std::string end_prefix(const std::string& nonce, size_t member) {
  return "\x1e" + std::string(kEndWord) + " " + nonce + " " + std::to_string(member) + " ";
}

}  // namespace

std::string group_append(const std::string& nonce, const std::vector<size_t>& members) {
  std::string s = std::string(kGroupWord) + " " + nonce;
  for (size_t m : members) s += " " + std::to_string(m);
  return s;
}

std::string group_end_line(const std::string& nonce, size_t member, int status) {
  return end_prefix(nonce, member) + std::to_string(status) + "\n";
}

GroupSplit split_group_output(const std::string& out, const std::string& nonce, const std::vector<size_t>& members) {
  GroupSplit g;
  size_t at = 0;
  for (size_t m : members) {
    std::string prefix = end_prefix(nonce, m);
    size_t line = out.find(prefix, at);
    if (line == std::string::npos) break;
    size_t digits = line + prefix.size(), end = digits;
    int status = 0;
    while (end < out.size() && end - digits < 3 && out[end] >= '0' && out[end] <= '9')
      status = status * 10 + (out[end++] - '0');
    if (end == digits || end >= out.size() || out[end] != '\n' || status > 255) break;
    g.done.push_back({out.substr(at, line - at), status});
    at = end + 1;
  }
  g.rest = out.substr(at);
  return g;
}

GroupStart start_group(const targets::Board& board, const std::string& image, const std::vector<size_t>& members,
                       double timeout_s, const std::string& nonce) {
  targets::RunLimits limits;
  limits.timeout_s = timeout_s;
  targets::ProgramRun run = targets::run_board(board, image, limits, true, group_append(nonce, members));
  GroupStart g;
  if (!run.process.started) return g;
  GroupSplit split = split_group_output(run.process.out, nonce, members);
  for (auto& [out, status] : split.done) {
    Outcome o;
    o.end = Outcome::End::Exited;
    o.exit = status;
    o.out = std::move(out);
    g.done.push_back(std::move(o));
  }
  // The bytes after the last end line are the trapping member's only when nothing was cut off the capture.
  if (g.done.size() < members.size() && run.trapped() && !run.process.timed_out && !run.process.out_truncated) {
    targets::ProgramRun cut = run;
    cut.process.out = std::move(split.rest);
    g.cut = outcome_of(cut);
  }
  return g;
}

}  // namespace cairn::fuzz
