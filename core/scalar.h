// The scalar types of the language (scalars.def): their names, sizes and classes. Part of the operator table's
// leaf (core/), which includes nothing else of the project.
#pragma once
#include <cstdint>

namespace cairn::check {

enum class Scalar : uint8_t {
#define SCALAR(k, name, size, is_int, is_signed, is_float) k,
#include "core/scalars.def"
#undef SCALAR
};
// The scalars.def table, inline: these are asked on every operation the interpreter evaluates.
struct ScalarRow {
  const char* name;
  unsigned size;
  bool is_int, is_signed, is_float;
};
inline constexpr ScalarRow kScalarRows[] = {
#define SCALAR(k, name, size, is_int, is_signed, is_float) {name, size, is_int, is_signed, is_float},
#include "core/scalars.def"
#undef SCALAR
};
constexpr const ScalarRow& scalar_row(Scalar s) { return kScalarRows[static_cast<int>(s)]; }
constexpr const char* scalar_name(Scalar s) { return scalar_row(s).name; }
constexpr unsigned scalar_size(Scalar s) { return scalar_row(s).size; }
constexpr bool scalar_is_int(Scalar s) { return scalar_row(s).is_int; }
constexpr bool scalar_is_signed(Scalar s) { return scalar_row(s).is_signed; }
constexpr bool scalar_is_float(Scalar s) { return scalar_row(s).is_float; }
constexpr bool scalar_is_unsigned(Scalar s) { return scalar_row(s).is_int && !scalar_row(s).is_signed; }  // u8..usize
constexpr unsigned scalar_bits(Scalar s) { return scalar_row(s).size * 8; }
}  // namespace cairn::check
