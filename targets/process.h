// Running work in a forked child under the limits of tools.md §1.7: own process group, time limit
// (the whole group is killed, status 124), address-space cap, optional capture of stdout/stderr.
#pragma once
#include <sys/resource.h>

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

namespace cairn::targets {

constexpr size_t kCaptureLimit = size_t{16} << 20;  // bytes kept per captured stream (tools.md §2.6)

struct ProcessOptions {
  double timeout_s = 0;                 // 0: no time limit
  uint64_t address_space_extra = 0;     // 0: no RLIMIT_AS; else the child's current size plus this many bytes
  uint64_t address_space_cap = 0;       // when set: RLIMIT_AS of exactly this many bytes (for a child that execs)
  bool capture = false;                 // stdout and stderr go to pipes (else inherited as they are)
  size_t capture_limit = kCaptureLimit;
  unsigned channels = 0;                // extra pipes from child to parent (trap reports, call outcomes)
  bool null_stdin = false;              // stdin from /dev/null (tests and isolated calls)
};

struct ProcessResult {
  bool started = false;
  std::string error;          // why the child could not start
  bool timed_out = false;
  int exit_code = 0;          // when the child exited (0..255)
  int signal = 0;             // when a signal stopped it (not counting our own kill on timeout)
  int status = 0;             // as a shell reports it: exit code, 128+signal, or 124 for a timeout
  std::string out, err;       // captured streams
  bool out_truncated = false, err_truncated = false;
  std::vector<std::string> channels;  // what the child wrote to each extra pipe
  double seconds = 0;         // wall time
};

// Forks; the child runs `body(channel_write_fds)` and exits with its result (0..255). The child is in its
// own process group; when it ends, or at the time limit, the whole group is killed. Never throws. The child
// also holds limits that do not need cairn alive: it is killed when the forking thread ends
// (PR_SET_PDEATHSIG, so a `kill -9` of cairn takes it along), and with a time limit it has an RLIMIT_CPU of
// cpu_limit_for(timeout_s), which an exec keeps.
ProcessResult run_process(const std::function<int(std::span<const int>)>& body, const ProcessOptions& opts);

// The RLIMIT_CPU of a child with a wall-clock limit of `timeout_s` seconds (> 0): a little above it.
rlimit cpu_limit_for(double timeout_s);

// For a child that execs: sets `opts.address_space_cap` just before the exec when run_process could not set it at
// the fork (in a sanitized cairn, whose reserved shadow is past any cap, so the forked copy's next mapping would
// fail); a no-op otherwise. Call it after the copy's last allocation, right before execve.
void cap_before_exec(const ProcessOptions& opts);

// True when cairn itself is built with AddressSanitizer or ThreadSanitizer. Their allocators are not safe
// to use in a child forked while another thread allocates, so callers run children from one thread then.
bool sanitized_build();
// True when cairn is built with ThreadSanitizer (then threads that only talk to call servers run, so that the
// sanitizer sees them; see validate/run.cpp).
bool thread_sanitized_build();

// The name of a signal ("SIGSEGV"); "signal N" when unknown.
std::string signal_name(int sig);

// Installs SIGINT/SIGTERM/SIGHUP handlers that kill every live child group, remove what
// base/interrupt_cleanup.h registers (scratch directories, the temporary files of atomic writes) and
// exit 128 + the signal.
void install_interrupt_handlers();

// Registers a scratch directory the interrupt handler removes (cairn::remove_on_interrupt with Cleanup::Tree),
// and takes it off once the tool removed it itself.
void remove_on_interrupt(const std::string& dir);
void forget_on_interrupt(const std::string& dir);

}  // namespace cairn::targets
