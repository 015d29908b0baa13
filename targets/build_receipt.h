// receipt.json of a native build (tools.md §2.5): what was compiled, by what, from which bytes, and each
// function's checker receipt.
#pragma once
#include "front/driver/driver.h"
#include "lower/lower.h"
#include "nlohmann/json.hpp"
#include "semantics/ir.h"

namespace cairn::targets {

struct BuildResult;

nlohmann::ordered_json build_receipt(const driver::CheckRun& run, const ir::Module& mod, const lower::Lowered& low,
                                     const BuildResult& r);

// One function's checker receipt (`signature`, `effects`, the guard counts, allocations, storage, census and
// implementations); `irf` and `lf` may be null when the function has no IR or emission. `cairn diff`
// compares two of these key by key (tools.md §4.7).
nlohmann::ordered_json function_receipt(const check::FnInfo& fn, const ir::Function* irf, const lower::Function* lf);

}  // namespace cairn::targets
