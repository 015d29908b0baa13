// Reduction of a disagreeing program (tools.md §6.3): single edits that a re-check keeps well-typed (delete a
// statement, block, function or field line; unwrap a block; delete an operator with one operand, which replaces an
// expression by the other; replace an integer literal by 0, 1 or half of it), each kept when `keeps` still sees
// the same disagreement, until a fixed point (minimal) or the deadline.
#pragma once
#include <functional>
#include <string>
#include <vector>

namespace cairn::fuzz {

struct Reduction {
  std::string text;
  size_t steps = 0;     // edits kept
  size_t tried = 0;     // candidates judged by `keeps`
  double seconds = 0;
  bool minimal = false; // no single edit keeps the disagreement
};

// `accepts` is the checker's verdict (cheap); `keeps` the whole judgement (interpreter, build, comparison), asked
// only of candidates `accepts` took.
Reduction reduce_text(const std::string& text, const std::function<bool(const std::string&)>& accepts,
                      const std::function<bool(const std::string&)>& keeps, double budget_s);

// The candidates of one round over `text`, most shrinking first (exposed for the unit tests).
std::vector<std::string> reduction_candidates(const std::string& text);

}  // namespace cairn::fuzz
