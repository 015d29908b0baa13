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

}  // namespace cairn::targets
