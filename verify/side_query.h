// The queries a proof asks beside the stages (loop induction, termination): each asked on the solvers given, and
// one record entry per solver added to the record's `queries`.
#pragma once
#include <vector>

#include <nlohmann/json.hpp>

#include "verify/solve.h"

namespace cairn::smt {

// Asks assertions (with `wanted` values in a model) on `use`; entries go to `queries` when not null.
Answers ask_side(const std::vector<Term>& assertions, const std::vector<Term>& wanted, const SolverSet& use,
                 unsigned timeout_ms, const char* stage, nlohmann::ordered_json* queries);

// The first solver of a set (the one a search asks before every chosen solver re-checks what it found).
Solver first_chosen(const SolverSet& s);

// Whether every solver of `use` answered unsat; `text` gets "z3: unsat, cvc5: timeout".
bool all_unsat(const Answers& a, const SolverSet& use, std::string& text);

}  // namespace cairn::smt
