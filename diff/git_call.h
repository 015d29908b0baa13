// One git command for `cairn diff` (tools.md §4.1): run in the current directory with only the environment
// git needs, stdin from /dev/null or the given bytes, stdout captured, stopped with all it started at its limit.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace cairn::diff {

struct GitCall {
  std::vector<std::string> args;  // after `git`, e.g. {"rev-parse", "--show-toplevel"}
  std::string input;              // written to git's stdin ("" : stdin from /dev/null)
  double timeout_s = 60;          // the whole process group is killed at this limit
  size_t out_limit = size_t{16} << 20;  // bytes of stdout kept; more is a failure
};

struct GitOutput {
  bool ran = false;     // git started and ended by itself, within its limits
  int status = 0;       // its exit status (when it ran)
  std::string out;      // its stdout
  std::string err;      // its stderr (at most 64 KiB)
  std::string failure;  // one sentence when it did not run: not installed, could not start, ran past a limit
};

// Runs the call. Never throws.
GitOutput run_git(const GitCall& call);

// The environment git runs with: LC_ALL=C, no prompt, no pager, no optional locks, no lazy fetch, and from
// cairn's own only what finds git and its configuration (PATH, HOME, XDG_CONFIG_HOME, GIT_CONFIG_* ...).
std::vector<std::string> git_environment();

// The first line of git's stderr, for an error sentence ("" when it wrote nothing).
std::string first_line(const std::string& text);

}  // namespace cairn::diff
