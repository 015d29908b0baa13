// CAIRN runtime: how floats are written (language.md §15.2): the fewest significant digits that read back
// at the value's own width, the closest such string, then the plain or exponent layout.
#pragma once
#include <cstdint>
#include <cstring>

#include "rt_math.h"
#ifdef CAIRN_FREESTANDING
#include "rt_float_exact.h"  // no printf or strtod on a board: the same answers, computed exactly
#else
#include <cstdio>
#include <cstdlib>
#endif

namespace cr {

// A decimal d1.d2...dp x 10^e with p digits.
struct Decimal {
  char d[24];
  int p = 0;
  int e = 0;
};

#ifdef CAIRN_FREESTANDING
// The p-digit decimal nearest to x, ties to even.
inline Decimal nearest_decimal(double x, int p) {
  Decimal r;
  uint64_t q = exact::nearest(x, p, r.e);
  r.p = p;
  for (int i = p - 1; i >= 0; --i, q /= 10) r.d[i] = static_cast<char>('0' + q % 10);
  return r;
}
#else
// The p-digit decimal nearest to x (printf rounds correctly, ties to even).
inline Decimal nearest_decimal(double x, int p) {
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.*e", p - 1, x);
  Decimal r;
  const char* c = buf;
  for (; *c && *c != 'e'; ++c)
    if (*c >= '0' && *c <= '9') r.d[r.p++] = *c;
  r.e = std::atoi(c + 1);
  return r;
}
#endif

// The adjacent p-digit decimal above or below (the first digit stays nonzero).
inline Decimal adjacent(Decimal r, bool up) {
  int i = r.p - 1;
  if (up) {
    for (; i >= 0 && r.d[i] == '9'; --i) r.d[i] = '0';
    if (i >= 0) {
      ++r.d[i];
    } else {
      r.d[0] = '1';
      ++r.e;
    }
  } else {
    for (; i >= 0 && r.d[i] == '0'; --i) r.d[i] = '9';
    if (i >= 0) --r.d[i];
    if (r.d[0] == '0') {
      for (int k = 0; k < r.p; ++k) r.d[k] = '9';
      --r.e;
    }
  }
  return r;
}

#ifdef CAIRN_FREESTANDING
// Where the decimal reads back at the given width: 0 at x, -1 below it, 1 above it.
inline int back_side(const Decimal& r, double x, bool f32) {
  uint64_t d = 0;
  for (int i = 0; i < r.p; ++i) d = d * 10 + static_cast<uint64_t>(r.d[i] - '0');
  return exact::read_back_side(d, r.e - r.p + 1, x, f32);
}
#else
// The decimal read back at the given width.
inline double read_back(const Decimal& r, bool f32) {
  char buf[64];
  int n = 0;
  buf[n++] = r.d[0];
  if (r.p > 1) {
    buf[n++] = '.';
    for (int k = 1; k < r.p; ++k) buf[n++] = r.d[k];
  }
  std::snprintf(buf + n, sizeof buf - static_cast<size_t>(n), "e%d", r.e);
  return f32 ? static_cast<double>(std::strtof(buf, nullptr)) : std::strtod(buf, nullptr);
}

// Where the decimal reads back at the given width: 0 at x, -1 below it, 1 above it.
inline int back_side(const Decimal& r, double x, bool f32) {
  double back = read_back(r, f32);
  return back == x ? 0 : back < x ? -1 : 1;
}
#endif

// Shortest round-trip digits of a finite x > 0.
inline Decimal shortest(double x, bool f32) {
  int max_p = f32 ? 9 : 17;
  Decimal best;
  for (int p = 1; p <= max_p; ++p) {
    Decimal c = nearest_decimal(x, p);
    int side = back_side(c, x, f32);
    if (side == 0) return c;
    // the nearest missed: at a power of two the other side's neighbour may still read back
    Decimal o = adjacent(c, side < 0);
    if (back_side(o, x, f32) == 0) return o;
    best = c;
  }
  return best;
}

// Appends the text of x to out (at least 40 bytes free); returns the bytes written.
inline size_t float_text(double x, bool f32, char* out) {
  size_t n = 0;
  auto put = [&](char c) { out[n++] = c; };
  if (x != x) {
    std::memcpy(out, "NaN", 3);
    return 3;
  }
  if (m_signbit(x)) put('-');
  if (m_isinf(x)) {
    std::memcpy(out + n, "inf", 3);
    return n + 3;
  }
  if (x == 0) {
    put('0');
    return n;
  }
  Decimal r = shortest(m_fabs(x), f32);
  int k = r.p;
  while (k > 1 && r.d[k - 1] == '0') --k;
  int e = r.e + 1;  // value = 0.d1..dk x 10^e
  if (k <= e && e <= 21) {
    for (int i = 0; i < k; ++i) put(r.d[i]);
    for (int i = k; i < e; ++i) put('0');
  } else if (0 < e && e <= 21) {
    for (int i = 0; i < e; ++i) put(r.d[i]);
    put('.');
    for (int i = e; i < k; ++i) put(r.d[i]);
  } else if (-6 < e && e <= 0) {
    put('0');
    put('.');
    for (int i = 0; i < -e; ++i) put('0');
    for (int i = 0; i < k; ++i) put(r.d[i]);
  } else {
    put(r.d[0]);
    if (k > 1) {
      put('.');
      for (int i = 1; i < k; ++i) put(r.d[i]);
    }
    put('e');
    int x10 = e - 1;
    put(x10 < 0 ? '-' : '+');
    if (x10 < 0) x10 = -x10;
    char d[8];
    int m = 0;
    do {
      d[m++] = static_cast<char>('0' + x10 % 10);
      x10 /= 10;
    } while (x10);
    while (m) put(d[--m]);
  }
  return n;
}

}  // namespace cr
