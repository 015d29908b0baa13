// The operator table (ops.def) and concrete evaluation of one operator on scalar bits.
#pragma once
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>

#include "core/scalar.h"
#include "core/trap.h"

namespace cairn::sem {

enum class Op : uint8_t {
#define OP(k, spelling, typing, operands, result, traps, runtime, unchecked, form) k,
#include "core/ops.def"
#undef OP
};

// The typing classes of ops.def: which operand scalars a row admits.
enum class Typing : uint8_t { Int, UInt, SInt, Float, Num, SNum, Bool, Eq, Conv, Bits };
// The result type of a row, given the operand type (sem::op_result).
enum class Result : uint8_t { Same, Bool, Bits, Target };
// How the lowering calls a row's runtime function.
enum class CallForm : uint8_t { Guarded, Plain, Special };
// A set of trap kinds (traps.def), one bit each.
using TrapMask = uint32_t;
constexpr TrapMask trap_bit(check::TrapKind k) { return TrapMask{1} << static_cast<unsigned>(k); }

struct OpRow {
  const char* name;       // "Add"
  const char* spelling;   // "+"
  Typing typing;          // the operand scalars it admits
  uint8_t operands;       // 1 or 2
  Result result;          // its result type from the operand type
  TrapMask traps;         // the traps it may raise
  const char* runtime;    // "cr_add": the runtime header function the lowering calls
  const char* unchecked;  // "cr_add_nc": the same without its guard, where the checker proved it; "" for none
  CallForm form;
};
inline constexpr OpRow kOpRows[] = {
#define TRAP_BIT(k) trap_bit(check::TrapKind::k)
#define OP(k, spelling, typing, operands, result, traps, runtime, unchecked, form) \
  {#k, spelling, Typing::typing, operands, Result::result, traps, runtime, unchecked, CallForm::form},
#include "core/ops.def"
#undef OP
#undef TRAP_BIT
};
constexpr const OpRow& op_row(Op op) { return kOpRows[static_cast<size_t>(op)]; }
constexpr size_t op_count() { return std::size(kOpRows); }  // the number of rows of ops.def
constexpr bool may_trap(Op op, check::TrapKind k) { return (op_row(op).traps & trap_bit(k)) != 0; }
// "int", "uint", ...: a typing class as ops.def's comment names it.
const char* typing_name(Typing t);
// Whether operand scalar `sc` belongs to the typing class (tag-only enums compare as u32); for Bits, ToBits
// takes a float and FromBits a u32 or u64.
constexpr bool in_typing_class(Typing t, Op op, check::Scalar sc) {
  const bool integer = check::scalar_is_int(sc), flt = check::scalar_is_float(sc);
  switch (t) {
    case Typing::Int: return integer;
    case Typing::UInt: return check::scalar_is_unsigned(sc);
    case Typing::SInt: return integer && check::scalar_is_signed(sc);
    case Typing::Float: return flt;
    case Typing::Num: case Typing::Conv: return integer || flt;
    case Typing::SNum: return (integer && check::scalar_is_signed(sc)) || flt;
    case Typing::Bool: return sc == check::Scalar::Bool;
    case Typing::Eq: return true;  // every scalar; tag-only enums compare as u32
    case Typing::Bits: return op == Op::ToBits ? flt : sc == check::Scalar::U32 || sc == check::Scalar::U64;
  }
  return false;
}

// The result scalar of `op` on operands of scalar `sc` (Convert: `sc` itself, the node names its target); none for
// ToBits of a non-float or FromBits of anything but u32 and u64.
constexpr std::optional<check::Scalar> op_result(Op op, check::Scalar sc) {
  using check::Scalar;
  switch (op_row(op).result) {
    case Result::Same: case Result::Target: return sc;
    case Result::Bool: return Scalar::Bool;
    case Result::Bits:  // ToBits: float to its width's unsigned integer; FromBits the other way
      if (op == Op::ToBits) return sc == Scalar::F32 ? std::optional(Scalar::U32)
                                   : sc == Scalar::F64 ? std::optional(Scalar::U64) : std::nullopt;
      return sc == Scalar::U32 ? std::optional(Scalar::F32) : sc == Scalar::U64 ? std::optional(Scalar::F64) : std::nullopt;
  }
  return std::nullopt;
}
constexpr bool op_is_comparison(Op op) { return op_row(op).result == Result::Bool; }

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

// The operators a `reduce` folds with (reduce_folds.def).
enum class Fold : uint8_t {
#define REDUCE_FOLD(k, spelling, op) k,
#include "core/reduce_folds.def"
#undef REDUCE_FOLD
};
struct FoldRow {
  const char* spelling;  // "+", "add_wrap", "&&"
  Op op;                 // the operator combining the accumulator with a value (unread when `logical`)
  bool logical;          // && or ||: a fold over bool with no ops.def row
};
// Whether `f` is one of reduce_folds.def's rows (a damaged IR node may hold any byte).
constexpr bool fold_valid(Fold f) {
  constexpr size_t kCount = 0
#define REDUCE_FOLD(k, spelling, op) +1
#include "core/reduce_folds.def"
#undef REDUCE_FOLD
      ;
  return static_cast<size_t>(f) < kCount;
}
// The row of a valid fold (fold_valid).
const FoldRow& fold_row(Fold f);

// The starting value of a `reduce` fold (language.md §8.16) over `type`, encoded as above (a bool for the logical
// folds). The interpreter, the lowering and the SMT encoder all start from it.
uint64_t reduce_identity(Fold fold, check::Scalar type);

}  // namespace cairn::sem
