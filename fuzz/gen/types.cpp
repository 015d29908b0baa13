// Scalar type facts (from scalars.def) and interval helpers.
#include "fuzz/gen/types.h"

#include <algorithm>

namespace cairn::fuzz {

namespace {
struct TyRow {
  std::string_view name;
  int bits;
  bool is_signed;
  bool is_float;
};
constexpr TyRow kRows[] = {
#define S(Id, name, bits, is_signed, is_float) {name, bits, is_signed, is_float},
#include "fuzz/gen/scalars.def"
#undef S
};
const TyRow& row(Ty t) { return kRows[static_cast<int>(t)]; }
}  // namespace

std::string_view ty_name(Ty t) { return row(t).name; }
int ty_bits(Ty t) { return row(t).bits; }
bool is_float(Ty t) { return row(t).is_float; }
bool is_int(Ty t) { return t != Ty::Bool && !row(t).is_float; }
bool is_signed_int(Ty t) { return is_int(t) && row(t).is_signed; }
bool is_unsigned(Ty t) { return is_int(t) && !row(t).is_signed; }

const std::vector<Ty>& int_types() {
  static const std::vector<Ty> kInts = {Ty::U8, Ty::U16, Ty::U32, Ty::U64, Ty::Usize,
                                        Ty::I8, Ty::I16, Ty::I32, Ty::I64};
  return kInts;
}

Interval full(Ty t) {
  int w = ty_bits(t);
  if (is_signed_int(t)) return {-(Wide{1} << (w - 1)), (Wide{1} << (w - 1)) - 1};
  return {0, (Wide{1} << w) - 1};
}

Interval hull(const Interval& a, const Interval& b) { return {std::min(a.lo, b.lo), std::max(a.hi, b.hi)}; }
Interval meet(const Interval& a, const Interval& b) { return {std::max(a.lo, b.lo), std::min(a.hi, b.hi)}; }

std::string wide_str(Wide v) {
  if (v == 0) return "0";
  bool neg = v < 0;
  std::string s;
  // v may be -2^63 at the lowest, whose negation a Wide holds.
  Wide m = neg ? -v : v;
  while (m > 0) {
    s.push_back(static_cast<char>('0' + static_cast<int>(m % 10)));
    m /= 10;
  }
  if (neg) s.push_back('-');
  std::reverse(s.begin(), s.end());
  return s;
}

std::string lit(Wide v) { return v < 0 ? "(" + wide_str(v) + ")" : wide_str(v); }

Wide isqrt(Wide v) {
  Wide r = 0;
  Wide bit = Wide{1} << 62;
  while (bit > v) bit >>= 2;
  while (bit != 0) {
    if (v >= r + bit) {
      v -= r + bit;
      r = (r >> 1) + bit;
    } else {
      r >>= 1;
    }
    bit >>= 2;
  }
  return r;
}

}  // namespace cairn::fuzz
