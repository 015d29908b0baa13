// CAIRN runtime: views (pointer + extent), Array values, Buf owners with release, the memory cap and the
// guards of indexes, parts, lending records and extents (language.md §3.5–3.7, §10.4, §12, §16.5).
#pragma once
#include <cstdint>
#include <new>
#include <type_traits>
#include <utility>

#include "rt_platform.h"
#include "rt_trap.h"

namespace cr {

template <class T>
struct View {
  T* p = nullptr;
  uint64_t n = 0;
  T& operator[](uint64_t i) const { return p[i]; }
};

template <class T, uint64_t N>
struct Array {
  T e[N == 0 ? 1 : N];
  T& operator[](uint64_t i) { return e[i]; }
  const T& operator[](uint64_t i) const { return e[i]; }
};

// Live heap bytes (§3.9 sizes) of every Buf and buffer, held against the cap (§16.5).
inline uint64_t& live_bytes() {
  static uint64_t live = 0;
  return live;
}
// CAIRN_MEMORY_MIB (digits) when the tool sets it, else 1024 MiB.
inline uint64_t memory_cap() {
  static uint64_t cap = [] {
    const char* s = sys_getenv("CAIRN_MEMORY_MIB");
    uint64_t v = 0;
    bool ok = s && *s;
    for (const char* c = s; ok && *c; ++c) {
      if (*c < '0' || *c > '9' || v > (uint64_t{1} << 40)) ok = false;
      else v = v * 10 + static_cast<uint64_t>(*c - '0');
    }
    return ok ? v << 20 : uint64_t{1024} << 20;
  }();
  return cap;
}

// An element loop over a Buf whose body may replace that Buf keeps the walked storage alive to the loop's
// end (the range is fixed at loop start, §8.9): a release of pinned storage is deferred to the last unpin.
struct Pin {
  const void* p;
  bool released = false;
  Pin* next;
  static Pin*& head() {
    static Pin* h = nullptr;
    return h;
  }
  explicit Pin(const void* q) : p(q), next(head()) { head() = this; }
  Pin(const Pin&) = delete;
  Pin& operator=(const Pin&) = delete;
  ~Pin() {
    head() = next;
    if (!released) return;
    for (Pin* o = next; o; o = o->next)
      if (o->p == p) {
        o->released = true;
        return;
      }
    sys_free(const_cast<void*>(p));
  }
  // True when p is pinned: the caller must not free it (the last unpin will).
  static bool defer_free(const void* q) {
    for (Pin* o = head(); o; o = o->next)
      if (o->p == q) {
        o->released = true;
        return true;
      }
    return false;
  }
};

template <class T>
struct Buf {
  T* p = nullptr;
  uint64_t n = 0;
  uint64_t bytes = 0;  // counted against the cap
  Buf() = default;
  Buf(const Buf&) = delete;
  Buf& operator=(const Buf&) = delete;
  Buf(Buf&& o) noexcept : p(o.p), n(o.n), bytes(o.bytes) {
    o.p = nullptr;
    o.n = 0;
    o.bytes = 0;
  }
  Buf& operator=(Buf&& o) noexcept {
    if (this != &o) {
      release();
      p = o.p;
      n = o.n;
      bytes = o.bytes;
      o.p = nullptr;
      o.n = 0;
      o.bytes = 0;
    }
    return *this;
  }
  ~Buf() { release(); }
  void release() {
    if (p) {
      if constexpr (!std::is_trivially_destructible_v<T>)
        for (uint64_t i = 0; i < n; ++i) p[i].~T();
      if (!Pin::head() || !Pin::defer_free(p)) sys_free(p);
    }
    live_bytes() -= bytes;
    p = nullptr;
    n = 0;
    bytes = 0;
  }
  T& operator[](uint64_t i) const { return p[i]; }
};

// The zeroed storage of Buf[T](count): `count` elements of `elem` C++ bytes each; `bytes` (size(T) of §3.9
// times count) is counted against the cap. Marked malloc, and buf_new around it always inlined, so the
// compilers see every Buf's storage as a fresh object that no other pointer reaches, as they see the storage
// of new and calloc: without that, g++ -O2 (whose cheap cost model does not version loops for aliasing)
// cannot vectorise a loop writing through one view while reading another.
[[gnu::malloc]] inline void* buf_storage(uint64_t count, uint64_t elem, uint64_t bytes, const Site* s) {
  uint64_t cap = memory_cap();
  if (bytes > cap || live_bytes() + bytes > cap) trap(Trap::Alloc, s);
  void* mem = nullptr;
  if (count != 0) {
    if (elem > UINT64_MAX / count) trap(Trap::Alloc, s);
    mem = sys_calloc(count, elem);
    if (!mem) trap(Trap::Alloc, s);
  }
  live_bytes() += bytes;
  return mem;
}

// Buf[T](count): `spec_size` is size(T) of §3.9 (at least 1); every element starts at its zero value.
template <class T>
[[gnu::always_inline]] inline Buf<T> buf_new(uint64_t count, uint64_t spec_size, const Site* s) {
  if (spec_size == 0) spec_size = 1;
  if (count != 0 && spec_size > UINT64_MAX / count) trap(Trap::Alloc, s);
  Buf<T> b;
  b.p = static_cast<T*>(buf_storage(count, sizeof(T), count * spec_size, s));
  if constexpr (!std::is_trivially_default_constructible_v<T>)
    for (uint64_t i = 0; i < count; ++i) new (b.p + i) T();
  b.n = count;
  b.bytes = count * spec_size;
  return b;
}

template <class T>
inline View<T> view(View<T> v) { return v; }
template <class T>
inline View<T> view(Buf<T>& b) { return View<T>{b.p, b.n}; }
template <class T>
inline View<T> view(const Buf<T>& b) { return View<T>{b.p, b.n}; }
template <class T, uint64_t N>
inline View<T> view(Array<T, N>& a) { return View<T>{a.e, N}; }
template <class T, uint64_t N>
inline View<T> view(const Array<T, N>& a) { return View<T>{const_cast<T*>(a.e), N}; }

template <class T>
inline uint64_t len(const View<T>& v) { return v.n; }
template <class T>
inline uint64_t len(const Buf<T>& b) { return b.n; }
template <class T, uint64_t N>
inline uint64_t len(const Array<T, N>&) { return N; }

// x[i] with its bounds guard.
template <class X>
inline auto& at(X&& x, uint64_t i, const Site* s) {
  if (i >= len(x)) trap(Trap::Bounds, s);
  return x[i];
}

// x[lo..hi]: lo <= hi <= len(x), else `part`.
template <class T>
inline View<T> part(View<T> v, uint64_t lo, uint64_t hi, const Site* s) {
  if (lo > hi || hi > v.n) trap(Trap::Part, s);
  return View<T>{v.p + lo, hi - lo};
}
// A lending record used as a view: its Buf field d from lo to hi.
template <class T>
inline View<T> lend(const Buf<T>& d, uint64_t lo, uint64_t hi, const Site* s) {
  if (lo > hi || hi > d.n) trap(Trap::Part, s);
  return View<T>{d.p + lo, hi - lo};
}
// A part or lending record passed where the call gives the parameter extent `want`.
inline void extent(uint64_t got, uint64_t want, const Site* s) {
  if (got != want) trap(Trap::Part, s);
}

// A string literal: read-only bytes of static storage (ro<u8>[N]); never written through.
inline View<uint8_t> str(const char* bytes, uint64_t n) {
  return View<uint8_t>{reinterpret_cast<uint8_t*>(const_cast<char*>(bytes)), n};
}

template <class T>
inline T take(T& p) {
  T v = std::move(p);
  p = T{};
  return v;
}
template <class T>
inline void swap(T& a, T& b) {
  if (&a == &b) return;
  T t = std::move(a);
  a = std::move(b);
  b = std::move(t);
}

// A temporary lent to a single borrow parameter lives to the end of the full expression.
template <class T>
inline T& lv(T&& t) { return t; }

template <class F>
inline F fn_checked(F f, const Site* s) {
  if (!f) trap(Trap::NullFn, s);
  return f;
}

template <class R, class... A>
using Fn = R (*)(A...);

}  // namespace cr
