// CAIRN runtime: the print family, format into byte builders, assert and assert_eq (language.md §15).
#pragma once
#include <cstdint>
#include <cstring>

#include "rt_platform.h"

#include "rt_float_text.h"
#include "rt_storage.h"
#include "rt_trap.h"

namespace cr {

#ifdef CAIRN_FREESTANDING
// The board has no heap: a print's bytes past its first 256 grow in one static arena. Prints nest only through
// the calls in their arguments, so the arena is last in, first out and the growing call's block is on top.
struct OutArena {
  static constexpr size_t kBytes = size_t{1} << 20;
  alignas(16) static inline char bytes[kBytes];
  static inline size_t top = 0;
  // The block of `c` bytes holding the `n` of `p` (a block of `cap` when `owned`); past the arena, a trap.
  static char* grow(char* p, bool owned, size_t n, size_t cap, size_t c) {
    if (owned && p + cap == bytes + top && top - cap + c <= kBytes) {
      top = top - cap + c;
      return p;
    }
    if (c > kBytes - top) trap(Trap::Alloc, nullptr);
    char* q = bytes + top;
    top += c;
    std::memcpy(q, p, n);
    return q;
  }
  static void release(char* p, size_t cap) {
    if (p + cap == bytes + top) top -= cap;
  }
};
#endif

// The bytes of one print/format call, gathered before any is written (§15.3).
struct Out {
  char small[256];
  char* p = small;
  size_t n = 0, cap = sizeof small;
  Out() = default;
  Out(const Out&) = delete;
  Out& operator=(const Out&) = delete;
  ~Out() {
#ifdef CAIRN_FREESTANDING
    if (p != small) OutArena::release(p, cap);
#else
    if (p != small) sys_free(p);
#endif
  }
  char* room(size_t k) {
    if (n + k > cap) grow(k);
    return p + n;
  }
  // Out of line: a print rarely outgrows its 256 bytes, and every print site would otherwise carry this copy.
  [[gnu::noinline]] void grow(size_t k) {
    size_t c = cap * 2;
    while (c < n + k) c *= 2;
#ifdef CAIRN_FREESTANDING
    p = OutArena::grow(p, p != small, n, cap, c);
#else
    char* q = static_cast<char*>(sys_malloc(c));
    if (!q) sys_abort();
    std::memcpy(q, p, n);
    if (p != small) sys_free(p);
    p = q;
#endif
    cap = c;
  }
  void add(const void* s, size_t k) {
    if (k == 0) return;
    std::memcpy(room(k), s, k);
    n += k;
  }
};

// Every piece of a print stays out of line, the write too: one copy per program rather than one per print site.
// A print is I/O, so nothing is lost at run time, and the optimizer has less to do: inlining `add` at each of a
// fuzz batch's ~4,000 pieces made clang++ -O2 spend about a fifth more on the batch (docs/fuzz.md, Throughput).
[[gnu::noinline]] inline void put_u64(Out& o, uint64_t v) {
  char d[24];
  int i = 24;
  do {
    d[--i] = static_cast<char>('0' + v % 10);
    v /= 10;
  } while (v);
  o.add(d + i, static_cast<size_t>(24 - i));
}
[[gnu::noinline]] inline void put_i64(Out& o, int64_t v) {
  if (v < 0) {
    o.add("-", 1);
    put_u64(o, uint64_t{0} - static_cast<uint64_t>(v));
  } else {
    put_u64(o, static_cast<uint64_t>(v));
  }
}
[[gnu::noinline]] inline void put(Out& o, bool v) { v ? o.add("true", 4) : o.add("false", 5); }
inline void put(Out& o, uint8_t v) { put_u64(o, v); }
inline void put(Out& o, uint16_t v) { put_u64(o, v); }
inline void put(Out& o, uint32_t v) { put_u64(o, v); }
inline void put(Out& o, uint64_t v) { put_u64(o, v); }
inline void put(Out& o, int8_t v) { put_i64(o, v); }
inline void put(Out& o, int16_t v) { put_i64(o, v); }
inline void put(Out& o, int32_t v) { put_i64(o, v); }
inline void put(Out& o, int64_t v) { put_i64(o, v); }
[[gnu::noinline]] inline void put(Out& o, float v) {
  size_t k = float_text(static_cast<double>(v), true, o.room(48));
  o.n += k;
}
[[gnu::noinline]] inline void put(Out& o, double v) {
  size_t k = float_text(v, false, o.room(48));
  o.n += k;
}
// The bytes of a u8 view (string literal, part, Buf, Array, buffer, lending record).
[[gnu::noinline]] inline void put(Out& o, View<uint8_t> v) { o.add(v.p, v.n); }
// A char literal written directly as an argument: its byte.
[[gnu::noinline]] inline void put_byte(Out& o, uint8_t b) { o.add(&b, 1); }

// Up to 4096 bytes per write(); a failed write silently ends this call's output.
inline void write_all(int fd, const char* p, size_t n) {
  size_t off = 0;
  while (off < n) {
    size_t k = n - off < 4096 ? n - off : 4096;
    long w = sys_write(fd, p + off, k);
    if (w <= 0) return;
    off += static_cast<size_t>(w);
  }
}
// print/println/eprint/eprintln: fd 1 or 2, a newline for the ln forms.
[[gnu::noinline]] inline void emit(Out& o, int fd, bool newline) {
  if (newline) o.add("\n", 1);
  write_all(fd, o.p, o.n);
}

// format(out, ...): the byte builder's Buf field d and length field l (§15.4).
inline void format_into(Buf<uint8_t>& d, uint64_t& l, const Out& o, const Site* s) {
  if (l > d.n) trap(Trap::Part, s);
  uint64_t k = o.n;
  if (l + k > d.n) {
    uint64_t nl = l + k;
    if (2 * d.n > nl) nl = 2 * d.n;
    if (nl < 16) nl = 16;
    Buf<uint8_t> nb = buf_new<uint8_t>(nl, 1, s);
    if (l) std::memcpy(nb.p, d.p, l);
    d = static_cast<Buf<uint8_t>&&>(nb);
  }
  if (k) std::memcpy(d.p + l, o.p, k);
  l += k;
}

inline void assert_head(Out& o, const Site* s) {
  o.add("assertion failed at ", 20);
  o.add(s->file, std::strlen(s->file));
  o.add(":", 1);
  put_u64(o, s->line);
}

}  // namespace cr

// assert(c) / assert(c, "why"): the line on standard error, then trap `assert` (§15.7). The failing path is out
// of line and cold, like the trap.
[[noreturn, gnu::cold, gnu::noinline]] inline void cr_assert_failed(const cr::Site* s, const char* why, uint64_t why_n) {
  cr::Out o;
  cr::assert_head(o, s);
  if (why) {
    o.add(": ", 2);
    o.add(why, why_n);
  }
  o.add("\n", 1);
  long w = cr::sys_write(2, o.p, o.n);
  (void)w;
  cr::trap(cr::Trap::Assert, s);
}
inline void cr_assert(bool c, const cr::Site* s, const char* why, uint64_t why_n) {
  if (!c) cr_assert_failed(s, why, why_n);
}

// assert_eq(a, b) / assert_eq(a, b, "why"): compared with ==, operands written as print writes them.
template <class T>
[[noreturn, gnu::cold, gnu::noinline]] inline void cr_assert_eq_failed(T a, T b, const cr::Site* s, const char* why,
                                                                     uint64_t why_n) {
  cr::Out o;
  cr::assert_head(o, s);
  o.add(": ", 2);
  if (why) {
    o.add(why, why_n);
    o.add(": ", 2);
  }
  o.add("left ", 5);
  cr::put(o, a);
  o.add(", right ", 8);
  cr::put(o, b);
  o.add("\n", 1);
  long w = cr::sys_write(2, o.p, o.n);
  (void)w;
  cr::trap(cr::Trap::Assert, s);
}
template <class T>
inline void cr_assert_eq(T a, T b, const cr::Site* s, const char* why, uint64_t why_n) {
  if (!(a == b)) cr_assert_eq_failed(a, b, s, why, why_n);
}
