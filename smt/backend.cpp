// The solver table, the logic of a query, and check(): timing, exceptions to Error, the ALL retry.
#include "smt/backend.h"

#include <chrono>
#include <exception>

namespace cairn::smt {

namespace {

using RunFn = CheckResult (*)(const Query&, const std::string&, unsigned);
struct SolverRow {
  const char* name;
  RunFn run;
  uint64_t narrowing_work;
};
const SolverRow kSolvers[] = {
#define SOLVER(k, name, run, work) {name, &run, work},
#include "smt/solvers.def"
#undef SOLVER
};
const char* const kAnswers[] = {
#define ANSWER(k, name) name,
#include "smt/answers.def"
#undef ANSWER
};

CheckResult attempt(Solver solver, const Query& query, const std::string& logic, unsigned timeout_ms) {
  CheckResult r;
  try {
    r = kSolvers[static_cast<size_t>(solver)].run(query, logic, timeout_ms);
  } catch (const std::exception& e) {
    r = CheckResult{};
    r.answer = Answer::Error;
    r.reason = e.what();
  } catch (...) {
    r = CheckResult{};
    r.answer = Answer::Error;
    r.reason = "unknown exception";
  }
  if (r.logic.empty()) r.logic = logic;
  if (r.answer != Answer::Sat) r.values.clear();
  return r;
}

}  // namespace

const char* solver_name(Solver s) { return kSolvers[static_cast<size_t>(s)].name; }
uint64_t narrowing_work(Solver s) { return kSolvers[static_cast<size_t>(s)].narrowing_work; }
const char* answer_name(Answer a) { return kAnswers[static_cast<size_t>(a)]; }

const std::vector<Solver>& all_solvers() {
  static const std::vector<Solver> all = {
#define SOLVER(k, name, run, work) Solver::k,
#include "smt/solvers.def"
#undef SOLVER
  };
  return all;
}

std::string logic_of(const std::vector<Term>& assertions) {
  bool arrays = false, bv = false, fp = false;
  for (Term t : post_order(assertions)) {
    switch (t.ctx().info(t.sort()).kind) {
      case SortKind::Bool: break;
      case SortKind::BitVec: bv = true; break;
      case SortKind::Float: fp = true; break;
      case SortKind::Array: arrays = true; break;
    }
  }
  return std::string("QF_") + (arrays ? "A" : "") + (bv || fp || !arrays ? "BV" : "X") + (fp ? "FP" : "");
}

std::string query_logic(const Query& query) {
  if (!query.logic.empty()) return query.logic;
  std::vector<Term> all = query.assertions;
  all.insert(all.end(), query.wanted.begin(), query.wanted.end());
  return logic_of(all);
}

CheckResult check(Solver solver, const Query& query) {
  auto start = std::chrono::steady_clock::now();
  auto elapsed_ms = [&] {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  };
  std::string logic = query_logic(query);
  CheckResult r = attempt(solver, query, logic, query.timeout_ms);
  if (r.answer == Answer::Unknown && logic != "ALL") {
    double left = query.timeout_ms - elapsed_ms();
    if (left >= 1) {
      r = attempt(solver, query, "ALL", static_cast<unsigned>(left));
      r.retried = true;
    }
  }
  r.milliseconds = elapsed_ms();
  return r;
}

}  // namespace cairn::smt
