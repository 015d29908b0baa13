// The change list beside a function's class (tools.md §4.7): only the receipt keys that differ.
#pragma once
#include <nlohmann/json.hpp>

#include "diff/version.h"

namespace cairn::diff {

// `signature {before, after}`, `effects {added, removed}` (effects naming a parameter keyed by its position,
// so a rename is no effect change), and each receipt count that differs as `{before, after}`.
nlohmann::ordered_json deltas(const FnView& before, const FnView& after);

// The effects `after` has and `before` lacks (keyed by position), as `after` writes them.
std::vector<std::string> gained_effects(const FnView& before, const FnView& after);

}  // namespace cairn::diff
