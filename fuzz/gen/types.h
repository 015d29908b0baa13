// Scalar types as the generator sees them, and the value intervals it proves every integer expression lies in.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cairn::fuzz {

enum class Ty : uint8_t {
#define S(Id, name, bits, is_signed, is_float) Id,
#include "fuzz/gen/scalars.def"
#undef S
};

std::string_view ty_name(Ty t);
int ty_bits(Ty t);
bool is_int(Ty t);
bool is_signed_int(Ty t);
bool is_unsigned(Ty t);
bool is_float(Ty t);
const std::vector<Ty>& int_types();

// Every integer value of every type fits: -2^63 .. 2^64 - 1.
using Wide = __int128;

struct Interval {
  Wide lo = 0;
  Wide hi = 0;
  bool within(const Interval& outer) const { return lo >= outer.lo && hi <= outer.hi; }
  bool exact() const { return lo == hi; }
};

Interval full(Ty t);
Interval hull(const Interval& a, const Interval& b);
// The intersection, which the caller knows is not empty.
Interval meet(const Interval& a, const Interval& b);

// A decimal literal; a negative one in parentheses, "(-5)", so it can stand after any operator.
std::string lit(Wide v);
// The decimal digits of v, with a '-' when negative.
std::string wide_str(Wide v);
// floor(sqrt(v)) for v >= 0.
Wide isqrt(Wide v);

}  // namespace cairn::fuzz
