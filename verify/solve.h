// One query on the chosen solvers, concurrently, each in a child process under its limits (tools.md §3.5).
#pragma once
#include <array>
#include <cstdint>
#include <string>

#include "smt/backend.h"

namespace cairn::smt {

constexpr size_t kSolverCount = 2;  // rows of solvers.def
constexpr uint64_t kSolverMemoryBytes = uint64_t{4} << 30;  // address space a solver child may add

// Which solvers answer (`--solver`); a solver left out answers not-run.
struct SolverSet {
  std::array<bool, kSolverCount> use{true, true};
  bool has(Solver s) const { return use[static_cast<size_t>(s)]; }
  static SolverSet only(Solver s);
};

// The answers of one query, indexed by Solver.
using Answers = std::array<CheckResult, kSolverCount>;

// A solver still busy at twice its limit plus 500 ms is stopped.
unsigned hard_limit_ms(unsigned timeout_ms);

// check() of `query` on every chosen solver at once, each in a forked child: a child stopped at its hard
// limit answers timeout; one that crashes answers error naming the signal; not chosen: not-run.
Answers solve(const Query& query, const SolverSet& use);

// The version of a linked solver ("4.8.12"), as the record's solver_versions gives it.
std::string solver_version(Solver s);

// The bytes a child hands back for a CheckResult, and their reading (false: malformed).
std::string encode_result(const CheckResult& r);
bool decode_result(const std::string& bytes, CheckResult& r);

}  // namespace cairn::smt
