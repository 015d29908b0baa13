// Forked children for solver checks: own process group, death with the parent, address-space and CPU caps,
// a wall-time limit enforced by the parent with SIGKILL, the result read from a pipe.
#include "verify/child.h"
#include "base/address_space.h"
#include "base/isolate.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>

namespace cairn::smt {

namespace {

using Clock = std::chrono::steady_clock;


void write_all(int fd, const std::string& s) {
  size_t off = 0;
  while (off < s.size()) {
    ssize_t n = ::write(fd, s.data() + off, s.size() - off);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    off += static_cast<size_t>(n);
  }
}

// The child: its own group, dies with cairn, capped; the payload is framed by its length so a child that
// dies mid-write is told apart from one that finished.
[[noreturn]] void child_main(const ChildJob& job, int write_fd, uint64_t vm_at_fork, pid_t parent) {
  isolate_child(parent, 1);  // cairn ended before the death signal was armed: exit 1
  if (job.memory_extra && vm_at_fork) cap_address_space(vm_at_fork + job.memory_extra);
  if (job.hard_limit_ms) {
    // A second line of defence should the parent be stopped: CPU seconds past the wall limit.
    rlim_t cpu = job.hard_limit_ms / 1000 + 2;
    cap_cpu_seconds(cpu, cpu + 1);
  }
  std::string payload;
  try {
    payload = job.body();
  } catch (...) {
    _exit(70);
  }
  std::string frame = std::to_string(payload.size()) + "\n" + payload;
  write_all(write_fd, frame);
  ::close(write_fd);
  _exit(0);  // no static destructors, no atexit handlers of the parent's libraries
}

struct Live {
  pid_t pid = -1;
  int fd = -1;
  bool done = false;
  Clock::time_point start, deadline;
};

// Reads what a finished child framed: "LENGTH\nBYTES".
bool unframe(const std::string& raw, std::string& payload) {
  size_t nl = raw.find('\n');
  if (nl == std::string::npos || nl == 0 || nl > 20) return false;
  for (size_t i = 0; i < nl; ++i)
    if (raw[i] < '0' || raw[i] > '9') return false;
  size_t n = std::stoull(raw.substr(0, nl));
  if (raw.size() - nl - 1 != n) return false;
  payload = raw.substr(nl + 1);
  return true;
}

void finish(Live& l, ChildResult& r, bool killed, const std::string& raw) {
  if (killed) {
    kill(-l.pid, SIGKILL);
    kill(l.pid, SIGKILL);
  }
  int status = 0;
  while (waitpid(l.pid, &status, 0) < 0 && errno == EINTR) {
  }
  kill(-l.pid, SIGKILL);  // anything the child left in its group
  ::close(l.fd);
  l.done = true;
  r.milliseconds = std::chrono::duration<double, std::milli>(Clock::now() - l.start).count();
  if (killed) {
    r.end = ChildEnd::Killed;
    return;
  }
  if (WIFSIGNALED(status)) {
    r.end = ChildEnd::Crashed;
    r.signal = WTERMSIG(status);
    return;
  }
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
  if (r.exit_code == 0 && unframe(raw, r.payload)) {
    r.end = ChildEnd::Finished;
    return;
  }
  r.end = ChildEnd::Crashed;
  r.error = "the solver process exited with status " + std::to_string(r.exit_code) + " without an answer";
}

bool start(const ChildJob& job, Live& l, ChildResult& r) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    r.error = std::string("pipe: ") + std::strerror(errno);
    return false;
  }
  uint64_t vm = job.memory_extra ? current_vm_bytes() : 0;
  std::fflush(nullptr);  // nothing buffered is written twice
  l.start = Clock::now();
  l.deadline = l.start + std::chrono::milliseconds(job.hard_limit_ms ? job.hard_limit_ms : 24u * 3600 * 1000);
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid < 0) {
    r.error = std::string("fork: ") + std::strerror(errno);
    ::close(fds[0]);
    ::close(fds[1]);
    return false;
  }
  if (pid == 0) {
    ::close(fds[0]);
    child_main(job, fds[1], vm, parent);
  }
  isolate_in_parent(pid);
  ::close(fds[1]);
  l.pid = pid;
  l.fd = fds[0];
  return true;
}

}  // namespace

std::string signal_text(int sig) {
  switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGABRT: return "SIGABRT";
    case SIGKILL: return "SIGKILL";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGXCPU: return "SIGXCPU";
    case SIGTERM: return "SIGTERM";
    default: return "signal " + std::to_string(sig);
  }
}

std::vector<ChildResult> run_children(const std::vector<ChildJob>& jobs) {
  return run_children(jobs, 0, nullptr);
}

std::vector<ChildResult> run_children(std::vector<ChildJob> jobs, unsigned max_parallel, const Admit& admit) {
  std::vector<ChildResult> out(jobs.size());
  std::vector<Live> live(jobs.size());
  std::vector<std::string> raw(jobs.size());
  size_t next_job = 0, running = 0;
  size_t cap = max_parallel ? max_parallel : jobs.size();
  for (;;) {
    for (; next_job < jobs.size() && running < cap; ++next_job) {
      size_t i = next_job;
      live[i].done = true;
      if (admit && !admit(i, jobs[i])) {
        out[i].error = "skipped";
        continue;
      }
      if (!start(jobs[i], live[i], out[i])) continue;
      live[i].done = false;
      ++running;
    }
    std::vector<pollfd> fds;
    std::vector<size_t> who;
    Clock::time_point next = Clock::time_point::max();
    for (size_t i = 0; i < next_job; ++i) {
      if (live[i].done) continue;
      fds.push_back(pollfd{live[i].fd, POLLIN, 0});
      who.push_back(i);
      next = std::min(next, live[i].deadline);
    }
    if (fds.empty()) break;
    auto wait = std::chrono::duration_cast<std::chrono::milliseconds>(next - Clock::now()).count();
    int n = poll(fds.data(), fds.size(), static_cast<int>(std::max<long long>(0, std::min<long long>(wait + 1, 60000))));
    if (n < 0 && errno != EINTR) break;
    for (size_t k = 0; k < fds.size(); ++k) {
      size_t i = who[k];
      if (!(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      char buf[65536];
      ssize_t got = ::read(live[i].fd, buf, sizeof buf);
      if (got > 0) {
        raw[i].append(buf, static_cast<size_t>(got));
      } else if (got == 0 || (errno != EINTR && errno != EAGAIN)) {
        finish(live[i], out[i], false, raw[i]);
        --running;
      }
    }
    auto now = Clock::now();
    for (size_t i = 0; i < next_job; ++i)
      if (!live[i].done && now >= live[i].deadline) {
        finish(live[i], out[i], true, raw[i]);
        --running;
      }
  }
  for (size_t i = 0; i < live.size(); ++i)  // only when poll itself failed
    if (!live[i].done && live[i].pid > 0) finish(live[i], out[i], true, raw[i]);
  return out;
}

}  // namespace cairn::smt
