// Constant folding: a constant's operators and conversions computed by the operator table's own rules (eval_op,
// core/ops.h), so a folded constant and the same expression at run time agree bit for bit; the checker's extra
// rules for constants (a float constant must be finite, a trap is a refusal) are the status below.
#pragma once
#include <cstdint>
#include <string>

#include "front/check/sema.h"
#include "front/syntax/ast.h"

namespace cairn::check {

enum class ConstStatus : uint8_t {
  Ok,
  Overflow,     // integer result outside the type (E-LITERAL-RANGE)
  DivZero,      // integer division or remainder by zero (E-CONST)
  NotFinite,    // a float result that is infinite or NaN (E-LITERAL-RANGE)
  BadOperator,  // the operator does not exist for the type (E-OPERATOR)
  Conversion,   // a conversion that would trap (E-CONST)
  BadCast,      // a conversion from or to a non-numeric type (E-CAST)
};

ConstValue const_int(Scalar t, int64_t v);    // signed integers (and for building test values)
ConstValue const_uint(Scalar t, uint64_t v);  // unsigned integers
ConstValue const_bool(bool b);
ConstValue const_float(Scalar t, double v);   // f32 values must already be f32-exact

// An integer literal of magnitude `mag` (negated when `negative`) typed as T (§4.1 table).
ConstStatus const_int_literal(Scalar t, uint64_t mag, bool negative, ConstValue* out);
// A float literal written as `text` (digits, '.', exponent), rounded directly to T (f32: never through f64).
ConstStatus const_float_literal(Scalar t, const std::string& text, bool negative, ConstValue* out);

ConstStatus const_binary(ast::BinOp op, const ConstValue& a, const ConstValue& b, ConstValue* out);
ConstStatus const_unary(ast::UnOp op, const ConstValue& a, ConstValue* out);
ConstStatus const_convert(const ConstValue& a, Scalar to, ConstValue* out);

// "200", "-3", "1.5", "true": for messages.
std::string const_text(const ConstValue& v);

}  // namespace cairn::check
