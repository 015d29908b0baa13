// One function compared across the two files: contract, precondition, encodings, the six stages in order,
// and the cairn.semantic/1 record with its human line (tools.md §3.4-3.7, §3.9).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "semantics/embed.h"
#include "verify/verify.h"
#include "verify/assume.h"
#include "verify/load.h"
#include "verify/rules.h"

namespace cairn::smt {

struct FunctionJob {
  const Side* ref = nullptr;   // both checked (a side that did not check is reported before a comparison)
  const Side* cand = nullptr;
  std::string symbol;
  const AssumeArg* assume = nullptr;  // nullptr: the precondition "true"
  VerifyOptions options;
  // A function of the reference side already written as the precondition (same parameters as the symbol,
  // returning bool), instead of appending `assume` to the reference's file; `assume` still names its text.
  std::string precondition_fn = {};
};

// The inputs of a witness and what the interpreter's replay did on them (for native replays by `diff`).
struct Witness {
  std::vector<sem::ArgValue> args;
  std::optional<sem::CallOutcome> ref, cand;
};

struct FunctionResult {
  Status status = Status::Unknown;
  nlohmann::ordered_json record;         // cairn.semantic/1
  std::string human;                     // its §3.9 line(s)
  std::string summary;                   // "unknown: a loop may run past 16 iterations" (for --all lines)
  std::optional<std::string> environment;  // no solver could run at all
  std::optional<Witness> witness;          // when the record holds a counterexample
};

FunctionResult compare_function(const FunctionJob& job);

// A record for a side that does not check: `rejected` with the diagnostic and its side.
FunctionResult rejected_result(const FunctionJob& job, const Side& side, const std::string& which);

}  // namespace cairn::smt
