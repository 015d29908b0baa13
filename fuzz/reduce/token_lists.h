// Brackets and comma lists on the token stream, shared by the reducer's token-level edits (calls, types).
#pragma once
#include <optional>
#include <utility>
#include <vector>

#include "front/lex/token.h"

namespace cairn::fuzz {

using TokRange = std::pair<size_t, size_t>;  // token indices [first, last]

// The bracket closing the one at `open`, counting (), [] and {} alike.
std::optional<size_t> closing_bracket(const std::vector<lex::Token>& tk, size_t open);

// The comma-separated elements between two brackets; none when an element is empty or a bracket does not close
// inside.
std::vector<TokRange> comma_list(const std::vector<lex::Token>& tk, size_t open, size_t close);

}  // namespace cairn::fuzz
