// Reading and writing scalars in the shared record encoding of tools.md §1.3.
#include "core/value_json.h"

#include "core/domain_concrete.h"
#include "core/float_bits.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace cairn::sem {

namespace {

using check::Scalar;

bool fail(std::string* error, std::string msg) {
  if (error) *error = std::move(msg);
  return false;
}

// "nan:0x7fc00000": the NaN's pattern at its width.
bool read_nan(Scalar t, const std::string& s, uint64_t* bits, std::string* error) {
  const char* p = s.c_str() + 4;
  if (std::strncmp(p, "0x", 2) != 0 || p[2] == '\0') return fail(error, "malformed NaN \"" + s + "\"");
  char* end = nullptr;
  errno = 0;
  unsigned long long v = std::strtoull(p + 2, &end, 16);
  if (*end != '\0' || errno != 0) return fail(error, "malformed NaN \"" + s + "\"");
  if (t == Scalar::F32 && v > 0xFFFFFFFFull) return fail(error, "NaN pattern wider than f32: \"" + s + "\"");
  if (!is_nan_bits(t, v)) return fail(error, "not a NaN pattern: \"" + s + "\"");
  *bits = v;
  return true;
}

bool read_float_string(Scalar t, const std::string& s, uint64_t* bits, std::string* error) {
  const char* w = scalar_name(t);
  if (s == "inf" || s == "-inf") {
    double d = s == "inf" ? HUGE_VAL : -HUGE_VAL;
    *bits = t == Scalar::F32 ? bits_of(static_cast<float>(d)) : bits_of(d);
    return true;
  }
  if (s.rfind("nan:", 0) == 0) return read_nan(t, s, bits, error);
  bool hex = s.find("0x") != std::string::npos || s.find("0X") != std::string::npos;
  if (!hex) return float_from_number_text(t, s, bits, error);
  char* end = nullptr;
  double d = std::strtod(s.c_str(), &end);  // exact for every f32 value and every exact f64 value
  if (s.empty() || *end != '\0' || std::isnan(d)) return fail(error, "malformed float \"" + s + "\"");
  if (t == Scalar::F32) {
    float f = std::strtof(s.c_str(), nullptr);
    if (static_cast<double>(f) != d || std::isinf(f) != std::isinf(d))
      return fail(error, "\"" + s + "\" is not exactly an " + w);
    *bits = bits_of(f);
    return true;
  }
  if (std::isinf(d)) return fail(error, "\"" + s + "\" is out of the " + std::string(w) + " range");
  *bits = bits_of(d);
  return true;
}

bool read_integer(Scalar t, const nlohmann::json& j, uint64_t* bits, std::string* error) {
  const char* w = scalar_name(t);
  if (!j.is_number_integer()) return fail(error, std::string("expected an integer (") + w + "), got " + j.dump());
  unsigned width = check::scalar_bits(t);
  if (check::scalar_is_signed(t)) {
    if (j.is_number_unsigned() && j.get<uint64_t>() > uint64_t(INT64_MAX))
      return fail(error, j.dump() + " is out of the range of " + w);
    int64_t v = j.get<int64_t>();
    int64_t lo = width >= 64 ? INT64_MIN : -(int64_t{1} << (width - 1));
    int64_t hi = width >= 64 ? INT64_MAX : (int64_t{1} << (width - 1)) - 1;
    if (v < lo || v > hi) return fail(error, j.dump() + " is out of the range of " + w);
    *bits = static_cast<uint64_t>(v);
    return true;
  }
  if (!j.is_number_unsigned()) return fail(error, j.dump() + " is out of the range of " + w);
  uint64_t v = j.get<uint64_t>();
  if (width < 64 && v >= (uint64_t{1} << width)) return fail(error, j.dump() + " is out of the range of " + w);
  *bits = v;
  return true;
}

}  // namespace

std::string float_hex(Scalar type, uint64_t bits) {
  double d = type == Scalar::F32 ? static_cast<double>(f32_of(bits)) : f64_of(bits);
  if (std::isinf(d)) return d < 0 ? "-inf" : "inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%a", d);
  return buf;
}

// Bits in any extension (a solver's model gives an i32 of -1 as 0xFFFFFFFF) are first put in the ops.h encoding.
nlohmann::json scalar_to_json(Scalar type, uint64_t bits) {
  bits = ConcreteDomain::norm(type, bits);
  switch (type) {
    case Scalar::Bool: return bits != 0;
    case Scalar::F32:
    case Scalar::F64: {
      if (is_nan_bits(type, bits)) {
        char buf[32];
        std::snprintf(buf, sizeof buf, type == Scalar::F32 ? "nan:0x%08llx" : "nan:0x%016llx",
                      static_cast<unsigned long long>(bits));
        return std::string(buf);
      }
      return float_hex(type, bits);
    }
    case Scalar::I8:
    case Scalar::I16:
    case Scalar::I32:
    case Scalar::I64: return static_cast<int64_t>(bits);
    case Scalar::U8:
    case Scalar::U16:
    case Scalar::U32:
    case Scalar::U64:
    case Scalar::Usize: return bits;
  }
  return bits;
}

bool float_from_number_text(Scalar type, std::string_view text, uint64_t* bits, std::string* error) {
  std::string s(text);
  const char* w = scalar_name(type);
  if (s.empty() || s.find_first_not_of("+-0123456789.eE") != std::string::npos)
    return fail(error, "malformed number \"" + s + "\"");
  char* end = nullptr;
  if (type == Scalar::F32) {
    float f = std::strtof(s.c_str(), &end);
    if (*end != '\0') return fail(error, "malformed number \"" + s + "\"");
    if (std::isinf(f)) return fail(error, s + " is out of the " + std::string(w) + " range");
    *bits = bits_of(f);
    return true;
  }
  double d = std::strtod(s.c_str(), &end);
  if (*end != '\0') return fail(error, "malformed number \"" + s + "\"");
  if (std::isinf(d)) return fail(error, s + " is out of the " + std::string(w) + " range");
  *bits = bits_of(d);
  return true;
}

bool scalar_from_json(Scalar type, const nlohmann::json& j, uint64_t* bits, std::string* error) {
  const char* w = scalar_name(type);
  if (type == Scalar::Bool) {
    if (!j.is_boolean()) return fail(error, "expected a bool, got " + j.dump());
    *bits = j.get<bool>() ? 1 : 0;
    return true;
  }
  if (!check::scalar_is_float(type)) return read_integer(type, j, bits, error);
  if (j.is_string()) return read_float_string(type, j.get<std::string>(), bits, error);
  if (j.is_number_integer()) {  // an exact integer: one rounding, straight to the width
    if (j.is_number_unsigned()) {
      uint64_t v = j.get<uint64_t>();
      *bits = type == Scalar::F32 ? bits_of(static_cast<float>(v)) : bits_of(static_cast<double>(v));
    } else {
      int64_t v = j.get<int64_t>();
      *bits = type == Scalar::F32 ? bits_of(static_cast<float>(v)) : bits_of(static_cast<double>(v));
    }
    return true;
  }
  if (j.is_number_float()) {
    // The parser kept an f64 (correctly rounded from the text); for f32 read its shortest text again,
    // which is the original text whenever that had at most 15 significant digits.
    double d = j.get<double>();
    if (type == Scalar::F64) {
      *bits = bits_of(d);
      return true;
    }
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", d);
    for (int p = 1; p <= 17; ++p) {
      std::snprintf(buf, sizeof buf, "%.*g", p, d);
      if (std::strtod(buf, nullptr) == d) break;
    }
    return float_from_number_text(type, buf, bits, error);
  }
  return fail(error, std::string("expected a float (") + w + "), got " + j.dump());
}

}  // namespace cairn::sem
