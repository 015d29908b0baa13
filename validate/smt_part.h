// The smt part of a validation (tools.md §5.6): the verify engine compares the reference with a copy of the
// program whose reference body is the implementation's, where the condition and the domain hold (reference
// traps allowed), in a child process; a counterexample is replayed natively as one more case.
#pragma once
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "verify/compare.h"
#include "validate/session.h"

namespace cairn::validate {

struct SmtPart {
  nlohmann::ordered_json record = nlohmann::ordered_json::object();  // smt {status, where, bounded?, reason?, ...}
  std::string status;                  // the verify status, "unknown" when not asked
  std::string human;                   // "counterexample where COND (z3 and cvc5)"
  std::optional<smt::Witness> witness; // a counterexample's inputs
  bool disagreement = false;
};

// `original_path` is the file validated; `programs` holds its base copy.
SmtPart smt_part(const driver::CheckRun& run, const Session& s, const smt::SolverSet& solvers);

// The precondition of the smt part: the condition and each extent's domain range, and `n <= 16` for each usize
// value parameter when the widest admitted extent passes 16 (then `bounded` is set).
// `cap`: where a usize parameter may exceed the unrolling bound, also `p <= 16` (and `bounded` is set).
std::string smt_precondition(const driver::CheckRun& run, const Session& s, bool& bounded, bool cap = true);

}  // namespace cairn::validate
