// A warm call server (tools.md §5.4 at validation speed): one process of a built call harness
// (lower::Kind::Call) started once in server mode; each call is sent to it over a socket pair and runs in a child the
// server forks for it, under the call limits, so a call costs a fork rather than a process start. A trap, crash
// or hang in one call cannot touch the server, the next call or the caller.
// The protocol is in runtime/rt_call_server.h. One caller at a time per server. The server dies with the thread
// that started it (PR_SET_PDEATHSIG follows the thread, as it must for cairn's own end to stop it); a server that
// ended between two calls, for that or any reason, is started again by the next call.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "targets/isolated_call.h"
#include "targets/native_call.h"

namespace cairn::targets {

class CallServer {
 public:
  // Starts the harness `h.artifact` in server mode. nullptr with `error` when it cannot start.
  static std::unique_ptr<CallServer> start(const CallHarness& h, std::string& error);
  ~CallServer();  // stops the server and its children
  CallServer(const CallServer&) = delete;
  CallServer& operator=(const CallServer&) = delete;

  // One isolated call, as native_call makes it (same arguments, same outcome), through the server. A server
  // found ended before the call is started again and given the call; one that stops answering during the call
  // (its wall-clock guard: twice the call's time limit and 2 s) is killed and started again for the next call, and
  // this call ends NotRun with "the call server stopped answering (...)". Never throws.
  IsolatedOutcome call(const check::FnInfo& fn, const std::vector<sem::ArgValue>& args,
                       const std::vector<uint64_t>& offsets = {});

 private:
  CallServer() = default;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace cairn::targets
