// Jobs run concurrently in forked children with hard limits, results back over pipes (tools.md §1.7, §3.5).
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cairn::smt {

// One job: runs in the child and returns the bytes it hands back to the parent.
struct ChildJob {
  std::function<std::string()> body;
  unsigned hard_limit_ms = 0;     // wall time after which the child's process group is killed
  uint64_t memory_extra = 0;      // RLIMIT_AS: the child's size at fork plus this many bytes (0: none)
};

enum class ChildEnd : uint8_t {
  Finished,   // the body returned; `payload` holds its bytes
  Killed,     // still running at the hard limit: stopped with SIGKILL
  Crashed,    // ended by a signal it did not get from us (`signal`), or exited without a whole payload
  NotStarted, // no pipe or no fork (`error` says why)
};

struct ChildResult {
  ChildEnd end = ChildEnd::NotStarted;
  std::string payload;
  int signal = 0;
  int exit_code = 0;
  std::string error;
  double milliseconds = 0;  // wall time from fork to the end
};

// Starts every job at once (each in its own process group, killed with the parent) and waits for all,
// each under its own hard limit. Forks from the calling thread only: no thread is created. Never throws.
std::vector<ChildResult> run_children(const std::vector<ChildJob>& jobs);

// Called just before job `index` starts: may set its hard limit, or return false to leave it unstarted
// (it ends NotStarted with `error` "skipped").
using Admit = std::function<bool(size_t index, ChildJob& job)>;

// The same, starting jobs in order with at most `max_parallel` running at once (0: all at once).
std::vector<ChildResult> run_children(std::vector<ChildJob> jobs, unsigned max_parallel, const Admit& admit);

// "SIGSEGV", or "signal N".
std::string signal_text(int sig);

}  // namespace cairn::smt
