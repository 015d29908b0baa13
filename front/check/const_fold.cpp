// Constant values, literals typed by their context, and folding through the operator table (const_fold.h).
#include "front/check/const_fold.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "core/float_bits.h"
#include "core/ops.h"

namespace cairn::check {

namespace {

using i128 = __int128;

i128 min_of(Scalar t) {
  if (!scalar_is_signed(t)) return 0;
  return -(static_cast<i128>(1) << (scalar_bits(t) - 1));
}
i128 max_of(Scalar t) {
  unsigned bits = scalar_bits(t);
  if (scalar_is_signed(t)) return (static_cast<i128>(1) << (bits - 1)) - 1;
  return (static_cast<i128>(1) << bits) - 1;
}
ConstStatus make_int(Scalar t, i128 r, ConstValue* out) {
  if (r < min_of(t) || r > max_of(t)) return ConstStatus::Overflow;
  out->type = t;
  out->bits = static_cast<uint64_t>(static_cast<int64_t>(r));
  if (!scalar_is_signed(t)) out->bits = static_cast<uint64_t>(r);
  out->f = 0;
  return ConstStatus::Ok;
}

ConstStatus make_float(Scalar t, double v, ConstValue* out) {
  if (!std::isfinite(v)) return ConstStatus::NotFinite;
  *out = const_float(t, v);
  return ConstStatus::Ok;
}

}  // namespace

ConstValue const_int(Scalar t, int64_t v) {
  ConstValue c;
  c.type = t;
  c.bits = static_cast<uint64_t>(v);
  return c;
}
ConstValue const_uint(Scalar t, uint64_t v) {
  ConstValue c;
  c.type = t;
  c.bits = v;
  return c;
}
ConstValue const_bool(bool b) {
  ConstValue c;
  c.type = Scalar::Bool;
  c.bits = b ? 1 : 0;
  return c;
}
ConstValue const_float(Scalar t, double v) {
  ConstValue c;
  c.type = t;
  c.f = v;
  if (t == Scalar::F32) {
    float x = static_cast<float>(v);
    uint32_t u;
    std::memcpy(&u, &x, 4);
    c.bits = u;
  } else {
    std::memcpy(&c.bits, &v, 8);
  }
  return c;
}

ConstStatus const_int_literal(Scalar t, uint64_t mag, bool negative, ConstValue* out) {
  if (scalar_is_float(t)) {
    long double exact = negative ? -static_cast<long double>(mag) : static_cast<long double>(mag);
    if (t == Scalar::F32) {
      float f = negative ? -static_cast<float>(mag) : static_cast<float>(mag);
      if (static_cast<long double>(f) != exact) return ConstStatus::Overflow;
      *out = const_float(t, f);
    } else {
      double d = negative ? -static_cast<double>(mag) : static_cast<double>(mag);
      if (static_cast<long double>(d) != exact) return ConstStatus::Overflow;
      *out = const_float(t, d);
    }
    return ConstStatus::Ok;
  }
  if (t == Scalar::Bool) return ConstStatus::BadOperator;
  if (negative && scalar_is_unsigned(t)) return ConstStatus::BadOperator;
  i128 v = negative ? -static_cast<i128>(mag) : static_cast<i128>(mag);
  return make_int(t, v, out);
}

ConstStatus const_float_literal(Scalar t, const std::string& text, bool negative, ConstValue* out) {
  if (t == Scalar::F32) {
    float f = std::strtof(text.c_str(), nullptr);
    if (negative) f = -f;
    return make_float(t, static_cast<double>(f), out);
  }
  double d = std::strtod(text.c_str(), nullptr);
  if (negative) d = -d;
  return make_float(t, d, out);
}

namespace {

// The value eval_op gives (its encoding, core/ops.h) as a ConstValue of scalar t.
ConstValue from_bits(Scalar t, uint64_t bits) {
  if (t == Scalar::F32) return const_float(t, static_cast<double>(sem::f32_of(bits)));
  if (t == Scalar::F64) return const_float(t, sem::f64_of(bits));
  ConstValue c;
  c.type = t;
  c.bits = bits;
  return c;
}

// Row `op` on constants of scalar `type` giving scalar `result`: the typing class of the row, eval_op, then the
// constant rules: a trap is a refusal with its kind's status, a float result must be finite.
ConstStatus fold(sem::Op op, Scalar type, Scalar result, uint64_t a, uint64_t b, ConstValue* out) {
  if (!sem::in_typing_class(sem::op_row(op).typing, op, type)) return ConstStatus::BadOperator;
  const sem::OpOutcome r = sem::eval_op(op, type, result, a, b);
  if (r.trapped) {
    switch (r.trap) {
      case TrapKind::DivideByZero: return ConstStatus::DivZero;
      case TrapKind::Conversion: return ConstStatus::Conversion;
      case TrapKind::Overflow: case TrapKind::AbsMin: case TrapKind::Shift: return ConstStatus::Overflow;
      case TrapKind::Bounds: case TrapKind::Part: case TrapKind::Assert: case TrapKind::MatchTag:
      case TrapKind::Alloc: case TrapKind::NullFn: case TrapKind::Disjoint: case TrapKind::Stack:
        return ConstStatus::BadOperator;  // no scalar operator raises these
    }
    return ConstStatus::BadOperator;
  }
  ConstValue v = from_bits(result, r.bits);
  if (scalar_is_float(result) && !std::isfinite(v.f)) return ConstStatus::NotFinite;
  *out = v;
  return ConstStatus::Ok;
}

}  // namespace

ConstStatus const_binary(ast::BinOp op, const ConstValue& a, const ConstValue& b, ConstValue* out) {
  const std::optional<sem::Op> row = ast::binop_op(op);
  if (!row) {  // && and ||: bool only
    if (a.type != Scalar::Bool) return ConstStatus::BadOperator;
    const bool x = a.bits != 0, y = b.bits != 0;
    *out = const_bool(op == ast::BinOp::And ? x && y : x || y);
    return ConstStatus::Ok;
  }
  const Scalar result = sem::op_result(*row, a.type).value_or(a.type);
  return fold(*row, a.type, result, a.bits, b.bits, out);
}

ConstStatus const_unary(ast::UnOp op, const ConstValue& a, ConstValue* out) {
  return fold(ast::unop_row(op).op, a.type, a.type, a.bits, 0, out);
}

ConstStatus const_convert(const ConstValue& a, Scalar to, ConstValue* out) {
  if (a.type == Scalar::Bool || to == Scalar::Bool) return ConstStatus::BadCast;
  return fold(sem::Op::Convert, a.type, to, a.bits, 0, out);
}

std::string const_text(const ConstValue& v) {
  if (v.type == Scalar::Bool) return v.bits ? "true" : "false";
  if (scalar_is_float(v.type)) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.17g", v.f);
    return buf;
  }
  if (scalar_is_signed(v.type)) return std::to_string(static_cast<int64_t>(v.bits));
  return std::to_string(v.bits);
}

}  // namespace cairn::check
