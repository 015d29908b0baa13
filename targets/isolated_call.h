// One embedded call (sem::Engine::call) run in a forked child under limits; its CallOutcome comes back
// through a pipe (tools.md §5.4: a trap, crash or timeout of the call cannot touch the caller).
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "semantics/embed.h"
#include "targets/process.h"

namespace cairn::targets {

struct IsolatedOutcome {
  enum class End : uint8_t {
    Returned,  // the call returned or trapped: `outcome` holds it
    Crashed,   // the child ended otherwise (signal, unexpected status, garbled outcome): `detail` says how
    TimedOut,  // stopped at the time limit
    NotRun,    // the call could not be made (a signature or arguments the runner cannot take, no harness)
  } end = End::Crashed;
  sem::CallOutcome outcome;
  std::string detail;
  double seconds = 0;
};

// One isolated call of `fn` with `args` (one ArgValue per parameter), by whichever engine: the interpreter
// below, or a natively built call harness (targets/native_call.h). Task contracts take either.
using CallRunner = std::function<IsolatedOutcome(const check::FnInfo& fn, const std::vector<sem::ArgValue>& args)>;

// Calls `fn` with `args` in a child; its output is discarded (captured and dropped), stdin is /dev/null.
IsolatedOutcome isolated_call(sem::Engine& engine, const check::FnInfo& fn, const std::vector<sem::ArgValue>& args,
                              const sem::Limits& limits, double timeout_s, uint64_t address_space_extra);

// "timed out after S s", as either runner words a call stopped at its limit.
std::string timed_out_text(double timeout_s);

// The byte form of an outcome on the pipe (exposed for tests).
std::string encode_outcome(const sem::CallOutcome& o);
bool decode_outcome(const std::string& bytes, sem::CallOutcome& o);

}  // namespace cairn::targets
