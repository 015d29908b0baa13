// One validation's state: the checked program, the implementation and its reference, the two built programs
// with their call servers, and the calls one case makes (tools.md §5.4).
#pragma once
#include <memory>
#include <optional>
#include <string>

#include "targets/call_server.h"
#include "validate/agreement.h"
#include "validate/program.h"
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

struct Session {
  const check::FnInfo* impl = nullptr;  // in the original program
  const check::FnInfo* ref = nullptr;
  Policy policy;
  Programs programs;
  Built base, selected;
  const check::FnInfo *base_ref = nullptr, *base_impl = nullptr, *base_pred = nullptr, *selected_ref = nullptr;
  CaseRun run_case(const Case& c);
};

}  // namespace cairn::validate
