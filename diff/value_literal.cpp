// Values of tools.md §1.3 written as CAIRN literals for the diff's human and Markdown renderings.
//
// Decisions where the spec is silent:
// - A float's width is not in the record, so every float is written with the fewest digits that read back
//   as the same value at f64 width. That is exact for both widths (an f32 value is an f64 value, and the
//   f64 digits round back to it at f32 width too), at the cost of longer digits for some f32 values
//   (f32(0.1) shows as 0.10000000149011612).
// - The digits are laid out as language.md §15.2 lays out printed floats (plain decimals for
//   1e-6 <= |x| < 1e21, else d.ddde±N), except that an integral value gets ".0" so it reads as a float
//   literal: "-0x0p+0" is -0.0, "0x1.8p+1" is 3.0. "inf", "-inf" stay; any "nan:0x..." is NaN.
// - An object whose keys are `variant` (a string) and optionally `value` is a sum: Variant(V) or Variant;
//   an object whose only key is `tag` (an integer) is `tag N`; any other object is a record {x: 1, y: 2}
//   (the encoding carries no type name).
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>

#include "diff/render.h"

namespace cairn::diff {
namespace {

using json = nlohmann::ordered_json;

// The §15.2 layout of shortest digits D (no point) with decimal exponent N (value = 0.D × 10^N).
std::string layout_digits(const std::string& digits, int n) {
  int k = static_cast<int>(digits.size());
  if (k <= n && n <= 21) return digits + std::string(n - k, '0') + ".0";
  if (0 < n && n <= 21) return digits.substr(0, n) + "." + digits.substr(n);
  if (-6 < n && n <= 0) return "0." + std::string(-n, '0') + digits;
  std::string out(1, digits[0]);
  if (k > 1) out += "." + digits.substr(1);
  int e = n - 1;
  return out + "e" + (e < 0 ? "-" : "+") + std::to_string(std::abs(e));
}

std::string float_literal(double v) {
  if (std::isnan(v)) return "NaN";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  std::string sign = std::signbit(v) ? "-" : "";
  v = std::fabs(v);
  if (v == 0) return sign + "0.0";
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  std::string sci(buf, res.ptr);  // d[.ddd]e±XX
  size_t e = sci.find('e');
  std::string digits = sci.substr(0, e);
  if (digits.size() > 1) digits.erase(1, 1);  // drop the point
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
  int exponent = std::atoi(sci.c_str() + e + 1);
  return sign + layout_digits(digits, exponent + 1);
}

// A float as the record holds it: a hex-float string, inf, -inf, nan:0x... (or a JSON number by hand).
bool float_string(const std::string& s, std::string& out) {
  if (s == "inf" || s == "-inf") return out = s, true;
  if (s.rfind("nan", 0) == 0) return out = "NaN", true;
  bool hex = s.find("0x") != std::string::npos || s.find("0X") != std::string::npos;
  if (!hex) return false;
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  if (end == s.c_str() || *end != '\0') return false;
  out = float_literal(v);
  return true;
}

bool is_sum(const json& v) {
  if (!v.contains("variant") || !v["variant"].is_string()) return false;
  for (const auto& [key, _] : v.items())
    if (key != "variant" && key != "value") return false;
  return true;
}

std::string object_literal(const json& v) {
  if (is_sum(v)) {
    std::string name = v["variant"].get<std::string>();
    return v.contains("value") ? name + "(" + value_literal(v["value"]) + ")" : name;
  }
  if (v.size() == 1 && v.contains("tag") && v["tag"].is_number_integer()) return "tag " + v["tag"].dump();
  std::string out = "{";
  bool first = true;
  for (const auto& [key, field] : v.items()) {
    out += (first ? "" : ", ") + key + ": " + value_literal(field);
    first = false;
  }
  return out + "}";
}

}  // namespace

std::string value_literal(const json& value) {
  switch (value.type()) {
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::boolean:
      return value.dump();
    case json::value_t::number_float:
      return float_literal(value.get<double>());
    case json::value_t::string: {
      std::string s = value.get<std::string>(), out;
      return float_string(s, out) ? out : s;  // any other string is shown as it stands
    }
    case json::value_t::array: {
      std::string out = "[";
      for (size_t i = 0; i < value.size(); ++i) out += (i ? ", " : "") + value_literal(value[i]);
      return out + "]";
    }
    case json::value_t::object:
      return object_literal(value);
    case json::value_t::null:
    case json::value_t::binary:
    case json::value_t::discarded:
      break;
  }
  return "()";
}

}  // namespace cairn::diff
