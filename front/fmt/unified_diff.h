// A unified diff of two texts, line by line, for `cairn fmt --diff` (`--- FILE` / `+++ FILE (formatted)`).
#pragma once
#include <string>
#include <string_view>

namespace cairn::fmt {

// The diff from `before` to `after` with three lines of context, headed `--- NAME` and `+++ NAME (formatted)`;
// empty when the texts are equal. Minimal (Myers) up to a bound on the edit size, one hunk of the differing middle
// beyond it; deterministic either way.
std::string unified_diff(const std::string& name, std::string_view before, std::string_view after);

}  // namespace cairn::fmt
