// Did-you-mean: the candidate nearest a misspelled word (a command, a flag, a choice, a function name), by
// optimal-string-alignment distance (an insertion, a deletion, a substitution or two neighbours swapped count one
// each). A candidate is offered only when it is close: at most one edit for words of up to four letters, at most
// a third of the word's length otherwise. Ties go to the first candidate in the order given.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cairn {

size_t edit_distance(std::string_view a, std::string_view b);

std::optional<std::string> nearest(std::string_view word, const std::vector<std::string>& candidates);

// " Did you mean `X`?" for the nearest candidate, or "" when none is close.
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace cairn
