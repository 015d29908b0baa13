// The board's exact float conversion (runtime/rt_float_exact.h) against the host C library it replaces: the
// p-digit decimal nearest to a double as printf("%.*e") gives it, and where a decimal reads back at f32 and
// f64 width as strtof/strtod say, on random values, powers of two and the extremes.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

#include "runtime/rt_float_exact.h"

namespace {

// "d.ddde+XX" of the exact nearest, as printf writes it.
std::string exact_text(double x, int p) {
  int e = 0;
  std::string d = std::to_string(cr::exact::nearest(x, p, e));
  std::string s = d.substr(0, 1);
  if (p > 1) s += "." + d.substr(1);
  char ex[16];
  std::snprintf(ex, sizeof ex, "e%+03d", e);
  return s + ex;
}

int host_side(uint64_t d, int s, double x, bool f32) {
  std::string text = std::to_string(d) + "e" + std::to_string(s);
  double back = f32 ? static_cast<double>(std::strtof(text.c_str(), nullptr)) : std::strtod(text.c_str(), nullptr);
  return back == x ? 0 : back < x ? -1 : 1;
}

void agree(double x, bool f32, int p) {
  char want[64];
  std::snprintf(want, sizeof want, "%.*e", p - 1, x);
  ASSERT_EQ(exact_text(x, p), want) << std::hexfloat << x << " p=" << p;
  int e = 0;
  uint64_t q = cr::exact::nearest(x, p, e);
  for (int delta = -1; delta <= 1; ++delta) {
    if (q + delta == 0) continue;
    ASSERT_EQ(cr::exact::read_back_side(q + delta, e - p + 1, x, f32), host_side(q + delta, e - p + 1, x, f32))
        << std::hexfloat << x << " f32=" << f32 << " p=" << p << " delta=" << delta;
  }
}

TEST(FloatExact, AgreesWithPrintfAndStrtodOnRandomValues) {
  std::mt19937_64 g(20261130);
  for (int i = 0; i < 20000; ++i) {
    bool f32 = i % 2 == 1;
    uint64_t bits = g();
    double x;
    if (f32) {
      uint32_t b = static_cast<uint32_t>(bits) & 0x7FFFFFFFu;
      float f;
      std::memcpy(&f, &b, 4);
      x = f;
    } else {
      bits &= 0x7FFFFFFFFFFFFFFFull;
      std::memcpy(&x, &bits, 8);
    }
    if (!(x > 0) || std::isinf(x)) continue;
    agree(x, f32, 1 + static_cast<int>(g() % (f32 ? 9 : 17)));
  }
}

TEST(FloatExact, AgreesAtPowersOfTwoAndExtremes) {
  for (int ex = -1074; ex <= 1023; ex += 7) agree(std::ldexp(1.0, ex), false, 1 + (ex + 1074) % 17);
  for (int ex = -149; ex <= 127; ++ex) agree(std::ldexp(1.0, ex), true, 1 + (ex + 149) % 9);
  for (double x : {5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 0.1, 0.3, 1.0, 9.5, 123456789.0})
    for (int p = 1; p <= 17; ++p) agree(x, false, p);
}

}  // namespace
