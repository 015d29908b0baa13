// The operator table (ops.def) and concrete evaluation of one operator on scalar bits.
#pragma once
#include <cstddef>
#include <cstdint>

#include "front/check/sema.h"
#include "front/check/types.h"

namespace cairn::sem {

enum class Op : uint8_t {
#define OP(k, spelling, typing, traps, runtime) k,
#include "semantics/ops.def"
#undef OP
};

struct OpRow {
  const char* name;      // "Add"
  const char* spelling;  // "+"
  const char* typing;    // "num", "uint", ...
  const char* traps;     // "overflow", "" for none
  const char* runtime;   // "cr_add": the runtime header function the lowering calls
};
const OpRow& op_row(Op op);
size_t op_count();  // the number of rows of ops.def

// Scalar values as raw bits: integers two's complement in 64 bits (sign-extended for signed types,
// zero-extended for unsigned), bool 0/1, f32 its bit pattern in the low 32 bits, f64 its bit pattern.
struct OpOutcome {
  uint64_t bits = 0;
  bool trapped = false;
  check::TrapKind trap = check::TrapKind::Overflow;  // meaningful when trapped
};

// Evaluates `op` on operands of scalar type `type` (for Convert and FromBits/ToBits: the source type) with
// result type `result` (comparisons: Bool). Unary ops ignore `b`; ShlWrap/Shr take the count in `b` (usize).
// Operands must be encoded as above (eval_op does not re-normalise them). When a guard fails, `trapped` is
// set with the first failing guard's kind and `bits` is 0.
// Implemented by instantiating the generic rule of ops_rules.h with the concrete domain.
OpOutcome eval_op(Op op, check::Scalar type, check::Scalar result, uint64_t a, uint64_t b = 0);

// The starting value of a `reduce` fold (language.md §8.16) over `type`, encoded as above. `fold` is the IR's
// Reduce imm: 0 + 1 * 2 add_wrap 3 mul_wrap 4 & 5 | 6 ^ 7 min 8 max 9 && 10 || (a bool for the last two).
// The interpreter, the lowering and the SMT encoder all start from it.
uint64_t reduce_identity(uint64_t fold, check::Scalar type);

}  // namespace cairn::sem
