// Printing scalars: integers, bool, and floats with shortest round-trip digits at their own width.
#include "core/value_format.h"

#include "core/domain_concrete.h"
#include "core/float_bits.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace cairn::sem {

namespace {

// A p-digit decimal candidate: digits d1..dp and exponent E with value d1.d2..dp x 10^E.
struct Candidate {
  std::string digits;
  int exp = 0;
};

Candidate nearest(double x, int p) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*e", p - 1, x);  // correctly rounded by glibc, ties to even
  Candidate c;
  const char* s = buf;
  for (; *s && *s != 'e'; ++s)
    if (*s >= '0' && *s <= '9') c.digits += *s;
  c.exp = std::atoi(s + 1);
  return c;
}

// The neighbour one unit in the last place up or down, keeping p digits (d1 != 0).
Candidate step(Candidate c, bool up) {
  std::string& d = c.digits;
  size_t p = d.size();
  int i = int(p) - 1;
  if (up) {
    while (i >= 0 && d[i] == '9') d[i--] = '0';
    if (i < 0) {
      d = "1" + std::string(p - 1, '0');
      ++c.exp;
    } else {
      ++d[i];
    }
  } else {
    while (i >= 0 && d[i] == '0') d[i--] = '9';
    if (i >= 0) --d[i];
    if (d[0] == '0') {  // 1.00..0 went down to 0.99..9: one more 9 at the lower exponent
      d = std::string(p, '9');
      --c.exp;
    }
  }
  return c;
}

std::string text(const Candidate& c) {
  std::string s = c.digits.substr(0, 1);
  if (c.digits.size() > 1) s += "." + c.digits.substr(1);
  return s + "e" + std::to_string(c.exp);
}

double read_back(const Candidate& c, bool as_f32) {
  std::string s = text(c);
  return as_f32 ? double(std::strtof(s.c_str(), nullptr)) : std::strtod(s.c_str(), nullptr);
}

std::string layout(bool negative, const ShortestDigits& sd) {
  const std::string& d = sd.digits;
  int k = int(d.size()), n = sd.exp10;
  std::string out = negative ? "-" : "";
  if (k <= n && n <= 21) return out + d + std::string(n - k, '0');
  if (0 < n && n <= 21) return out + d.substr(0, n) + "." + d.substr(n);
  if (-6 < n && n <= 0) return out + "0." + std::string(-n, '0') + d;
  out += d.substr(0, 1);
  if (k > 1) out += "." + d.substr(1);
  int e = n - 1;
  return out + "e" + (e < 0 ? "-" : "+") + std::to_string(e < 0 ? -e : e);
}

std::string format_float(double x, bool as_f32) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x < 0 ? "-inf" : "inf";
  if (x == 0) return std::signbit(x) ? "-0" : "0";
  return layout(std::signbit(x), shortest_digits(std::fabs(x), as_f32));
}

}  // namespace

// The first length p at which a p-digit decimal reads back as x. The nearest p-digit decimal is the
// closest qualifying one when it qualifies; at a power of two the rounding interval is lopsided, so the
// neighbour on the other side of x may qualify when the nearest does not.
ShortestDigits shortest_digits(double x, bool as_f32) {
  int max_p = as_f32 ? 9 : 17;
  Candidate chosen;
  for (int p = 1; p <= max_p; ++p) {
    Candidate c = nearest(x, p);
    double back = read_back(c, as_f32);
    if (back == x) {
      chosen = c;
      break;
    }
    Candidate other = step(c, back < x);
    if (read_back(other, as_f32) == x) {
      chosen = other;
      break;
    }
    if (p == max_p) chosen = c;
  }
  ShortestDigits sd;
  sd.digits = chosen.digits;
  while (sd.digits.size() > 1 && sd.digits.back() == '0') sd.digits.pop_back();
  sd.exp10 = chosen.exp + 1;
  return sd;
}

std::string format_f64(double x) { return format_float(x, false); }
std::string format_f32(float x) { return format_float(double(x), true); }

// Bits in any extension (a solver's model gives an i32 of -1 as 0xFFFFFFFF) are first put in the ops.h encoding.
std::string format_scalar(check::Scalar type, uint64_t bits) {
  using check::Scalar;
  bits = ConcreteDomain::norm(type, bits);
  switch (type) {
    case Scalar::Bool: return bits ? "true" : "false";
    case Scalar::F32: return format_f32(f32_of(bits));
    case Scalar::F64: return format_f64(f64_of(bits));
    case Scalar::I8:
    case Scalar::I16:
    case Scalar::I32:
    case Scalar::I64: return std::to_string(static_cast<int64_t>(bits));
    case Scalar::U8:
    case Scalar::U16:
    case Scalar::U32:
    case Scalar::U64:
    case Scalar::Usize: return std::to_string(bits);
  }
  return std::to_string(bits);
}

std::string format_assert_operand(check::Scalar type, uint64_t bits) { return format_scalar(type, bits); }

std::string scalar_literal(check::Scalar t, uint64_t bits) {
  if (is_nan_bits(t, bits)) return "NaN";
  std::string s = format_scalar(t, bits);
  if (check::scalar_is_float(t) && s.find_first_of(".eEin") == std::string::npos) s += ".0";
  return s;
}

}  // namespace cairn::sem
