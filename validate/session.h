// One validation's state: the checked program, the implementation and its reference, the two built programs
// with their call servers, and the calls one case makes (tools.md §5.4).
#pragma once
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <optional>
#include <string>

#include "targets/call_server.h"
#include "validate/agreement.h"
#include "validate/program.h"
#include "validate/progress.h"
#include "validate/regressions.h"

namespace cairn::validate {

// A built side (base or selected): its checked copy, harness and server.
struct Built {
  driver::CheckRun run;
  targets::BuildResult build;
  targets::CallHarness harness;
  std::unique_ptr<targets::CallServer> server;  // nullptr: one process per call (native_call)
  std::string cpp_sha256;
  targets::IsolatedOutcome call(const check::FnInfo& fn, const Case& c);
  const check::FnInfo* find(const std::string& name) const;
};

// What one case did on each call.
struct CaseRun {
  bool condition = true;            // the implementation's condition held (true without one)
  targets::IsolatedOutcome reference, dispatch, implementation;
  bool implementation_ran = false;
  bool timed_out = false;           // some comparison timed out: the case decides nothing
  bool failed = false;
  std::string why;                  // the first disagreement: "dispatch returns 3 against 5"
};

// One thread beside the caller's that makes the dispatch's call while the caller makes the base program's: the
// two servers fork their children at the same time. Jobs run one at a time; `wait` returns once the job ended.
class Beside {
 public:
  Beside();
  ~Beside();
  void start(std::function<void()> job);
  void wait();

 private:
  std::mutex m_;
  std::condition_variable cv_;
  std::function<void()> job_;
  bool busy_ = false, quit_ = false;
  // Declared last and started in the constructor's body: the thread reads every member above, so they are all
  // constructed before it runs (a member initialiser would start it on the mutex and flags not yet made).
  std::thread thread_;
  void loop();
};

struct Session {
  const check::FnInfo* impl = nullptr;  // in the original program
  const check::FnInfo* ref = nullptr;
  Policy policy;
  Programs programs;
  Built base, selected;
  const check::FnInfo *base_ref = nullptr, *base_impl = nullptr, *base_pred = nullptr, *selected_ref = nullptr;
  std::unique_ptr<Beside> beside;  // set when both sides are served (not under AddressSanitizer)
  Progress* progress = nullptr;     // the terminal's progress line (disabled when not on a terminal)
  CaseRun run_case(const Case& c);
};

}  // namespace cairn::validate
