// The warm call server: the harness started once with `--cairn-serve` on a socket pair (stdin and stdout), one
// framed request and response per call (runtime/rt_call_server.h holds the protocol), each end read back exactly
// as native_call reads the end of its own process.
#include "targets/call_server.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>

#include "base/isolate.h"
#include "lower/entry.h"
#include "targets/exec.h"

extern char** environ;

namespace cairn::targets {

namespace {

constexpr uint64_t kServeAsk = 0x43414952'4e41534bull;  // "CAIRNASK", as runtime/rt_call_server.h
constexpr uint64_t kServeEnd = 0x43414952'4e454e44ull;  // "CAIRNEND"
constexpr uint64_t kKeep = uint64_t{64} << 20;          // the most the server keeps of a call's pipe
enum : uint64_t { kExited = 0, kSignaled = 1, kTimedOut = 2, kNotStarted = 3 };  // END of a response

using Clock = std::chrono::steady_clock;

void put_u64(std::string& s, uint64_t v) {
  for (int i = 0; i < 8; ++i) s.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}
void put_padded(std::string& s, const std::string& b) {
  s += b;
  s.append((8 - b.size() % 8) % 8, '\0');
}
uint64_t word_at(const std::string& s, size_t at) {
  uint64_t v = 0;
  for (int i = 0; i < 8; ++i) v |= uint64_t{static_cast<unsigned char>(s[at + i])} << (8 * i);
  return v;
}

// The request of one call (the protocol's framing around encode_call_input's bytes).
std::string request(const CallHarness& h, const std::string& name, const std::string& input) {
  std::string s;
  double secs = h.timeout_s > 0 ? h.timeout_s : 0;
  uint64_t secs_bits;
  std::memcpy(&secs_bits, &secs, 8);
  put_u64(s, kServeAsk);
  put_u64(s, name.size());
  put_u64(s, input.size());
  put_u64(s, secs_bits);
  put_u64(s, h.memory_mib);
  put_u64(s, h.address_space_mib);
  put_padded(s, name);
  put_padded(s, input);
  return s;
}

// The server's environment: cairn's, without the variables each call's child sets for itself, and with the
// harness's symbols bound at its start (LD_BIND_NOW), not again in every child.
std::vector<std::string> server_env() {
  return environment_without({"CAIRN_TRAP_FD", "CAIRN_CALL_FD", "CAIRN_MEMORY_MIB", "LD_BIND_NOW"}, {"LD_BIND_NOW=1"});
}

// In the forked child (no allocation): own group, killed with its parent, the socket as stdin and stdout,
// stderr on /dev/null, default signals, then exec; on failure, errno goes to `report` (close-on-exec).
[[noreturn]] void exec_server(int sock, int report, pid_t parent, char* const* argv, char* const* envp) {
  isolate_child(parent, 127);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  for (int s = 1; s < NSIG; ++s) signal(s, SIG_DFL);
  int null = fcntl(open("/dev/null", O_RDWR), F_DUPFD, 10);
  int rep = fcntl(report, F_DUPFD_CLOEXEC, 10), so = fcntl(sock, F_DUPFD, 10);
  if (null >= 0 && rep >= 0 && so >= 0 && dup2(so, 0) >= 0 && dup2(so, 1) >= 0 && dup2(null, 2) >= 0) {
    syscall(SYS_close_range, 3u, static_cast<unsigned>(rep) - 1, 0);
    syscall(SYS_close_range, static_cast<unsigned>(rep) + 1, ~0u, 0);
    execve(argv[0], argv, envp);
  }
  int err = errno;
  ssize_t w = write(rep >= 0 ? rep : report, &err, sizeof err);
  (void)w;
  _exit(127);
}

// Waits until fd is ready for `events` or the guard passes (no guard: the epoch).
bool wait_for(int fd, short events, Clock::time_point guard, std::string& why) {
  for (;;) {
    int ms = -1;
    if (guard != Clock::time_point{}) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(guard - Clock::now()).count();
      if (left < 0) {
        why = "no answer within its time limit";
        return false;
      }
      ms = static_cast<int>(std::min<long long>(left + 1, 1000));
    }
    pollfd p{fd, events, 0};
    int r = poll(&p, 1, ms);
    if (r > 0) return true;
    if (r < 0 && errno != EINTR) {
      why = std::string("poll: ") + std::strerror(errno);
      return false;
    }
  }
}

}  // namespace

struct CallServer::Impl {
  CallHarness h;
  pid_t pid = -1;
  int fd = -1;  // cairn's end of the socket pair

  bool spawn(std::string& error);
  void stop();
  bool alive();
  bool send_all(const std::string& bytes, Clock::time_point guard, size_t& sent, std::string& why);
  bool read_exact(std::string& into, size_t n, Clock::time_point guard, std::string& why);
  enum class Sent { Answered, NotDelivered, NoAnswer };
  Sent exchange(const std::string& req, std::string& trap, std::string& out, uint64_t& end, uint64_t& code,
                std::string& why);
  IsolatedOutcome call(const check::FnInfo& fn, const std::vector<sem::ArgValue>& args,
                       const std::vector<uint64_t>& offsets);
  IsolatedOutcome end_of(const check::FnInfo& fn, uint64_t end, uint64_t code, const std::string& trap,
                         const std::string& out) const;
};

bool CallServer::Impl::spawn(std::string& error) {
  std::vector<std::string> argv_s = {h.artifact, "--cairn-serve"}, env_s = server_env();
  std::vector<char*> argv = c_strings(argv_s), envp = c_strings(env_s);
  int sv[2], rep[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
    error = std::string("cannot create a socket pair: ") + std::strerror(errno);
    return false;
  }
  if (pipe2(rep, O_CLOEXEC) != 0) {
    error = std::string("cannot create a pipe: ") + std::strerror(errno);
    close(sv[0]), close(sv[1]);
    return false;
  }
  pid_t parent = getpid(), child = fork();
  if (child == 0) exec_server(sv[1], rep[1], parent, argv.data(), envp.data());
  int fork_errno = errno;
  close(sv[1]), close(rep[1]);
  if (child < 0) {
    close(sv[0]), close(rep[0]);
    error = std::string("cannot fork: ") + std::strerror(fork_errno);
    return false;
  }
  isolate_in_parent(child);
  int err = 0;
  ssize_t got;
  while ((got = read(rep[0], &err, sizeof err)) < 0 && errno == EINTR) {
  }
  close(rep[0]);
  if (got > 0) {  // exec failed
    close(sv[0]);
    while (waitpid(child, nullptr, 0) < 0 && errno == EINTR) {
    }
    error = "cannot start the call harness " + h.artifact + ": " + std::strerror(err);
    return false;
  }
  pid = child;
  fd = sv[0];
  return true;
}

void CallServer::Impl::stop() {
  if (fd >= 0) close(fd);
  fd = -1;
  if (pid > 0) {
    kill(-pid, SIGKILL);  // its calls' children die with it (PR_SET_PDEATHSIG)
    kill(pid, SIGKILL);
    while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
  }
  pid = -1;
}

// True while the server process runs (one that ended is reaped here).
bool CallServer::Impl::alive() {
  if (pid <= 0 || fd < 0) return false;
  int status = 0;
  if (waitpid(pid, &status, WNOHANG) == 0) return true;
  pid = -1;  // reaped (or not ours to reap any more): nothing left to kill
  stop();
  return false;
}

bool CallServer::Impl::send_all(const std::string& bytes, Clock::time_point guard, size_t& off, std::string& why) {
  for (off = 0; off < bytes.size();) {
    if (!wait_for(fd, POLLOUT, guard, why)) return false;
    ssize_t w = send(fd, bytes.data() + off, bytes.size() - off, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (w < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)) continue;
    if (w <= 0) {
      why = std::string("cannot send the call: ") + std::strerror(errno);
      return false;
    }
    off += static_cast<size_t>(w);
  }
  return true;
}

bool CallServer::Impl::read_exact(std::string& into, size_t n, Clock::time_point guard, std::string& why) {
  into.resize(n);
  for (size_t got = 0; got < n;) {
    if (!wait_for(fd, POLLIN, guard, why)) return false;
    ssize_t r = recv(fd, into.data() + got, n - got, MSG_DONTWAIT);
    if (r < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)) continue;
    if (r <= 0) {
      why = r == 0 ? "it ended" : std::string("cannot read its answer: ") + std::strerror(errno);
      return false;
    }
    got += static_cast<size_t>(r);
  }
  return true;
}

// One request and its response: answered in form, not delivered (the server took none of it: it has ended), or
// no answer in form (`why`).
CallServer::Impl::Sent CallServer::Impl::exchange(const std::string& req, std::string& trap, std::string& out,
                                                  uint64_t& end, uint64_t& code, std::string& why) {
  Clock::time_point guard{};
  if (h.timeout_s > 0)  // the call's own limit, then room for a loaded machine
    guard = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(2 * h.timeout_s + 2));
  size_t sent = 0;
  if (!send_all(req, guard, sent, why)) return sent == 0 && why.starts_with("cannot send") ? Sent::NotDelivered : Sent::NoAnswer;
  std::string head;
  if (!read_exact(head, 40, guard, why)) return Sent::NoAnswer;
  uint64_t trap_n = word_at(head, 24), out_n = word_at(head, 32);
  end = word_at(head, 8);
  code = word_at(head, 16);
  if (word_at(head, 0) != kServeEnd || end > kNotStarted || trap_n > kKeep || out_n > kKeep) {
    why = "it answered out of form";
    return Sent::NoAnswer;
  }
  if (!read_exact(trap, (trap_n + 7) / 8 * 8, guard, why) || !read_exact(out, (out_n + 7) / 8 * 8, guard, why))
    return Sent::NoAnswer;
  trap.resize(trap_n);
  out.resize(out_n);
  return Sent::Answered;
}

// The end of the call's child, decided exactly as native_call decides the end of its process.
IsolatedOutcome CallServer::Impl::end_of(const check::FnInfo& fn, uint64_t end, uint64_t code, const std::string& trap,
                                         const std::string& out) const {
  IsolatedOutcome r;
  if (end == kNotStarted) {
    r.end = IsolatedOutcome::End::NotRun;
    r.detail = "could not be started: " + std::string(std::strerror(static_cast<int>(code)));
    return r;
  }
  r.end = IsolatedOutcome::End::Crashed;
  if (end == kTimedOut) {
    r.end = IsolatedOutcome::End::TimedOut;
    r.detail = timed_out_text(h.timeout_s);
    return r;
  }
  int signal = end == kSignaled ? static_cast<int>(code) : 0, exit_code = end == kExited ? static_cast<int>(code) : 0;
  if (signal == SIGABRT && parse_trap_report(trap, h.sources, r.outcome)) {
    r.end = IsolatedOutcome::End::Returned;
    return r;
  }
  if (signal) {
    r.detail = "stopped by " + signal_name(signal);
    return r;
  }
  if (exit_code == 126 || exit_code == 127) {
    r.detail = "could not start the call harness " + h.artifact + " (status " + std::to_string(exit_code) + ")";
    return r;
  }
  if (exit_code != 0 || !decode_outcome(out, r.outcome) || !r.outcome.defined || r.outcome.written.size() != fn.params.size()) {
    r.detail = "ended with status " + std::to_string(exit_code) + " without an outcome";
    return r;
  }
  r.end = IsolatedOutcome::End::Returned;
  return r;
}

std::unique_ptr<CallServer> CallServer::start(const CallHarness& h, std::string& error) {
  if (h.artifact.empty()) {
    error = "no call harness was built";
    return nullptr;
  }
  try {
    std::unique_ptr<CallServer> s(new CallServer);
    s->impl_ = std::make_unique<Impl>();
    s->impl_->h = h;
    if (!s->impl_->spawn(error)) return nullptr;
    return s;
  } catch (const std::exception& e) {
    error = e.what();
    return nullptr;
  }
}

CallServer::~CallServer() {
  if (impl_) impl_->stop();
}

IsolatedOutcome CallServer::call(const check::FnInfo& fn, const std::vector<sem::ArgValue>& args,
                                 const std::vector<uint64_t>& offsets) {
  try {
    return impl_->call(fn, args, offsets);
  } catch (const std::exception& e) {  // out of memory in cairn: the exchange may be cut midway
    impl_->stop();
    IsolatedOutcome r;
    r.end = IsolatedOutcome::End::NotRun;
    r.detail = std::string("could not be made natively: ") + e.what();
    return r;
  }
}

IsolatedOutcome CallServer::Impl::call(const check::FnInfo& fn, const std::vector<sem::ArgValue>& args,
                                       const std::vector<uint64_t>& offsets) {
  IsolatedOutcome r;
  r.end = IsolatedOutcome::End::NotRun;
  std::string why;
  std::string input = encode_call_input(fn, args, offsets, why);
  if (!why.empty()) {
    r.detail = "could not be made natively: " + why;
    return r;
  }
  auto start = Clock::now();
  Impl& s = *this;
  std::string req = request(s.h, lower::call_name(fn), input), trap, out;
  uint64_t end = 0, code = 0;
  Impl::Sent sent = Impl::Sent::NotDelivered;
  // A server that ended since the last call (or before taking this one) is started again; the call is sent once.
  for (int attempt = 0; attempt < 2 && sent == Impl::Sent::NotDelivered; ++attempt) {
    if (!s.alive() && !s.spawn(why)) {
      r.detail = "could not be made natively: the call server could not be restarted: " + why;
      return r;
    }
    sent = s.exchange(req, trap, out, end, code, why);
    if (sent != Impl::Sent::Answered) s.stop();
  }
  if (sent != Impl::Sent::Answered) {
    std::string again;
    bool restarted = s.spawn(again);
    r.detail = "could not be made natively: the call server stopped answering (" + why + "); " +
               (restarted ? "it was restarted" : "it could not be restarted: " + again);
  } else {
    r = s.end_of(fn, end, code, trap, out);
  }
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return r;
}

}  // namespace cairn::targets
