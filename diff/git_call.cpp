// One git command for cairn diff: a forked child under the limits of targets/process.h that execs git, with
// a grandchild when git reads stdin (the child writes the bytes into a pipe, so nothing waits on cairn).
#include "diff/git_call.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <exception>
#include <span>

#include "targets/exec.h"
#include "targets/process.h"

namespace cairn::diff {

namespace {

constexpr size_t kErrKept = size_t{64} << 10;
constexpr char kCannotRun[] = "error: cairn could not run git\n";

// What the forked child needs, built before the fork so the child allocates nothing.
struct Prepared {
  std::string path;
  std::vector<std::string> args, env;
  std::vector<char*> argv, envp;
  const std::string* input = nullptr;

  void point() {
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    for (std::string& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);
  }
};

[[noreturn]] void exec_git(const Prepared& p) {
  execve(p.path.c_str(), p.argv.data(), p.envp.data());
  ssize_t ignored = write(2, kCannotRun, sizeof kCannotRun - 1);
  (void)ignored;
  _exit(127);
}

// In the child: git in a grandchild reading a pipe, which the child fills and closes; git's status back.
int exec_git_with_input(const Prepared& p) {
  int fds[2];
  if (pipe(fds) != 0) return 127;
  pid_t pid = fork();
  if (pid < 0) return 127;
  if (pid == 0) {
    dup2(fds[0], 0);
    close(fds[0]);
    close(fds[1]);
    exec_git(p);
  }
  close(fds[0]);
  signal(SIGPIPE, SIG_IGN);  // git may end before reading everything: its status tells why
  const char* data = p.input->data();
  size_t left = p.input->size();
  while (left > 0) {
    ssize_t n = write(fds[1], data, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    data += n;
    left -= static_cast<size_t>(n);
  }
  close(fds[1]);
  int ws = 0;
  while (waitpid(pid, &ws, 0) < 0) {
    if (errno != EINTR) return 127;
  }
  if (WIFEXITED(ws)) return WEXITSTATUS(ws);
  return WIFSIGNALED(ws) ? 128 + WTERMSIG(ws) : 127;
}

std::string seconds_text(double s) {
  if (s == static_cast<double>(static_cast<long long>(s))) return std::to_string(static_cast<long long>(s));
  std::string t = std::to_string(s);
  while (!t.empty() && t.back() == '0') t.pop_back();
  return t;
}

// "git rev-parse --show-toplevel", each argument shortened for a sentence.
std::string label(const std::vector<std::string>& args) {
  std::string text = "git";
  for (const std::string& a : args) text += " " + (a.size() > 60 ? a.substr(0, 57) + "..." : a);
  return text;
}

GitOutput run_prepared(const GitCall& call, Prepared& p) {
  GitOutput result;
  targets::ProcessOptions opts;
  opts.timeout_s = call.timeout_s;
  opts.capture = true;
  opts.capture_limit = std::max(call.out_limit, kErrKept);
  opts.null_stdin = true;
  targets::ProcessResult r = targets::run_process(
      [&p](std::span<const int>) { return p.input->empty() ? (exec_git(p), 127) : exec_git_with_input(p); }, opts);
  if (r.err.size() > kErrKept) r.err.resize(kErrKept);
  result.err = std::move(r.err);
  if (!r.started) {
    result.failure = label(call.args) + " could not start: " + r.error + ".";
  } else if (r.timed_out) {
    result.failure = label(call.args) + " ran past " + seconds_text(call.timeout_s) + " s and was stopped.";
  } else if (r.status == 127 && result.err.find(kCannotRun) != std::string::npos) {
    result.failure = label(call.args) + " could not start.";
  } else if (r.out_truncated || r.out.size() > call.out_limit) {
    result.failure = label(call.args) + " wrote more than " + std::to_string(call.out_limit) +
                     " bytes, more than cairn diff reads.";
  } else {
    result.ran = true;
    result.status = r.status;
    result.out = std::move(r.out);
  }
  return result;
}

}  // namespace

std::vector<std::string> git_environment() {
  std::vector<std::string> env = {"LC_ALL=C",  "GIT_TERMINAL_PROMPT=0", "GIT_PAGER=cat",
                                  "PAGER=cat", "GIT_OPTIONAL_LOCKS=0",  "GIT_NO_LAZY_FETCH=1"};
  for (const char* name : {"PATH", "HOME", "XDG_CONFIG_HOME", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM",
                           "GIT_CONFIG_NOSYSTEM", "GIT_CEILING_DIRECTORIES", "GIT_DISCOVERY_ACROSS_FILESYSTEM",
                           "GIT_EXEC_PATH"}) {
    const char* value = std::getenv(name);
    if (value) env.push_back(std::string(name) + "=" + value);
  }
  return env;
}

std::string first_line(const std::string& text) {
  size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string::npos) return "";
  size_t end = text.find('\n', start);
  std::string line = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '.')) line.pop_back();
  return line;
}

GitOutput run_git(const GitCall& call) {
  try {
    Prepared p;
    p.path = targets::find_on_path("git");
    if (p.path.empty()) {
      GitOutput none;
      none.failure = "git is not installed (no git on PATH).";
      return none;
    }
    p.args.push_back("git");
    p.args.insert(p.args.end(), call.args.begin(), call.args.end());
    p.env = git_environment();
    p.input = &call.input;
    p.point();
    return run_prepared(call, p);
  } catch (const std::exception& e) {
    GitOutput failed;
    failed.failure = label(call.args) + " could not run: " + e.what() + ".";
    return failed;
  } catch (...) {
    GitOutput failed;
    failed.failure = label(call.args) + " could not run.";
    return failed;
  }
}

}  // namespace cairn::diff
