// Constant folding with the run-time rules: checked integers, IEEE floats in their own width, conversions.
#include "front/check/const_arith.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

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
i128 as_int(const ConstValue& v) {
  if (scalar_is_signed(v.type)) return static_cast<int64_t>(v.bits);
  return static_cast<i128>(v.bits);
}
ConstStatus make_int(Scalar t, i128 r, ConstValue* out) {
  if (r < min_of(t) || r > max_of(t)) return ConstStatus::Overflow;
  out->type = t;
  out->bits = static_cast<uint64_t>(static_cast<int64_t>(r));
  if (!scalar_is_signed(t)) out->bits = static_cast<uint64_t>(r);
  out->f = 0;
  return ConstStatus::Ok;
}
bool is_f32(Scalar t) { return t == Scalar::F32; }

ConstStatus make_float(Scalar t, double v, ConstValue* out) {
  if (!std::isfinite(v)) return ConstStatus::NotFinite;
  *out = const_float(t, v);
  return ConstStatus::Ok;
}

ConstStatus float_binary(ast::BinOp op, const ConstValue& a, const ConstValue& b, ConstValue* out) {
  using ast::BinOp;
  Scalar t = a.type;
  switch (op) {
    case BinOp::Eq: *out = const_bool(a.f == b.f); return ConstStatus::Ok;
    case BinOp::Ne: *out = const_bool(a.f != b.f); return ConstStatus::Ok;
    case BinOp::Lt: *out = const_bool(a.f < b.f); return ConstStatus::Ok;
    case BinOp::Le: *out = const_bool(a.f <= b.f); return ConstStatus::Ok;
    case BinOp::Gt: *out = const_bool(a.f > b.f); return ConstStatus::Ok;
    case BinOp::Ge: *out = const_bool(a.f >= b.f); return ConstStatus::Ok;
    default: break;
  }
  if (is_f32(t)) {
    float x = static_cast<float>(a.f), y = static_cast<float>(b.f), r;
    switch (op) {
      case BinOp::Add: r = x + y; break;
      case BinOp::Sub: r = x - y; break;
      case BinOp::Mul: r = x * y; break;
      case BinOp::Div: r = x / y; break;
      default: return ConstStatus::BadOperator;
    }
    return make_float(t, static_cast<double>(r), out);
  }
  double r;
  switch (op) {
    case BinOp::Add: r = a.f + b.f; break;
    case BinOp::Sub: r = a.f - b.f; break;
    case BinOp::Mul: r = a.f * b.f; break;
    case BinOp::Div: r = a.f / b.f; break;
    default: return ConstStatus::BadOperator;
  }
  return make_float(t, r, out);
}

ConstStatus int_binary(ast::BinOp op, const ConstValue& a, const ConstValue& b, ConstValue* out) {
  using ast::BinOp;
  Scalar t = a.type;
  i128 x = as_int(a), y = as_int(b);
  bool uns = scalar_is_unsigned(t);
  switch (op) {
    case BinOp::Eq: *out = const_bool(x == y); return ConstStatus::Ok;
    case BinOp::Ne: *out = const_bool(x != y); return ConstStatus::Ok;
    case BinOp::Lt: *out = const_bool(x < y); return ConstStatus::Ok;
    case BinOp::Le: *out = const_bool(x <= y); return ConstStatus::Ok;
    case BinOp::Gt: *out = const_bool(x > y); return ConstStatus::Ok;
    case BinOp::Ge: *out = const_bool(x >= y); return ConstStatus::Ok;
    case BinOp::Add: return make_int(t, x + y, out);
    case BinOp::Sub: return make_int(t, x - y, out);
    case BinOp::Mul: {
      i128 r;  // u64 MAX squared does not fit i128 either: then it fits no scalar type
      if (__builtin_mul_overflow(x, y, &r)) return ConstStatus::Overflow;
      return make_int(t, r, out);
    }
    case BinOp::Div:
      if (y == 0) return ConstStatus::DivZero;
      return make_int(t, x / y, out);  // truncates toward zero; MIN / -1 overflows
    case BinOp::Rem:
      if (y == 0) return ConstStatus::DivZero;
      if (scalar_is_signed(t) && x == min_of(t) && y == -1) return ConstStatus::Overflow;
      return make_int(t, x % y, out);
    case BinOp::BitAnd:
      if (!uns) return ConstStatus::BadOperator;
      return make_int(t, x & y, out);
    case BinOp::BitOr:
      if (!uns) return ConstStatus::BadOperator;
      return make_int(t, x | y, out);
    case BinOp::BitXor:
      if (!uns) return ConstStatus::BadOperator;
      return make_int(t, x ^ y, out);
    case BinOp::And:
    case BinOp::Or: return ConstStatus::BadOperator;
  }
  return ConstStatus::BadOperator;
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

ConstStatus const_binary(ast::BinOp op, const ConstValue& a, const ConstValue& b, ConstValue* out) {
  using ast::BinOp;
  if (a.type == Scalar::Bool) {
    bool x = a.bits != 0, y = b.bits != 0;
    switch (op) {
      case BinOp::And: *out = const_bool(x && y); return ConstStatus::Ok;
      case BinOp::Or: *out = const_bool(x || y); return ConstStatus::Ok;
      case BinOp::Eq: *out = const_bool(x == y); return ConstStatus::Ok;
      case BinOp::Ne: *out = const_bool(x != y); return ConstStatus::Ok;
      default: return ConstStatus::BadOperator;
    }
  }
  if (op == BinOp::And || op == BinOp::Or) return ConstStatus::BadOperator;
  if (scalar_is_float(a.type)) return float_binary(op, a, b, out);
  return int_binary(op, a, b, out);
}

ConstStatus const_unary(ast::UnOp op, const ConstValue& a, ConstValue* out) {
  switch (op) {
    case ast::UnOp::Not:
      if (a.type != Scalar::Bool) return ConstStatus::BadOperator;
      *out = const_bool(a.bits == 0);
      return ConstStatus::Ok;
    case ast::UnOp::Neg:
      if (scalar_is_float(a.type)) return make_float(a.type, -a.f, out);  // every float result is finite (§11)
      if (!scalar_is_signed(a.type)) return ConstStatus::BadOperator;
      return make_int(a.type, -as_int(a), out);
    case ast::UnOp::BitNot:
      if (!scalar_is_unsigned(a.type)) return ConstStatus::BadOperator;
      return make_int(a.type, max_of(a.type) - as_int(a), out);
  }
  return ConstStatus::BadOperator;
}

ConstStatus const_convert(const ConstValue& a, Scalar to, ConstValue* out) {
  if (a.type == Scalar::Bool || to == Scalar::Bool) return ConstStatus::BadCast;
  bool from_float = scalar_is_float(a.type), to_float = scalar_is_float(to);
  if (!from_float && !to_float) {
    if (make_int(to, as_int(a), out) != ConstStatus::Ok) return ConstStatus::Conversion;
    return ConstStatus::Ok;
  }
  if (!from_float && to_float) {
    if (to == Scalar::F32) {
      float f = scalar_is_signed(a.type) ? static_cast<float>(static_cast<int64_t>(a.bits))
                                         : static_cast<float>(a.bits);
      *out = const_float(to, f);
    } else {
      double d = scalar_is_signed(a.type) ? static_cast<double>(static_cast<int64_t>(a.bits))
                                          : static_cast<double>(a.bits);
      *out = const_float(to, d);
    }
    return ConstStatus::Ok;
  }
  if (from_float && to_float) {
    // f64 -> f32 rounds to nearest (possibly to infinity: no trap at run time); f32 -> f64 is exact
    if (to == Scalar::F32) return make_float(to, static_cast<double>(static_cast<float>(a.f)), out);
    return make_float(to, a.f, out);
  }
  // float -> integer: truncate toward zero; NaN, infinities and out-of-range values trap
  if (!std::isfinite(a.f)) return ConstStatus::Conversion;
  long double t = std::trunc(static_cast<long double>(a.f));
  if (t < static_cast<long double>(min_of(to)) || t > static_cast<long double>(max_of(to)))
    return ConstStatus::Conversion;
  i128 v = scalar_is_signed(to) ? static_cast<i128>(static_cast<int64_t>(t)) : static_cast<i128>(static_cast<uint64_t>(t));
  return make_int(to, v, out);
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
