// One embedded call (sem::Engine::call) run in a forked child under limits; its CallOutcome comes back
// through a pipe (tools.md §5.4: a trap, crash or timeout of the call cannot touch the caller).
#pragma once
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
  } end = End::Crashed;
  sem::CallOutcome outcome;
  std::string detail;
  double seconds = 0;
};

// Calls `fn` with `args` in a child; its output is discarded (captured and dropped), stdin is /dev/null.
IsolatedOutcome isolated_call(sem::Engine& engine, const check::FnInfo& fn, const std::vector<sem::ArgValue>& args,
                              const sem::Limits& limits, double timeout_s, uint64_t address_space_extra);

// The byte form of an outcome on the pipe (exposed for tests).
std::string encode_outcome(const sem::CallOutcome& o);
bool decode_outcome(const std::string& bytes, sem::CallOutcome& o);

}  // namespace cairn::targets
