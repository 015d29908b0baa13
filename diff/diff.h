// `cairn diff OLD NEW` as a library (tools.md §4): both sides resolved and checked, every function classed,
// witnesses replayed, semver, the cairn.diff/1 record with its human lines and Markdown section.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "front/diag/report.h"
#include "verify/solve.h"

namespace cairn::diff {

// A function whose change the requirement accepts (`--allow FN=REASON`, or the NEW side's manifest [allow]).
struct Allow {
  std::string function, reason;
  std::string from;  // "--allow", or "MANIFEST:LINE"
};

struct DiffOptions {
  std::string in_path = ".";               // --in
  bool std_lib = false;                    // --std
  std::string require;                     // "", "equivalent" or "identical"
  unsigned replays = 8;                    // --replays
  unsigned timeout_ms = 3000;              // --timeout-ms
  double budget_s = 60;                    // --budget-s
  unsigned jobs = 1;                       // --jobs
  smt::SolverSet solvers;                  // --solver
  bool no_predict = false;                 // --no-predict
  std::string compiler = "cairn";          // the record's `compiler` ("cairn/0.1.0")
  unsigned shard_index = 1, shard_count = 1;  // --shard I/N: only functions I, I+N, ... in name order
  std::vector<Allow> allow;                // --allow, in order; the NEW side's [allow] is added by run_diff
};

struct DiffResult {
  std::optional<diag::Refusal> environment;  // printed instead of a record, exit 2
  std::optional<diag::Refusal> refused;      // a side that does not check (with `side` and `version`), exit 1
  nlohmann::ordered_json record;             // cairn.diff/1 (also written when a side is refused: null)
  std::string human;
  std::string markdown;
  int exit_code = 2;
};

DiffResult run_diff(const std::string& old_name, const std::string& new_name, const DiffOptions& options);

}  // namespace cairn::diff
