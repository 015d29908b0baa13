// `cairn validate` as a library (tools.md §5): an implementation tested against its reference on generated and
// kept cases, each call isolated in a child of a warm native call server; the first disagreement shrunk and kept;
// the cairn.validation/1 record, its human lines and exit code.
#pragma once
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "front/diag/report.h"
#include "verify/solve.h"

namespace cairn::validate {

struct ValidateOptions {
  std::string path = ".";                      // PATH
  std::string symbol;                          // --symbol
  std::optional<std::string> policy_file;      // --policy
  std::optional<std::string> regressions_file; // --regressions
  std::optional<std::string> history_dir;      // --history
  std::string cxx;                             // --cxx: "clang++", "g++" or "" (clang++ when present)
  smt::SolverSet solvers;                      // --solver
  std::string compiler = "cairn";              // the record's compiler id
  bool progress = false;                       // draw the progress line on standard error (a terminal)
  double progress_after_s = 1.0;               // once the run has lasted this long
};

struct ValidateResult {
  std::optional<diag::Refusal> environment;  // printed instead of a record, exit 2
  nlohmann::ordered_json record;             // cairn.validation/1 (or a refusal record)
  std::string human;
  int exit_code = 2;
};

ValidateResult run_validate(const ValidateOptions& options);

}  // namespace cairn::validate
