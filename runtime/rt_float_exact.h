// CAIRN runtime: exact decimal conversion of floats for a board without a C library (language.md §14.7,
// §15.2): the correctly rounded p-digit decimal of a double, and where a decimal reads back at f32 or f64
// width, both by exact big-integer arithmetic instead of printf and strtod.
#pragma once
#include <cstdint>
#include <cstring>

namespace cr::exact {

// A non-negative integer of up to 64 x 32 bits (enough for 10^350 x 2^1100), least significant limb first.
struct Big {
  static constexpr int kLimbs = 64;
  uint32_t w[kLimbs];
  int n = 0;  // limbs in use; no leading zero limb
  explicit Big(uint64_t v = 0) {
    while (v) {
      w[n++] = static_cast<uint32_t>(v);
      v >>= 32;
    }
  }
  void mul(uint32_t m) {
    uint64_t carry = 0;
    for (int i = 0; i < n; ++i) {
      uint64_t t = uint64_t{w[i]} * m + carry;
      w[i] = static_cast<uint32_t>(t);
      carry = t >> 32;
    }
    if (carry && n < kLimbs) w[n++] = static_cast<uint32_t>(carry);
  }
  void mul_pow10(int k) {
    for (; k >= 9; k -= 9) mul(1000000000u);
    static constexpr uint32_t kSmall[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000};
    if (k > 0) mul(kSmall[k]);
  }
  void shl(int bits) {
    if (n == 0 || bits == 0) return;
    int limbs = bits / 32, b = bits % 32;
    int m = n + limbs + 1 > kLimbs ? kLimbs : n + limbs + 1;
    for (int i = m - 1; i >= 0; --i) {
      uint64_t hi = i - limbs >= 0 && i - limbs < n ? w[i - limbs] : 0;
      uint64_t lo = b && i - limbs - 1 >= 0 && i - limbs - 1 < n ? w[i - limbs - 1] : 0;
      w[i] = static_cast<uint32_t>((hi << b) | (b ? lo >> (32 - b) : 0));
    }
    n = m;
    while (n > 0 && w[n - 1] == 0) --n;
  }
  void sub(const Big& o) {  // *this >= o
    int64_t borrow = 0;
    for (int i = 0; i < n; ++i) {
      int64_t t = int64_t{w[i]} - (i < o.n ? int64_t{o.w[i]} : 0) - borrow;
      borrow = t < 0;
      w[i] = static_cast<uint32_t>(t + (borrow << 32));
    }
    while (n > 0 && w[n - 1] == 0) --n;
  }
};

inline int cmp(const Big& a, const Big& b) {
  if (a.n != b.n) return a.n < b.n ? -1 : 1;
  for (int i = a.n - 1; i >= 0; --i)
    if (a.w[i] != b.w[i]) return a.w[i] < b.w[i] ? -1 : 1;
  return 0;
}

// The sign of D x 10^s - M x 2^t, exactly.
inline int cmp_scaled(uint64_t d, int s, uint64_t m, int t) {
  Big l(d), r(m);
  l.mul_pow10(s > 0 ? s : 0);
  l.shl(t < 0 ? -t : 0);
  r.shl(t > 0 ? t : 0);
  r.mul_pow10(s < 0 ? -s : 0);
  return cmp(l, r);
}

// A finite x > 0 at a width: x = m x 2^k, with the format's significand bits and least exponent.
struct Parts {
  uint64_t m;
  int k;
  bool low_gap_half;  // x is a power of two above the least normal: the gap below is half the gap above
};

inline Parts parts(double x, bool f32) {
  if (f32) {
    float f = static_cast<float>(x);
    uint32_t b;
    std::memcpy(&b, &f, 4);
    int e = static_cast<int>(b >> 23 & 0xFF);
    uint64_t frac = b & 0x7FFFFF;
    if (e == 0) return {frac, -149, false};
    return {frac | 0x800000, e - 150, frac == 0 && e > 1};
  }
  uint64_t b;
  std::memcpy(&b, &x, 8);
  int e = static_cast<int>(b >> 52 & 0x7FF);
  uint64_t frac = b & ((uint64_t{1} << 52) - 1);
  if (e == 0) return {frac, -1074, false};
  return {frac | uint64_t{1} << 52, e - 1075, frac == 0 && e > 1};
}

// floor(log10 x) for x = m x 2^k > 0.
inline int decimal_exponent(uint64_t m, int k) {
  int bits = 63 - __builtin_clzll(m) + k;  // x in [2^bits, 2^(bits+1))
  int e = static_cast<int>(bits * 0.30102999566398120) - 1;
  while (cmp_scaled(1, e + 1, m, k) <= 0) ++e;  // 10^(e+1) <= x
  while (cmp_scaled(1, e, m, k) > 0) --e;       // 10^e > x
  return e;
}

// The p-digit decimal nearest to x > 0 (ties to even): its digits as an integer in [10^(p-1), 10^p) and the
// exponent of its first digit.
inline uint64_t nearest(double x, int p, int& e) {
  Parts v = parts(x, false);
  e = decimal_exponent(v.m, v.k);
  int s = e - p + 1;
  Big num(v.m), den(1);
  num.shl(v.k > 0 ? v.k : 0);
  num.mul_pow10(s < 0 ? -s : 0);
  den.shl(v.k < 0 ? -v.k : 0);
  den.mul_pow10(s > 0 ? s : 0);
  uint64_t q = 0;
  for (int b = 62; b >= 0; --b) {
    Big t = den;
    t.shl(b);
    if (cmp(num, t) >= 0) {
      num.sub(t);
      q |= uint64_t{1} << b;
    }
  }
  num.shl(1);
  int half = cmp(num, den);
  if (half > 0 || (half == 0 && (q & 1))) ++q;
  uint64_t top = 1;
  for (int i = 0; i < p; ++i) top *= 10;
  if (q == top) {
    q = top / 10;
    ++e;
  }
  return q;
}

// Where D x 10^s reads back at the width of x > 0 (round to nearest, ties to even): 0 at x, -1 below, 1 above.
inline int read_back_side(uint64_t d, int s, double x, bool f32) {
  Parts v = parts(x, f32);
  bool even = (v.m & 1) == 0;
  int hi = cmp_scaled(d, s, 2 * v.m + 1, v.k - 1);
  if (hi > 0 || (hi == 0 && !even)) return 1;
  int lo = v.low_gap_half ? cmp_scaled(d, s, 4 * v.m - 1, v.k - 2) : cmp_scaled(d, s, 2 * v.m - 1, v.k - 1);
  if (lo < 0 || (lo == 0 && !even)) return -1;
  return 0;
}

}  // namespace cr::exact
