// Stage and status names from their tables, and the first-match rules combining two solvers' answers.
#include "verify/rules.h"

namespace cairn::smt {

namespace {
struct StageRow {
  const char* name;
  const char* question;
};
const StageRow kStages[] = {
#define STAGE(k, name, question) {name, question},
#include "verify/stages.def"
#undef STAGE
};
static_assert(sizeof kStages / sizeof kStages[0] == kStageCount);
struct StatusRow {
  const char* name;
  int exit_code;
};
const StatusRow kStatuses[] = {
#define STATUS(k, name, exit_code) {name, exit_code},
#include "verify/statuses.def"
#undef STATUS
};
}  // namespace

const char* stage_name(Stage s) { return kStages[static_cast<size_t>(s)].name; }
const char* stage_question(Stage s) { return kStages[static_cast<size_t>(s)].question; }
const char* status_name(Status s) { return kStatuses[static_cast<size_t>(s)].name; }
int status_exit_code(Status s) { return kStatuses[static_cast<size_t>(s)].exit_code; }

Decision decide(const std::array<Answer, kSolverCount>& answers, const std::array<bool, kSolverCount>& confirmed) {
  Decision d;
  std::optional<Solver> unsat;
  bool any_sat = false;
  for (Solver s : all_solvers()) {
    size_t i = static_cast<size_t>(s);
    if (answers[i] == Answer::Sat) {
      any_sat = true;
      if (confirmed[i] && !d.witness) d.witness = s;
      if (!confirmed[i] && !d.unconfirmed) d.unconfirmed = s;
    }
    if (answers[i] == Answer::Unsat && !unsat) unsat = s;
  }
  if (d.witness && unsat) {
    d.verdict = Verdict::Disagreement;
    d.unsat_by = unsat;
  } else if (d.witness) {
    d.verdict = Verdict::Yes;
  } else if (any_sat) {
    d.verdict = Verdict::ReplayDisagreed;
  } else if (unsat) {
    d.verdict = Verdict::No;
  } else {
    d.verdict = Verdict::Undecided;
  }
  return d;
}

std::string answers_text(const Answers& answers) {
  std::string out;
  for (Solver s : all_solvers()) {
    if (!out.empty()) out += ", ";
    out += std::string(solver_name(s)) + ": " + answer_name(answers[static_cast<size_t>(s)].answer);
  }
  return out;
}

bool none_could_run(const Answers& answers, const SolverSet& chosen) {
  for (Solver s : all_solvers()) {
    if (!chosen.has(s)) continue;
    const CheckResult& r = answers[static_cast<size_t>(s)];
    bool could_not = r.answer == Answer::Unavailable ||
                     (r.answer == Answer::Error && r.reason.rfind("the solver process could not start", 0) == 0);
    if (!could_not) return false;
  }
  return true;
}
}  // namespace cairn::smt
