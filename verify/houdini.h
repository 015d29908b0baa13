// Houdini (Flanagan and Leino): a set of candidate invariants pruned to its inductive subset. A candidate is given
// by its terms at a loop's entry, at the head of an arbitrary step and after that step; each round asks one solver
// for a model of the facts (and, for consecution, every candidate at the head) where some candidate fails, and
// drops the candidates that model falsifies.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "smt/term_ops.h"
#include "verify/solve.h"

namespace cairn::smt {

enum class At : uint8_t { Entry, Head, Post };

struct Held {
  Term entry, head, post;
  std::string text;  // the candidate as the record prints it
  Term at(At a) const { return a == At::Entry ? entry : a == At::Head ? head : post; }
};

Term conjunction(Context& c, const std::vector<Held>& set, At at);

struct Pruning {
  Solver solver = Solver::Z3;
  unsigned timeout_ms = 3000;
  nlohmann::ordered_json* queries = nullptr;
  size_t max_rounds = 0;  // at most this many rounds (each drops one candidate or more)
};

// Drops the candidates a model of `facts && (assume_head: all at the head) && !(all at `at`)` falsifies, until none
// is falsified. False (with `why`) when an answer is neither sat nor unsat or the rounds run out.
bool prune(Context& c, const Pruning& how, std::vector<Held>& set, const std::vector<Term>& facts, bool assume_head,
           At at, std::string& why);

}  // namespace cairn::smt
