// The end of a switch that names every member of a closed set (a .def table or an enum): control reaches it only
// when memory holds a value no member names, a fault of the toolchain itself (E-INTERNAL where it is caught).
// Such switches have no `default:`, so -Werror=switch refuses a member added to the set and left unhandled.
#pragma once
#include <stdexcept>
#include <string>

namespace cairn {

[[noreturn]] inline void outside_closed_set(const char* set) {
  throw std::logic_error(std::string("a value outside the closed set ") + set);
}

}  // namespace cairn
