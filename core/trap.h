// The kinds of trap (traps.def): what a guard names when the program stops. Part of the operator table's leaf.
#pragma once
#include <cstdint>

namespace cairn::check {

enum class TrapKind : uint8_t {
#define TRAP(k, name) k,
#include "core/traps.def"
#undef TRAP
};
const char* trap_name(TrapKind k);

}  // namespace cairn::check
