// Rule 4 of tools.md §4.3: each function whose code changed is compared by the verify engine (OLD as the
// reference, reference traps allowed) in a child process of its own, killed at its limit (§4.6), with the
// bounded retry for the unrolling bound; the engine's answer becomes the function's class.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "diff/version.h"
#include "verify/compare.h"
#include "verify/solve.h"

namespace cairn::diff {

struct CompareOptions {
  unsigned timeout_ms = 3000;
  smt::SolverSet solvers;
  unsigned jobs = 1;
  double budget_s = 60;
};

struct Compared {
  std::string cls;                     // smt-equivalent, behavior-changed, signature-changed or unknown
  nlohmann::ordered_json fields = nlohmann::ordered_json::object();  // reason, evidence, witness, bounded, ...
  std::optional<smt::Witness> witness; // behavior-changed: the inputs and the interpreter's two outcomes
  bool disagreement = false;           // a solver disagreement (the diff exits 2)
  double seconds = 0;                  // the child's wall time
};

// Compares `names` (functions on both sides with the same signature), in name order, `jobs` at once.
std::vector<Compared> compare_functions(const Version& old_v, const Version& new_v, const std::vector<std::string>& names,
                                        const CompareOptions& options);

// Exposed for tests: the class an engine answer gives (the first answer, and the bounded retry's when one ran).
Compared class_of(const smt::FunctionResult& first, const smt::FunctionResult* retry, const std::string& where);

}  // namespace cairn::diff
