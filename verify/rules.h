// The stage answer of tools.md §3.5 from each solver's answer and whether its sat replayed (rules 1-5).
#pragma once
#include <array>
#include <optional>
#include <string>

#include "smt/backend.h"
#include "verify/solve.h"

namespace cairn::smt {

enum class Stage : uint8_t {
#define STAGE(k, name, question) k,
#include "verify/stages.def"
#undef STAGE
};
constexpr size_t kStageCount = 6;
const char* stage_name(Stage s);
const char* stage_question(Stage s);

enum class Status : uint8_t {
#define STATUS(k, name, exit_code) k,
#include "verify/statuses.def"
#undef STATUS
};
const char* status_name(Status s);
int status_exit_code(Status s);  // under --symbol

enum class Verdict : uint8_t {
  Disagreement,     // rule 1: a confirmed sat against an unsat
  Yes,              // rule 2: a confirmed sat
  ReplayDisagreed,  // rule 3: a sat no model replays
  No,               // rule 4: an unsat and no sat
  Undecided,        // rule 5
};

// What a stage's answers come to. `witness`: the confirmed sat the verdict rests on (Z3 first);
// `unsat_by`: the solver that answered unsat against it (rule 1); `unconfirmed`: the first sat that did
// not replay (rule 3).
struct Decision {
  Verdict verdict = Verdict::Undecided;
  std::optional<Solver> witness, unsat_by, unconfirmed;
};

// `confirmed[s]` is read only where answers[s] is sat.
Decision decide(const std::array<Answer, kSolverCount>& answers, const std::array<bool, kSolverCount>& confirmed);

// "z3: unknown, cvc5: timeout" (rule 5's text), solvers in table order.
std::string answers_text(const Answers& answers);

// No chosen solver could even start (every chosen one answered error before running, or unavailable):
// an environment failure (tools.md §3.5).
bool none_could_run(const Answers& answers, const SolverSet& chosen);
}  // namespace cairn::smt
