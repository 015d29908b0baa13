// The runtime's operator functions (runtime/rt_ops.h, rt_convert.h) driven through the ops.h encoding, so
// tests can hold them against sem::eval_op. Traps are observed in-process through CR_TRAP_HOOK.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>

struct RtTrap {
  int kind;
};
#define CR_TRAP_HOOK(kind, site) throw RtTrap{static_cast<int>(kind)}
#define CR_CANONICAL_NAN 1  // NaN bits compared with the interpreter's
#include "runtime/cairn_rt.h"

#include "core/ops.h"
#include "tests/unit/ops/ops_reference.h"

namespace cairn::lower::test {

using check::Scalar;

template <class T>
T from_bits(uint64_t b) {
  if constexpr (std::is_same_v<T, bool>) return b != 0;
  else if constexpr (std::is_same_v<T, float>) return cr::f32_from(static_cast<uint32_t>(b));
  else if constexpr (std::is_same_v<T, double>) return cr::f64_from(b);
  else return static_cast<T>(b);
}
template <class T>
uint64_t to_bits(T v) {
  if constexpr (std::is_same_v<T, bool>) return v ? 1 : 0;
  else if constexpr (std::is_same_v<T, float>) return cr::bits(v);
  else if constexpr (std::is_same_v<T, double>) return cr::bits(v);
  else if constexpr (std::is_signed_v<T>) return static_cast<uint64_t>(static_cast<int64_t>(v));
  else return static_cast<uint64_t>(v);
}

// Calls f with a value of the native type of a scalar (the ops tests' helper).
using sem::test::with_native;

// The runtime's answer for one row of ops.def, encoded as sem::eval_op answers.
sem::OpOutcome rt_eval(sem::Op op, Scalar type, Scalar result, uint64_t a, uint64_t b);

}  // namespace cairn::lower::test
