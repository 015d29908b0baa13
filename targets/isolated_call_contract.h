// Task contracts (cairn.task/1, language.md §14.6): strict validation of the file against the checked
// program, then each case as an isolated call compared with its expected outcome.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "front/source/source.h"
#include "semantics/embed.h"
#include "targets/isolated_call.h"

namespace cairn::targets {

struct ContractCase {
  std::vector<sem::ArgValue> args;       // one per parameter
  bool expect_trap = false;
  std::optional<uint64_t> ret;           // expected result bits (non-void, no trap)
  std::vector<std::optional<std::vector<uint64_t>>> after;  // per parameter: expected rw contents
};

struct Contract {
  std::string file;            // as the manifest lists it
  std::string symbol;          // as written ("" when missing)
  bool valid = false;
  std::string invalid_reason;  // why the contract is invalid (it then fails)
  const check::FnInfo* fn = nullptr;
  std::vector<ContractCase> cases;
  size_t case_count = 0;       // cases in the file (even when invalid, when countable)
};

struct ContractResult {
  bool passed = false;
  std::optional<uint64_t> failed_case;  // 0-based index of the first failed case
  std::string reason;                   // why it failed
  double seconds = 0;
};

// Validates a parsed cairn.task/1 document (`text` is the file's contents) against the program.
Contract load_contract(const std::string& file, const std::string& text, const sem::Engine& engine);

// Runs every case as an isolated call through `call` (the interpreter's or the native runner), stopping at
// the first failure.
ContractResult run_contract(const Contract& c, const SourceSet& sources, const CallRunner& call);

// "KIND at FILE:LINE" for a trap outcome.
std::string trap_text(const sem::CallOutcome& o, const SourceSet& sources);

}  // namespace cairn::targets
