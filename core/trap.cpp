// The trap kinds' names (traps.def).
#include "core/trap.h"

namespace cairn::check {

const char* trap_name(TrapKind k) {
  static constexpr const char* kNames[] = {
#define TRAP(k, name) name,
#include "core/traps.def"
#undef TRAP
  };
  return kNames[static_cast<int>(k)];
}

}  // namespace cairn::check
