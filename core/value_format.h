// How scalars are printed (language.md §15.1, §15.2, §15.7): integers, bool and shortest-digit floats.
#pragma once
#include <cstdint>
#include <string>

#include "core/scalar.h"

namespace cairn::sem {

// The print family's text of a scalar encoded as in ops.h: decimal integers with a sign, `true`/`false`,
// floats with the fewest digits that read back at their own width (§15.2), `0`, `-0`, `NaN`, `inf`, `-inf`.
std::string format_scalar(check::Scalar type, uint64_t bits);

// An operand in assert_eq's failure line (§15.7): like format_scalar (integers are always numbers; a char
// literal operand is already an integer value here).
std::string format_assert_operand(check::Scalar type, uint64_t bits);

// A CAIRN literal of a scalar, as the tools' records and messages show values: floats always read as floats
// ("-0.0", "2.5", "NaN", "inf").
std::string scalar_literal(check::Scalar type, uint64_t bits);

std::string format_f64(double x);
std::string format_f32(float x);

// The shortest round-trip digits of a finite nonzero |x| at the given width: value = 0.DIGITS x 10^exp10.
struct ShortestDigits {
  std::string digits;  // d1..dk, d1 != 0, dk != 0
  int exp10 = 0;       // n
};
ShortestDigits shortest_digits(double x, bool as_f32);

}  // namespace cairn::sem
