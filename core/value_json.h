// Scalars in records (tools.md §1.3): exact JSON integers, bool, floats as hexadecimal-float strings.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/scalar.h"

namespace cairn::sem {

// The record encoding of a scalar encoded as in ops.h: integers as exact JSON integers, bool, floats as
// "0x1.8p+1", "-0x0p+0", "inf", "-inf" or "nan:0x7fc00000" (the NaN's bit pattern at its width).
nlohmann::json scalar_to_json(check::Scalar type, uint64_t bits);

// The exact hexadecimal text of a float (no NaN handling: "nan:0x..." is produced by scalar_to_json).
std::string float_hex(check::Scalar type, uint64_t bits);

// Reads a scalar of `type` from a record. Floats accept the strings above and JSON numbers (rounded once to
// the width). Returns false with a message in `error` on a wrong kind, a value out of range, an inexact
// hexadecimal float or a malformed string; never throws.
bool scalar_from_json(check::Scalar type, const nlohmann::json& j, uint64_t* bits, std::string* error);

// A float from the text of a decimal JSON number, rounded once to the width (f32 directly, never via f64).
bool float_from_number_text(check::Scalar type, std::string_view text, uint64_t* bits, std::string* error);

}  // namespace cairn::sem
