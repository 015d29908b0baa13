// The native isolated call (tools.md §5.4): one function of a program built as the call harness
// (lower::Kind::Call, runtime/rt_call.h), called in a process of its own under the call limits. It gives the
// same IsolatedOutcome as the interpreter's isolated_call, so task contracts, validate and diff take either.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "front/driver/driver.h"
#include "targets/isolated_call.h"
#include "targets/native_build.h"

namespace cairn::targets {

// A built call harness and the limits of each call made through it.
struct CallHarness {
  std::string artifact;                // the harness executable (BuildResult::artifact)
  const SourceSet* sources = nullptr;  // maps the file a trap report names back to its id
  double timeout_s = 60;               // per call
  uint64_t memory_mib = 1024;          // CAIRN_MEMORY_MIB: live heap before `alloc` traps
  uint64_t address_space_mib = 2048;   // RLIMIT_AS of the call; 0: none (a sanitized harness)
};

// Builds the call harness of a checked program: `options` with kind Call, into a fresh build directory.
BuildResult build_call_harness(const driver::CheckRun& run, BuildOptions options);

// Why the harness cannot call `fn`, or "" when it can (lower::call_refusal).
std::string native_call_refusal(const check::FnInfo& fn);

// Calls `fn` with one ArgValue per parameter (a borrow: a view of one element, or a scalar). `offsets` holds,
// per parameter, the elements allocated before a view (empty: none). Never throws.
IsolatedOutcome native_call(const CallHarness& harness, const check::FnInfo& fn, const std::vector<sem::ArgValue>& args,
                            const std::vector<uint64_t>& offsets = {});

// Exposed for tests: the harness's stdin for a call ("" and `why` when the arguments do not fit `fn`), and a
// CAIRN_TRAP_FD report ("trap: KIND at FILE:LINE") read back into a trap outcome.
std::string encode_call_input(const check::FnInfo& fn, const std::vector<sem::ArgValue>& args,
                              const std::vector<uint64_t>& offsets, std::string& why);
bool parse_trap_report(const std::string& report, const SourceSet* sources, sem::CallOutcome& o);

}  // namespace cairn::targets
