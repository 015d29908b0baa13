// ask_side and its helpers (side_query.h).
#include "verify/side_query.h"

#include "base/sha256.h"
#include "smt/smtlib.h"
#include "verify/record.h"

namespace cairn::smt {

Answers ask_side(const std::vector<Term>& assertions, const std::vector<Term>& wanted, const SolverSet& use,
                 unsigned timeout_ms, const char* stage, nlohmann::ordered_json* queries) {
  Query q;
  q.assertions = assertions;
  q.wanted = wanted;
  q.timeout_ms = timeout_ms;
  Answers a = solve(q, use);
  if (!queries) return a;
  std::string sha = sha256_hex(smtlib_text(q));
  for (Solver v : all_solvers()) {
    if (!use.has(v)) continue;
    queries->push_back(query_entry(stage, v, a[static_cast<size_t>(v)], timeout_ms, sha));
  }
  return a;
}

Solver first_chosen(const SolverSet& s) {
  for (Solver v : all_solvers())
    if (s.has(v)) return v;
  return Solver::Z3;
}

bool all_unsat(const Answers& a, const SolverSet& use, std::string& text) {
  bool all = true;
  text.clear();
  for (Solver v : all_solvers()) {
    if (!use.has(v)) continue;
    Answer ans = a[static_cast<size_t>(v)].answer;
    all = all && ans == Answer::Unsat;
    text += (text.empty() ? "" : ", ") + std::string(solver_name(v)) + ": " + answer_name(ans);
  }
  return all;
}

}  // namespace cairn::smt
