// Lays the formatter's tree out as lines: indentation, one statement per line, blocks, comments, wrapping.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "front/fmt/layout_tree.h"

namespace cairn::fmt {

// The lines of the formatted file, without line ends and without trailing spaces.
std::vector<std::string> render(const Tree& tree, uint32_t width);

// Columns a line takes: its code points (a byte that does not continue a UTF-8 sequence counts one).
uint32_t columns(const std::string& s);

}  // namespace cairn::fmt
