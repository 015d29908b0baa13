// The canonical emission of one function (tools.md §4.2): its emitted C++ rewritten so that only what changes
// the machine code remains. Two versions of a function whose canonical texts are equal compile to the same code.
#pragma once
#include <map>
#include <string>

#include "lower/lower.h"

namespace cairn::diff {

// The canonical text of `fn` (one of `low.functions`). `callee_names` maps a C++ function symbol to the
// symbol it is written under (the NEW side's renamed callees under their OLD symbols); others stay.
// Guard-site tables are written by their entry count only: a site's file and line are a trap report's
// text, not code (docs/diff.md, "Decisions").
std::string canonical_text(const lower::Lowered& low, const lower::Function& fn,
                           const std::map<std::string, std::string>& callee_names);

// The same text with every guard written as its bare operation: equal for two versions that differ only
// in which guards they emit (`own_code: "changed only in which guards it emits"`).
std::string without_guards(const std::string& canonical);

}  // namespace cairn::diff
