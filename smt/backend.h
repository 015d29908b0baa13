// The solver interface: one check-sat of a set of assertions on a fresh solver, with a time limit.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "smt/term.h"

namespace cairn::smt {

enum class Solver : uint8_t {
#define SOLVER(k, name, run, work) k,
#include "smt/solvers.def"
#undef SOLVER
};
const char* solver_name(Solver s);
const std::vector<Solver>& all_solvers();  // in table order (Z3 first)

enum class Answer : uint8_t {
#define ANSWER(k, name) k,
#include "smt/answers.def"
#undef ANSWER
};
const char* answer_name(Answer a);

struct Query {
  std::vector<Term> assertions;  // their conjunction is checked
  std::vector<Term> wanted;      // terms whose values a Sat answer reports: Bool, BitVec (width <= 64), Float
  unsigned timeout_ms = 3000;
  std::string logic;             // "" = the logic of the assertions and wanted terms (query_logic)
  // A bound on the solver's work in its own resource units (0: none). Unlike timeout_ms it does not depend on the
  // machine's load, so an answer given under it is the same on every run; running out answers Timeout.
  uint64_t work_limit = 0;
};

struct CheckResult {
  Answer answer = Answer::Error;
  std::string reason;            // Unknown / Timeout / Error: the solver's words; else ""
  // Sat: one value per wanted term. Bool 0/1; BitVec its bits; Float its IEEE bits, a NaN as the
  // canonical quiet NaN (the theory has one NaN).
  std::vector<uint64_t> values;
  std::string logic;             // the logic the answer was given under (ALL: the solver's general one)
  bool retried = false;          // a logic-specific Unknown was retried under ALL
  double milliseconds = 0;       // wall time of the whole check (the record's dedicated time field)
};

// The SMT-LIB logic of terms: QF_ + A (arrays) + BV + FP (FP always with BV), e.g. "QF_BVFP".
std::string logic_of(const std::vector<Term>& terms);
// The query's logic: its own, else that of its assertions and wanted terms.
std::string query_logic(const Query& query);

// Checks the query on `solver`, on a fresh instance, never throwing: a solver exception becomes Error
// with its message. An Unknown (not a timeout) under a specific logic is retried once under ALL within
// what remains of the time limit.
CheckResult check(Solver solver, const Query& query);

// The backends' entries (solvers.def): one attempt under `logic`, with the query's time limit and work limit.
// They may throw; check() catches.
CheckResult run_z3(const Query& query, const std::string& logic, unsigned timeout_ms);
CheckResult run_cvc5(const Query& query, const std::string& logic, unsigned timeout_ms);

// The work limit of one witness-narrowing query on `solver` (solvers.def's last column).
uint64_t narrowing_work(Solver solver);

}  // namespace cairn::smt
