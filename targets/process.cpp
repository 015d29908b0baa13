// Forked children under limits: own process group, time limit, address-space cap, capture, side pipes.
#include "targets/process.h"
#include "base/address_space.h"
#include "base/isolate.h"
#include "base/interrupt_cleanup.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>

namespace cairn::targets {

namespace {


// Live child groups, for the interrupt handler (async-signal-safe: plain atomics).
constexpr int kSlots = 1024;
std::atomic<int> g_children[kSlots];

int remember(int pid) {
  for (int i = 0; i < kSlots; ++i) {
    int expected = 0;
    if (g_children[i].compare_exchange_strong(expected, pid)) return i;
  }
  return -1;
}
void forget(int slot) {
  if (slot >= 0) g_children[slot].store(0);
}

// Every live child group killed, then what base/interrupt_cleanup.h holds removed (temporary files,
// scratch directories), again while a child killed a moment ago may still be writing; then exit 128 + sig.
// Async-signal-safe: kill, nanosleep and the registry's system calls. A second signal (another thread, or
// SIGTERM during SIGINT) waits for the first handler's exit.
void on_interrupt(int sig) {
  static std::atomic<bool> started{false};
  if (started.exchange(true))
    for (;;) pause();
  for (int attempt = 0;; ++attempt) {
    for (int i = 0; i < kSlots; ++i) {
      int pid = g_children[i].load();
      if (pid > 0) kill(-pid, SIGKILL);
    }
    if (run_interrupt_cleanup() || attempt == 50) break;
    struct timespec pause_10ms = {0, 10'000'000};
    nanosleep(&pause_10ms, nullptr);
  }
  _exit(128 + sig);
}

// In the child: close every descriptor above 2 except those in `keep` (sorted).
void close_others(std::vector<int> keep) {
  std::sort(keep.begin(), keep.end());
  unsigned from = 3;
  for (int k : keep) {
    if (k < 3) continue;
    if (static_cast<unsigned>(k) > from) syscall(SYS_close_range, from, static_cast<unsigned>(k) - 1, 0);
    from = static_cast<unsigned>(k) + 1;
  }
  syscall(SYS_close_range, from, ~0u, 0);
}

[[noreturn]] void child_main(const std::function<int(std::span<const int>)>& body, const ProcessOptions& opts,
                             int out_w, int err_w, const std::vector<int>& chan_w, pid_t parent) {
  // Dies with cairn even when cairn is killed outright (no handler runs): the signal follows the forking
  // thread, which waits for this child in run_process. A parent already gone before that: end now.
  isolate_child(parent, 125);
  for (int s : {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT}) signal(s, SIG_DFL);
  if (opts.capture) {
    dup2(out_w, 1);
    dup2(err_w, 2);
  }
  if (opts.null_stdin) {
    int fd = open("/dev/null", O_RDONLY);
    if (fd >= 0 && fd != 0) {
      dup2(fd, 0);
      close(fd);
    }
  }
  close_others(chan_w);
  no_core_file();
  if ((opts.address_space_extra || opts.address_space_cap) && !kSanitizerBuild)
    cap_address_space(opts.address_space_cap ? opts.address_space_cap : current_vm_bytes() + opts.address_space_extra);
  if (opts.timeout_s > 0) {
    rlimit cpu = cpu_limit_for(opts.timeout_s);
    cap_cpu_seconds(cpu.rlim_cur, cpu.rlim_max);
  }
  int rc = 70;
  try {
    rc = body(std::span<const int>(chan_w.data(), chan_w.size()));
  } catch (...) {
    const char msg[] = "error: the child process of cairn failed with an exception\n";
    ssize_t ignored = write(2, msg, sizeof msg - 1);
    (void)ignored;
  }
  _exit(rc & 255);
}

struct Stream {
  int fd = -1;
  std::string* text = nullptr;
  bool* truncated = nullptr;
  size_t limit = 0;
};

// Reads what is available; closes the stream at end of file.
void drain(Stream& s) {
  char buf[65536];
  for (;;) {
    ssize_t n = read(s.fd, buf, sizeof buf);
    if (n > 0) {
      size_t room = s.limit > s.text->size() ? s.limit - s.text->size() : 0;
      size_t take = std::min(room, static_cast<size_t>(n));
      s.text->append(buf, take);
      if (take < static_cast<size_t>(n) && s.truncated) *s.truncated = true;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
    close(s.fd);
    s.fd = -1;
    return;
  }
}

}  // namespace

bool sanitized_build() { return kSanitizerBuild; }
bool thread_sanitized_build() { return kThreadSanitizerBuild; }

rlimit cpu_limit_for(double timeout_s) {
  // A quarter above the wall-clock limit and three seconds more: the wall-clock kill comes first while cairn lives
  // (a single-threaded child cannot use more CPU than wall time); the CPU limit is the backstop for a cairn that
  // was killed. SIGXCPU at the soft limit, SIGKILL one second later. The call servers' children compute the same
  // (runtime/rt_call_server.h, serve_child_limits).
  if (!(timeout_s < 1e12)) return rlimit{RLIM_INFINITY, RLIM_INFINITY};
  rlim_t s = static_cast<rlim_t>(timeout_s * 1.25) + 3;
  return rlimit{s, s + 1};
}

void cap_before_exec(const ProcessOptions& opts) {
  if (!kSanitizerBuild || !opts.address_space_cap) return;
  rlimit as{opts.address_space_cap, opts.address_space_cap};
  setrlimit(RLIMIT_AS, &as);
}

ProcessResult run_process(const std::function<int(std::span<const int>)>& body, const ProcessOptions& opts) {
  ProcessResult r;
  r.channels.resize(opts.channels);
  std::vector<int> pipes;  // read, write pairs: [out, err, channels...]
  unsigned npipes = (opts.capture ? 2 : 0) + opts.channels;
  for (unsigned i = 0; i < npipes; ++i) {
    int p[2];
    if (pipe2(p, O_CLOEXEC) != 0) {
      for (int fd : pipes) close(fd);
      r.error = std::string("cannot create a pipe: ") + std::strerror(errno);
      return r;
    }
    pipes.push_back(p[0]);
    pipes.push_back(p[1]);
  }
  auto rd = [&](unsigned i) { return pipes[2 * i]; };
  auto wr = [&](unsigned i) { return pipes[2 * i + 1]; };
  unsigned first_chan = opts.capture ? 2 : 0;
  std::vector<int> chan_w;
  for (unsigned i = 0; i < opts.channels; ++i) chan_w.push_back(wr(first_chan + i));

  std::fflush(stdout);
  std::fflush(stderr);
  auto start = std::chrono::steady_clock::now();
  pid_t parent = getpid(), pid = fork();
  if (pid < 0) {
    for (int fd : pipes) close(fd);
    r.error = std::string("cannot fork: ") + std::strerror(errno);
    return r;
  }
  if (pid == 0) child_main(body, opts, opts.capture ? wr(0) : -1, opts.capture ? wr(1) : -1, chan_w, parent);

  isolate_in_parent(pid);
  int slot = remember(pid);
  r.started = true;
  std::vector<Stream> streams;
  for (unsigned i = 0; i < npipes; ++i) {
    close(wr(i));
    fcntl(rd(i), F_SETFL, fcntl(rd(i), F_GETFL) | O_NONBLOCK);
    Stream s;
    s.fd = rd(i);
    if (opts.capture && i == 0) s = {rd(i), &r.out, &r.out_truncated, opts.capture_limit};
    else if (opts.capture && i == 1) s = {rd(i), &r.err, &r.err_truncated, opts.capture_limit};
    else s = {rd(i), &r.channels[i - first_chan], nullptr, size_t{64} << 20};
    streams.push_back(s);
  }
  int pidfd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
  auto deadline = start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                              std::chrono::duration<double>(opts.timeout_s));
  bool ended = false;  // the child has ended (a zombie until reaped) or was killed
  int wstatus = 0;
  for (;;) {
    std::vector<pollfd> fds;
    for (const Stream& s : streams)
      if (s.fd >= 0) fds.push_back({s.fd, POLLIN, 0});
    if (!ended && pidfd >= 0) fds.push_back({pidfd, POLLIN, 0});
    bool any_stream = std::any_of(streams.begin(), streams.end(), [](const Stream& s) { return s.fd >= 0; });
    if (ended && !any_stream) break;
    int wait_ms = pidfd >= 0 ? 1000 : 5;
    if (opts.timeout_s > 0 && !r.timed_out) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
      wait_ms = static_cast<int>(std::clamp<long long>(left + 1, 0, wait_ms));
    }
    if (ended) wait_ms = 50;
    poll(fds.data(), fds.size(), wait_ms);
    for (Stream& s : streams)
      if (s.fd >= 0) drain(s);
    if (!ended) {
      siginfo_t info{};
      info.si_pid = 0;
      if (waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid) {
        ended = true;
        kill(-pid, SIGKILL);  // whatever it started goes with it
      } else if (opts.timeout_s > 0 && std::chrono::steady_clock::now() >= deadline) {
        r.timed_out = true;
        ended = true;
        kill(-pid, SIGKILL);
        kill(pid, SIGKILL);
      }
    }
  }
  while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR) {
  }
  forget(slot);
  if (pidfd >= 0) close(pidfd);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (r.timed_out) {
    r.status = 124;
  } else if (WIFEXITED(wstatus)) {
    r.exit_code = WEXITSTATUS(wstatus);
    r.status = r.exit_code;
  } else if (WIFSIGNALED(wstatus)) {
    r.signal = WTERMSIG(wstatus);
    r.status = 128 + r.signal;
  }
  return r;
}

std::string signal_name(int sig) {
  switch (sig) {
    case SIGABRT: return "SIGABRT";
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGKILL: return "SIGKILL";
    case SIGTERM: return "SIGTERM";
    case SIGINT: return "SIGINT";
    case SIGHUP: return "SIGHUP";
    case SIGPIPE: return "SIGPIPE";
    case SIGQUIT: return "SIGQUIT";
    case SIGTRAP: return "SIGTRAP";
    case SIGXCPU: return "SIGXCPU";
    default: return "signal " + std::to_string(sig);
  }
}

void remove_on_interrupt(const std::string& dir) { cairn::remove_on_interrupt(dir, Cleanup::Tree); }

void forget_on_interrupt(const std::string& dir) { cairn::forget_on_interrupt(dir); }

void install_interrupt_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&sa.sa_mask, s);  // no second handler inside the first
  for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaction(s, &sa, nullptr);
}

}  // namespace cairn::targets
