// Whether one space separates two tokens written on one line (the spacing rules of tools.md §2.3).
#pragma once
#include <cstdint>

#include "front/fmt/layout_tree.h"

namespace cairn::fmt {

// Tokens a and b (indices, a directly before b) on one line: true when a space goes between them. Never
// false where writing them together would lex differently (`- >` stays apart from `->`).
bool space_between(const Tree& t, uint32_t a, uint32_t b);

}  // namespace cairn::fmt
