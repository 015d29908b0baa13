// Reduction of a disagreeing program (tools.md §6.3): single edits that a re-check keeps well-typed (delete a
// statement, block, function or field line; unwrap a block; inline a function with a one-expression body at every
// call and delete it; delete a parameter with its arguments; replace a call by an argument; delete an operator with
// one operand, which replaces an expression by the other; replace a name or call by a literal; replace an integer
// literal by 0, 1 or half of it; simplify a type: merge a scalar type into a simpler one, drop a record field,
// unwrap a one-field record, weaken a borrow), each kept when `keeps` still sees the same disagreement, until a fixed
// point (minimal) or the deadline.
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

// `accepts` is the checker's verdict (cheap). `first_kept` judges a group of candidates `accepts` took at once
// (the runner builds them as one batch: one compiler start for up to `width` candidates) and returns the position
// of the first that keeps the disagreement, or -1.
using FirstKept = std::function<int(const std::vector<std::string>& group)>;
Reduction reduce_text(const std::string& text, const std::function<bool(const std::string&)>& accepts,
                      const FirstKept& first_kept, double budget_s, size_t width = 16);

// The candidates of one round over `text`, most shrinking first (exposed for the unit tests).
std::vector<std::string> reduction_candidates(const std::string& text);

}  // namespace cairn::fuzz
