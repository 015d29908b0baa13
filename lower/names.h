// C++ spellings the lowering derives from CAIRN names: injective, deterministic symbol mangling.
#pragma once
#include <string>

namespace cairn::lower {

// Letters and digits stay; every other byte becomes `_` plus a code (`_` itself is `__`), so distinct
// names give distinct symbols: "geo.scale[4]" -> "geo_dscale_b4_e".
std::string mangle(const std::string& name);

// A C++ string literal holding exactly `bytes` (octal escapes for everything outside plain ASCII text).
std::string cpp_string(const std::string& bytes);

}  // namespace cairn::lower
