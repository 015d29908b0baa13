// The whole-module summary of tools.md §3.8: covered and uncovered functions, the module's status, its lines.
#pragma once
#include <map>
#include <set>
#include <string>
#include <vector>

#include "verify/verify.h"
#include "verify/compare.h"

namespace cairn::smt {

// Fills the coverage record `rec` (names, public_types_match and preconditions already set) from the
// compared functions, sets out's record, human lines and exit code. `refusals`: reasons found before any
// comparison (they leave the module incomplete).
VerifyResult finish_module(VerifyResult& out, nlohmann::ordered_json& rec, std::map<std::string, FunctionResult>& results,
                           const std::set<std::string>& all, const std::set<std::string>& missing,
                           const std::set<std::string>& extra, const std::vector<std::string>& refusals);

}  // namespace cairn::smt
