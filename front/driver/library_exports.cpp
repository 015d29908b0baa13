// Which functions a library exports.
#include "front/driver/library_exports.h"

namespace cairn::driver {

bool library_exports(const check::FnInfo& fn, const check::Program& program) {
  return !fn.is_test && !fn.in_dependency && !fn.is_template && &fn != program.main;
}

}  // namespace cairn::driver
