// The freestanding profile (language.md §14.7): after the checker has accepted a program, the row of main may
// not hold alloc, free, io from anything but the print family, or indirect_call.
#pragma once
#include <string>

#include "front/check/sema.h"

namespace cairn::targets {

// "" when the profile accepts the checked program, else the message of its E-PROJECT-OR-ENVIRONMENT refusal:
// "A freestanding target has no hosted runtime: fill has effect 'alloc'." It names, among the functions main
// reaches whose own body produces a refused label, the first in source order, and its first refused label in
// the order of §14.7's list. A program without main is outside the profile (a board image is an exe).
std::string board_profile_refusal(const check::Program& program);

// Whether the freestanding profile accepts the checked program (the qemu-aarch64 engine runs only these).
inline bool board_profile_accepts(const check::Program& program) { return board_profile_refusal(program).empty(); }

}  // namespace cairn::targets
