// CAIRN runtime: the call harness's server mode, `--cairn-serve` (targets/call_server.cpp): calls asked for on
// stdin, each made in a child of its own under the limits the request names, each end answered on stdout.
//
// Request, little-endian u64 words: kServeAsk, NAME_LEN, INPUT_LEN, SECONDS (f64 bits; 0: no time limit),
// MEMORY_MIB (CAIRN_MEMORY_MIB of the call), ADDRESS_SPACE_MIB (RLIMIT_AS; 0: none), then NAME and INPUT, each
// padded with zero bytes to a multiple of 8. INPUT is exactly the one-shot mode's stdin (rt_call.h).
// Response: kServeEnd, END, CODE, TRAP_LEN, OUT_LEN, then TRAP (what the call wrote to CAIRN_TRAP_FD) and OUT (what
// it wrote to CAIRN_CALL_FD), each padded to a multiple of 8. END: 0 the child exited with status CODE, 1 a signal
// CODE stopped it, 2 it was stopped at its time limit, 3 it could not be started (CODE: errno).
//
// The server never makes a call in its own process. It keeps one spare child forked ahead, waiting for its request
// on a pipe, so the fork is made while the previous call runs: the spare takes the next request, sets the
// call's limits, makes the call exactly as the one-shot mode does and exits; the server watches it with the time
// limit, reaps it and answers. The server ends with status 0 at the end of its input, 3 on a malformed request, and
// with SIGKILL when its parent dies; a child of its own dies with it.
#pragma once
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "rt_call.h"

namespace cr {

inline constexpr uint64_t kServeAsk = 0x43414952'4e41534bull;  // "CAIRNASK"
inline constexpr uint64_t kServeEnd = 0x43414952'4e454e44ull;  // "CAIRNEND"
inline constexpr int kServeTrapFd = 3, kServeCallFd = 4;       // the call's two pipes, as in the one-shot mode
inline constexpr size_t kServeKeep = size_t{64} << 20;         // bytes kept per pipe of a call, as cairn keeps

// Growable bytes on the heap (the server's own buffers, reused from call to call).
struct ServeBytes {
  unsigned char* p = nullptr;
  size_t n = 0, cap = 0;
  bool reserve(size_t want) {
    if (want <= cap) return true;
    size_t c = cap ? cap : 4096;
    while (c < want) c *= 2;
    auto* q = static_cast<unsigned char*>(std::realloc(p, c));
    if (!q) return false;
    p = q;
    cap = c;
    return true;
  }
  void put(uint64_t v) {
    if (!reserve(n + 8)) call_refuse("cannot allocate the call server's answer\n");
    for (int i = 0; i < 8; ++i) p[n++] = static_cast<unsigned char>(v >> (8 * i));
  }
  void put_padded(const ServeBytes& b) {
    size_t padded = (b.n + 7) / 8 * 8;
    if (!reserve(n + padded)) call_refuse("cannot allocate the call server's answer\n");
    if (b.n) std::memcpy(p + n, b.p, b.n);
    std::memset(p + n + b.n, 0, padded - b.n);
    n += padded;
  }
};

// One request as read (`raw`: the whole frame, as the spare child reads it again) and its parts.
struct ServeAsk {
  ServeBytes raw;
  double seconds = 0;
  uint64_t memory_mib = 0, address_space_mib = 0, name_len = 0, input_len = 0;
  const unsigned char* name() const { return raw.p + 48; }
  const unsigned char* input() const { return raw.p + 48 + (name_len + 7) / 8 * 8; }
};

// The end of one call, with what it wrote to its two pipes.
struct ServeEndOf {
  uint64_t end = 0, code = 0;
  ServeBytes trap, out;
};

// The spare child: forked ahead, waiting for its request on `ask`; its trap and outcome pipes.
struct ServeSpare {
  pid_t pid = -1;
  int ask = -1, trap = -1, out = -1;
};

// Reads exactly n bytes: 1 read, 0 end of input before the first byte, -1 error or end of input midway.
inline int serve_read(int fd, unsigned char* p, size_t n) {
  size_t got = 0;
  while (got < n) {
    ssize_t r = ::read(fd, p + got, n - got);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return got == 0 && r == 0 ? 0 : -1;
    got += static_cast<size_t>(r);
  }
  return 1;
}

inline uint64_t serve_word(const unsigned char* p) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= uint64_t{p[i]} << (8 * i);
  return v;
}

// The next request from fd: 1 read, 0 end of input, -1 malformed.
inline int serve_take(int fd, ServeAsk& a) {
  if (!a.raw.reserve(48)) return -1;
  int r = serve_read(fd, a.raw.p, 48);
  if (r <= 0) return r;
  const unsigned char* h = a.raw.p;
  uint64_t secs = serve_word(h + 24);
  a.name_len = serve_word(h + 8);
  a.input_len = serve_word(h + 16);
  if (serve_word(h) != kServeAsk || a.name_len > 4096 || a.input_len > (uint64_t{1} << 36)) return -1;
  std::memcpy(&a.seconds, &secs, 8);
  a.memory_mib = serve_word(h + 32);
  a.address_space_mib = serve_word(h + 40);
  uint64_t body = (a.name_len + 7) / 8 * 8 + (a.input_len + 7) / 8 * 8;
  if (!a.raw.reserve(48 + body) || serve_read(fd, a.raw.p + 48, body) != 1) return -1;
  a.raw.n = 48 + body;
  return 1;
}

inline uint64_t serve_now_ns() {
  timespec t{};
  clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<uint64_t>(t.tv_sec) * 1000000000u + static_cast<uint64_t>(t.tv_nsec);
}

// Decimal digits of v into d (at least 21 bytes), NUL-terminated.
inline void serve_digits(uint64_t v, char* d) {
  char t[21];
  int i = 0;
  do {
    t[i++] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v);
  for (int j = 0; j < i; ++j) d[j] = t[i - 1 - j];
  d[i] = 0;
}

inline constexpr int kServeAskFd = 5;  // where the spare child waits for its request

// In the spare child: the trap and outcome pipes on 3 and 4, its request pipe on 5, the standard streams on
// /dev/null, nothing else open.
inline bool serve_child_fds(int ask_r, int trap_w, int out_w) {
  int q = ::fcntl(ask_r, F_DUPFD, 10), t = ::fcntl(trap_w, F_DUPFD, 10), o = ::fcntl(out_w, F_DUPFD, 10);
  if (q < 0 || t < 0 || o < 0 || ::dup2(t, kServeTrapFd) < 0 || ::dup2(o, kServeCallFd) < 0 || ::dup2(q, kServeAskFd) < 0)
    return false;
  int null = ::open("/dev/null", O_RDWR);
  if (null < 0 || ::dup2(null, 0) < 0 || ::dup2(null, 1) < 0 || ::dup2(null, 2) < 0) return false;
#ifdef SYS_close_range
  if (::syscall(SYS_close_range, kServeAskFd + 1u, ~0u, 0) == 0) return true;
#endif
  for (int fd = kServeAskFd + 1; fd < 4096; ++fd) ::close(fd);
  return true;
}

// The call's limits and environment in its child: no core dump, RLIMIT_AS, RLIMIT_CPU, the heap cap, the two
// descriptors.
inline void serve_child_limits(const ServeAsk& a) {
  char mib[24];
  serve_digits(a.memory_mib, mib);
  if (::setenv("CAIRN_TRAP_FD", "3", 1) != 0 || ::setenv("CAIRN_CALL_FD", "4", 1) != 0 ||
      ::setenv("CAIRN_MEMORY_MIB", mib, 1) != 0)
    std::_Exit(126);
  rlimit core{0, 0};
  ::setrlimit(RLIMIT_CORE, &core);
  if (a.address_space_mib) {
    rlimit as{a.address_space_mib << 20, a.address_space_mib << 20};
    ::setrlimit(RLIMIT_AS, &as);
  }
  // A CPU limit a little above the call's time limit, as cairn gives every child that runs user code
  // (targets/process.h, cpu_limit_for): it holds when cairn and the server are gone.
  if (a.seconds > 0 && a.seconds < 1e12) {
    rlim_t s = static_cast<rlim_t>(a.seconds * 1.25) + 3;
    rlimit cpu{s, s + 1};
    ::setrlimit(RLIMIT_CPU, &cpu);
  }
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define CR_SERVE_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define CR_SERVE_SANITIZED 1
#endif

// The end of a call that returned. The outcome is out (written unbuffered) and the standard streams are
// /dev/null, so the exit handlers and destructors the one-shot mode runs on its way out (returning from main)
// change nothing but the time taken, and are skipped; except in a sanitized harness, whose exit-time checks (leaks)
// may set the status.
[[noreturn]] inline void serve_exit() {
#ifdef CR_SERVE_SANITIZED
  std::exit(0);
#else
  std::_Exit(0);
#endif
}

// The spare child: its own process group, dies with the server; waits for its request, then makes the call
// exactly as the one-shot mode makes it (a trap reports on 3 and aborts; the outcome goes to 4).
[[noreturn]] inline void serve_child(int ask_r, int trap_w, int out_w, pid_t server, const CallEntry* calls,
                                     uint64_t count) {
  ::signal(SIGPIPE, SIG_DFL);  // the server ignores it
  ::setpgid(0, 0);
#ifdef __linux__
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != server) std::_Exit(125);
#else
  (void)server;
#endif
  if (!serve_child_fds(ask_r, trap_w, out_w)) std::_Exit(126);
  ServeAsk a;
  if (serve_take(kServeAskFd, a) != 1) std::_Exit(126);
  ::close(kServeAskFd);
  serve_child_limits(a);
  const CallEntry* e = nullptr;
  for (uint64_t i = 0; i < count && !e; ++i)
    if (std::strlen(calls[i].name) == a.name_len && std::memcmp(calls[i].name, a.name(), a.name_len) == 0) e = &calls[i];
  if (!e) {
    const char msg[] = "no such function in the call harness\n";
    ssize_t w = ::write(2, msg, sizeof msg - 1);
    (void)w;
    std::_Exit(2);
  }
  CallIo io(a.input(), a.input_len, e->params);
  e->run(io);
  serve_exit();
}

// Forks the spare child; false with errno when it cannot.
inline bool serve_spare(ServeSpare& s, const CallEntry* calls, uint64_t count) {
  int ask[2], trap[2], out[2];
  if (::pipe2(ask, O_CLOEXEC) != 0) return false;
  if (::pipe2(trap, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0) {
    int err = errno;
    for (int fd : {ask[0], ask[1], trap[0], trap[1]}) ::close(fd);
    errno = err;
    return false;
  }
  pid_t server = ::getpid(), pid = ::fork();
  if (pid == 0) serve_child(ask[0], trap[1], out[1], server, calls, count);
  int err = errno;
  for (int fd : {ask[0], trap[1], out[1]}) ::close(fd);
  if (pid < 0) {
    for (int fd : {ask[1], trap[0], out[0]}) ::close(fd);
    errno = err;
    return false;
  }
  ::setpgid(pid, pid);
  for (int fd : {trap[0], out[0]}) ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
  s = {pid, ask[1], trap[0], out[0]};
  return true;
}

// Reads what a pipe holds (keeping at most kServeKeep bytes); closes it at its end.
inline void serve_drain(int& fd, ServeBytes& b) {
  unsigned char buf[65536];
  for (;;) {
    ssize_t r = ::read(fd, buf, sizeof buf);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) return;  // EAGAIN: nothing more for now
    if (r == 0) {
      ::close(fd);
      fd = -1;
      return;
    }
    size_t take = b.n < kServeKeep ? kServeKeep - b.n : 0;
    if (take > static_cast<size_t>(r)) take = static_cast<size_t>(r);
    if (take && b.reserve(b.n + take)) {
      std::memcpy(b.p + b.n, buf, take);
      b.n += take;
    }
  }
}

// Kills the child's group at the deadline; true once it did.
inline bool serve_at_limit(pid_t pid, uint64_t deadline, bool& timed_out) {
  if (timed_out || !deadline || serve_now_ns() < deadline) return timed_out;
  ::kill(-pid, SIGKILL);
  ::kill(pid, SIGKILL);
  timed_out = true;
  return true;
}

// Reads both pipes to their end, stopping the child at the deadline; then waits for it to end (not reaped).
inline void serve_watch(pid_t pid, int fds[2], ServeEndOf& e, uint64_t deadline, bool& timed_out) {
  while (fds[0] >= 0 || fds[1] >= 0) {
    int wait_ms = -1;
    uint64_t now = serve_now_ns();
    if (!serve_at_limit(pid, deadline, timed_out) && deadline) {
      uint64_t left_ms = (deadline - now) / 1000000u + 1;
      wait_ms = left_ms > 1000 ? 1000 : static_cast<int>(left_ms);
    }
    pollfd p[2];
    nfds_t n = 0;
    for (int i = 0; i < 2; ++i)
      if (fds[i] >= 0) p[n++] = {fds[i], POLLIN, 0};
    ::poll(p, n, wait_ms);
    if (fds[0] >= 0) serve_drain(fds[0], e.trap);
    if (fds[1] >= 0) serve_drain(fds[1], e.out);
  }
  for (;;) {  // the pipes close a moment before the child becomes a zombie
    siginfo_t info{};
    int r = ::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT);
    if ((r == 0 && info.si_pid == pid) || (r < 0 && errno == ECHILD)) return;
    serve_at_limit(pid, deadline, timed_out);
    timespec nap{0, 50000};
    ::nanosleep(&nap, nullptr);
  }
}

// Ends a spare child that will not be used.
inline void serve_drop(ServeSpare& s) {
  if (s.pid < 0) return;
  ::kill(-s.pid, SIGKILL);
  ::kill(s.pid, SIGKILL);
  for (int fd : {s.ask, s.trap, s.out})
    if (fd >= 0) ::close(fd);
  while (::waitpid(s.pid, nullptr, 0) < 0 && errno == EINTR) {
  }
  s = {};
}

// Hands the request to the spare child; false, with errno, when it could not take it (it is ended then).
inline bool serve_give(ServeSpare& s, const ServeAsk& a) {
  const unsigned char* p = a.raw.p;
  for (size_t left = a.raw.n; left > 0;) {
    ssize_t w = ::write(s.ask, p, left);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      int err = errno;
      serve_drop(s);
      errno = err;
      return false;
    }
    p += w;
    left -= static_cast<size_t>(w);
  }
  ::close(s.ask);
  s.ask = -1;
  return true;
}

// Watches the call the child `s` makes to its end, under the deadline, and reaps it.
inline void serve_finish(ServeSpare& s, ServeEndOf& e, uint64_t deadline) {
  int fds[2] = {s.trap, s.out};
  bool timed_out = false;
  serve_watch(s.pid, fds, e, deadline, timed_out);
  ::kill(-s.pid, SIGKILL);  // whatever the call left in its group goes with it
  int status = 0;
  while (::waitpid(s.pid, &status, 0) < 0 && errno == EINTR) {
  }
  s = {};
  if (timed_out) e.end = 2, e.code = 0;
  else if (WIFSIGNALED(status)) e.end = 1, e.code = static_cast<uint64_t>(WTERMSIG(status));
  else e.end = 0, e.code = static_cast<uint64_t>(WEXITSTATUS(status));
}

// One call: by the spare child, or by a fresh one should the spare be gone; else not started (END 3). The next
// call's spare is forked while this one runs.
inline void serve_call(ServeSpare& spare, const ServeAsk& a, ServeEndOf& e, const CallEntry* calls, uint64_t count) {
  e.trap.n = e.out.n = 0;
  for (int attempt = 0; attempt < 2; ++attempt) {
    uint64_t start = serve_now_ns();
    if (spare.pid < 0 && !serve_spare(spare, calls, count)) break;
    ServeSpare s = spare;
    spare = {};
    if (!serve_give(s, a)) continue;
    serve_spare(spare, calls, count);  // when it cannot, the next call tries again
    serve_finish(s, e, a.seconds > 0 ? start + static_cast<uint64_t>(a.seconds * 1e9) : 0);
    return;
  }
  e.end = 3, e.code = static_cast<uint64_t>(errno);
}

inline void serve_answer(const ServeEndOf& e, ServeBytes& reply) {
  reply.n = 0;
  reply.put(kServeEnd);
  reply.put(e.end);
  reply.put(e.code);
  reply.put(e.trap.n);
  reply.put(e.out.n);
  reply.put_padded(e.trap);
  reply.put_padded(e.out);
  call_write_all(1, reply.p, reply.n);
}

// `--cairn-serve`: answers requests until the end of stdin.
inline int call_serve(const CallEntry* calls, uint64_t count) {
#ifdef __linux__
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
  ::signal(SIGPIPE, SIG_IGN);  // a spare that is gone shows as a failed write
  ServeSpare spare;
  ServeAsk a;
  ServeEndOf e;
  ServeBytes reply;
  for (;;) {
    if (spare.pid < 0) serve_spare(spare, calls, count);  // when it cannot, the call tries again
    int r = serve_take(0, a);
    if (r <= 0) serve_drop(spare);
    if (r == 0) return 0;
    if (r < 0) call_refuse("malformed request to the call server\n");
    serve_call(spare, a, e, calls, count);
    serve_answer(e, reply);
  }
}

}  // namespace cr
