// Reduction of one smt mismatch with the fixed call as the predicate, and its kept file.
#include "fuzz/smt/smt_reduce.h"

#include <filesystem>

#include "base/atomic_file.h"
#include "fuzz/reduce/case_file.h"
#include "fuzz/smt/smt_case.h"
#include "fuzz/smt/smt_recheck.h"

namespace cairn::fuzz {

namespace fs = std::filesystem;

namespace {

FixedCall fixed_call(const SmtMismatch& m) { return FixedCall{m.function, m.signature, m.leaves}; }

// The mismatch's solver alone; an encoder fault names none (the encoder fails before any is asked).
smt::SolverSet solvers_of(const std::string& solver) {
  if (solver == "z3") return smt::SolverSet::only(smt::Solver::Z3);
  if (solver == "cvc5") return smt::SolverSet::only(smt::Solver::Cvc5);
  return smt::SolverSet::only(smt::Solver::Z3);
}

// The scratch name a candidate is checked under (as the campaign checked the program).
std::string scratch_name(const SmtMismatch& m) { return "fuzz-" + std::to_string(m.index) + ".cairn"; }

}  // namespace

std::string mismatch_call_text(const SmtMismatch& m, unsigned timeout_ms) {
  return recheck_call(scratch_name(m), m.program, fixed_call(m), solvers_of(m.solver), timeout_ms).call_text;
}

bool still_mismatches(const SmtMismatch& m, const std::string& call_text, const std::string& text,
                      unsigned timeout_ms) {
  Recheck r = recheck_call(scratch_name(m), text, fixed_call(m), solvers_of(m.solver), timeout_ms);
  return r.verdict == RecheckVerdict::Mismatch && r.kind == m.kind && r.solver == m.solver && r.call_text == call_text;
}

SmtKept reduce_and_keep_smt(const SmtMismatch& m, uint64_t seed, const std::string& dir, unsigned timeout_ms,
                            double budget_s) {
  SmtKept k;
  k.from_bytes = m.program.size();
  // Every candidate is judged whole (check, interpreter, encoder, one solver in a child); the first of a group that
  // keeps the mismatch wins, so the ones after it are never judged.
  auto accepts = [](const std::string&) { return true; };
  std::string call = mismatch_call_text(m, timeout_ms);
  auto first_kept = [&](const std::vector<std::string>& group) {
    for (size_t i = 0; i < group.size(); ++i)
      if (still_mismatches(m, call, group[i], timeout_ms)) return static_cast<int>(i);
    return -1;
  };
  k.reduction = reduce_text(m.program, accepts, first_kept, budget_s);
  SmtCaseHeader h = smt_case_header(m, seed, k.reduction.text);
  k.id = h.hash;
  k.file = (fs::path(dir) / (h.hash + ".cairn")).string();
  // The expectation is the interpreter's outcome of the kept file itself (a trap's position names its line there).
  std::string name = h.hash + ".cairn";
  Recheck r = recheck_call(name, render_smt_case(h, k.reduction.text), fixed_call(m), solvers_of(m.solver), timeout_ms);
  h.expect = r.expect_text.empty() ? m.function + "(...) " + "is not run (" + r.detail + ")" : r.expect_text;
  k.expect_line = "// expect smt: " + h.expect;
  std::error_code ec;
  if (fs::exists(k.file, ec)) {
    k.duplicate = true;
    return k;
  }
  fs::create_directories(dir, ec);
  if (ec || !write_file_atomic(k.file, render_smt_case(h, k.reduction.text), k.error)) {
    if (ec) k.error = ec.message();
    k.file.clear();
  }
  return k;
}

}  // namespace cairn::fuzz
