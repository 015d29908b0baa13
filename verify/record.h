// The pieces of the cairn.semantic/1 record (tools.md §3.7) and of its human line (§3.9).
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "smt/backend.h"
#include "smt/encode.h"
#include "verify/compare.h"
#include "verify/solve.h"

namespace cairn::smt {

// The fields every record has, in the table's order, with status "unknown" until it is known.
nlohmann::ordered_json record_header(const FunctionJob& job);
// Sets the status (the header placed it) and the exit code it implies.
void set_status(FunctionResult& r, Status s);

// What the answer rests on (§3.1).
nlohmann::ordered_json trust_list(const SolverSet& solvers);
nlohmann::ordered_json solver_versions(const SolverSet& solvers);

// One `queries` entry: {stage, solver, version, logic, timeout_ms, query_sha256, status, seconds, reason?, values?}.
nlohmann::ordered_json query_entry(Stage stage, Solver solver, const CheckResult& r, unsigned timeout_ms,
                                   const std::string& sha256, const Inputs& in);
// The same without a model's values, for a query beside the stages ("loop-induction", "termination").
nlohmann::ordered_json query_entry(const std::string& stage, Solver solver, const CheckResult& r, unsigned timeout_ms,
                                   const std::string& sha256);

// {"z3": A, "cvc5": A}.
nlohmann::ordered_json solvers_json(const std::array<Answer, kSolverCount>& answers);

// The prose of an smt-equivalent record.
std::string quantification_text(const std::string& symbol, const std::string& assume);
std::string observation_text();

// A reason as the human line writes it: its first letter lower case, no final full stop.
std::string reason_phrase(const std::string& reason);
// "z3 and cvc5 agree" / "z3 alone (cvc5: timeout)".
std::string agreement_phrase(const std::array<Answer, kSolverCount>& answers, bool both);


}  // namespace cairn::smt
