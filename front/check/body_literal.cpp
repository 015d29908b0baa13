// Literal typing (§4.1, §5.2): flexible expressions, their type from partner, expected type or default.
#include <cmath>
#include <cstdlib>

#include "front/check/body_checker.h"

namespace cairn::check::body {

using ast::ExprKind;


namespace {
bool numeric(const Type* t) { return t && t->kind == TypeKind::Scalar && t->scalar != Scalar::Bool; }

// The largest magnitude of T's range on the given side, as an unsigned 64-bit number.
bool int_fits(Scalar s, uint64_t v, bool negative) {
  unsigned bits = scalar_bits(s);
  if (!scalar_is_signed(s)) return bits == 64 ? true : v <= ((uint64_t{1} << bits) - 1);
  uint64_t limit = uint64_t{1} << (bits - 1);  // |MIN|
  return negative ? v <= limit : v < limit;
}

bool int_exact_in_float(Scalar s, uint64_t v) {
  long double exact = static_cast<long double>(v);
  if (s == Scalar::F32) return static_cast<long double>(static_cast<float>(v)) == exact;
  return static_cast<long double>(static_cast<double>(v)) == exact;
}
}  // namespace

// Rules 2 and 3 of §4.1: the expected numeric type, else the default.
const Type* Checker::flexible(ast::Expr* e, const Type* expected) {
  const Type* t = expected;
  if (!numeric(t)) {
    FlexShape f;
    flex_shape(e, f);
    t = flex_default(f);
  }
  type_flexible(e, t);
  return t;
}

// Types every part of a flexible expression with T and checks each literal fits (§4.1 table).
void Checker::type_flexible(ast::Expr* e, const Type* t) {
  set(e, t);
  Scalar s = t->scalar;
  const bool is_float = scalar_is_float(s);
  switch (e->kind) {
    case ExprKind::IntLit:
    case ExprKind::CharLit: {
      uint64_t v = e->int_value;
      ConstValue cv;
      cv.type = s;
      if (is_float) {
        if (!int_exact_in_float(s, v))
          refuse(Code::LiteralRange, e->pos,
                 "The literal " + std::string(e->negative ? "-" : "") + std::to_string(v) +
                     " is not exactly representable as " + tname(t) + ".");
        cv.f = e->negative ? -static_cast<double>(v) : static_cast<double>(v);
        if (s == Scalar::F32) cv.f = static_cast<double>(static_cast<float>(cv.f));
      } else {
        if (e->negative && !scalar_is_signed(s))
          refuse(Code::Operator, e->pos, "A negative literal cannot be a " + tname(t) + " value: " + tname(t) +
                                             " is unsigned.");
        if (!int_fits(s, v, e->negative))
          refuse(Code::LiteralRange, e->pos,
                 "The literal " + std::string(e->negative ? "-" : "") + std::to_string(v) + " does not fit " +
                     tname(t) + ".");
        cv.bits = e->negative ? (~v + 1) : v;
      }
      info(e)->folded = cv;
      return;
    }
    case ExprKind::FloatLit: {
      if (!is_float)
        refuse(Code::TypeMismatch, e->pos, "Expected " + tname(t) + ", got a float literal.",
               "convert explicitly: " + tname(t) + "(" + (e->negative ? "-" : "") + e->text + ")");
      ConstValue cv;
      cv.type = s;
      double d = s == Scalar::F32 ? static_cast<double>(std::strtof(e->text.c_str(), nullptr))
                                  : std::strtod(e->text.c_str(), nullptr);
      if (std::isinf(d))
        refuse(Code::LiteralRange, e->pos, "The literal " + e->text + " is infinite as " + tname(t) + ".");
      cv.f = e->negative ? -d : d;
      info(e)->folded = cv;
      return;
    }
    case ExprKind::Paren: type_flexible(e->a, t); return;
    case ExprKind::Unary:
      if (e->un == ast::UnOp::Neg && !scalar_is_signed(s) && !is_float)
        refuse(Code::Operator, e->pos, "Prefix - is not defined for the unsigned type " + tname(t) + ".");
      if (e->un == ast::UnOp::BitNot && !scalar_is_unsigned(s))
        refuse(Code::Operator, e->pos, "~ is defined for unsigned types only, not " + tname(t) + ".");
      type_flexible(e->a, t);
      return;
    case ExprKind::Binary:
      type_flexible(e->a, t);
      operator_allows(e->bin, t, e->pos);
      type_flexible(e->b, t);
      return;
    default: return;
  }
}

// "text": ro<u8>[N] with N its byte count (§1.4), a static extent.
const Type* Checker::string_literal(ast::Expr* e) {
  ExprInfo* in = info(e);
  ExtentId id;
  id.kind = ExtentId::Kind::Value;
  id.value = e->text.size();
  id.text = std::to_string(id.value);
  in->extent = id;
  return set(e, types().view(types().scalar(Scalar::U8), false));
}

bool Checker::partner_types(ast::Expr* a, ast::Expr* b, const Type* expected_both, const Type*& ta,
                            const Type*& tb) {
  const bool fa = is_flexible(a), fb = is_flexible(b);
  if (fa && fb) {
    ta = tb = typed_pair(a, b, expected_both);
  } else if (fa) {
    tb = check(b, nullptr);
    ta = flexible(a, numeric(tb) ? tb : nullptr);
  } else if (fb) {
    ta = check(a, nullptr);
    tb = flexible(b, numeric(ta) ? ta : nullptr);
  } else {
    return false;
  }
  return true;
}

}  // namespace cairn::check::body
