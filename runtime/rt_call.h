// CAIRN runtime: the call harness (tools.md §5.4): one call per process, its arguments read on stdin, its
// outcome written to the descriptor CAIRN_CALL_FD in the byte form targets/isolated_call.cpp decodes.
//
// Input (stdin), little-endian u64 words: kCallIn, then per parameter in order a scalar's bits (ops.h
// convention: integers sign- or zero-extended, bool 0/1, f32 in the low 32 bits), or for a view or a
// single borrow OFFSET COUNT ELEMENTS... (a borrow has COUNT 1), then kCallIn again. Each view is allocated
// fresh with OFFSET zero elements before it and one spare after.
// Output: kCallOut, defined 1, has_ret, ret, trap 0, no position (file ~0u, line 0, col 0), the parameter
// count, per parameter LEN ELEMENTS... (the final contents of an rw view or borrow, else LEN 0), kCallOut.
// A trap never reaches the output: it reports through CAIRN_TRAP_FD and aborts (rt_trap.h).
// `--cairn-serve` makes many calls, each in a child of its own (rt_call_server.h).
#pragma once
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <type_traits>

#include "rt_storage.h"
#include "rt_trap.h"

namespace cr {

inline constexpr uint64_t kCallIn = 0x43414952'4e43414cull;   // "CAIRNCAL"
inline constexpr uint64_t kCallOut = 0x43414952'4e4f5554ull;  // "CAIRNOUT"

// The harness refuses its input or command line: a line on stderr, exit status 3 (never a trap).
[[noreturn]] inline void call_refuse(const char* why) {
  ssize_t w = ::write(2, why, std::strlen(why));
  (void)w;
  std::_Exit(3);
}

inline void call_write_all(int fd, const unsigned char* p, size_t n) {
  while (n > 0) {
    ssize_t w = ::write(fd, p, n);
    if (w <= 0) call_refuse("cannot write the call outcome\n");
    p += w;
    n -= static_cast<size_t>(w);
  }
}

// A scalar as u64 bits and back (ops.h convention).
template <class T>
inline uint64_t call_bits(T v) {
  if constexpr (std::is_same_v<T, bool>) {
    return v ? 1 : 0;
  } else if constexpr (std::is_same_v<T, float>) {
    uint32_t b;
    std::memcpy(&b, &v, 4);
    return b;
  } else if constexpr (std::is_same_v<T, double>) {
    uint64_t b;
    std::memcpy(&b, &v, 8);
    return b;
  } else if constexpr (std::is_signed_v<T>) {
    return static_cast<uint64_t>(static_cast<int64_t>(v));
  } else {
    return static_cast<uint64_t>(v);
  }
}
template <class T>
inline T call_value(uint64_t b) {
  if constexpr (std::is_same_v<T, bool>) {
    return b != 0;
  } else if constexpr (std::is_same_v<T, float>) {
    uint32_t w = static_cast<uint32_t>(b);
    float v;
    std::memcpy(&v, &w, 4);
    return v;
  } else if constexpr (std::is_same_v<T, double>) {
    double v;
    std::memcpy(&v, &b, 8);
    return v;
  } else {
    return static_cast<T>(b);
  }
}

// The arguments of one call, then its outcome.
class CallIo {
 public:
  CallIo(const unsigned char* in, size_t n, uint64_t params) : in_(in), n_(n), params_(params) {
    if (word() != kCallIn) call_refuse("the call input does not start with its mark\n");
  }

  uint64_t word() {
    if (at_ + 8 > n_) call_refuse("the call input ends early\n");
    uint64_t v = 0;
    for (int i = 0; i < 8; ++i) v |= uint64_t{in_[at_ + i]} << (8 * i);
    at_ += 8;
    return v;
  }
  template <class T>
  T scalar() {
    return call_value<T>(word());
  }
  template <class T>
  View<T> view() {
    uint64_t offset = word(), count = word();
    if (count > (n_ - at_) / 8 || offset > (uint64_t{1} << 40)) call_refuse("a view of the call input is too long\n");
    T* base = static_cast<T*>(std::calloc(offset + count + 1, sizeof(T)));
    if (!base) call_refuse("cannot allocate a view of the call input\n");
    for (uint64_t i = 0; i < count; ++i) base[offset + i] = call_value<T>(word());
    return View<T>{base + offset, count};
  }
  template <class T>
  T& borrow() {
    View<T> v = view<T>();
    if (v.n != 1) call_refuse("a borrow of the call input holds other than one element\n");
    return v.p[0];
  }
  // Every argument is read: the input must end here; the call itself sees /dev/null on stdin.
  void start() {
    if (word() != kCallIn || at_ != n_) call_refuse("the call input does not end with its mark\n");
    int fd = ::open("/dev/null", O_RDONLY);
    if (fd > 0) {
      ::dup2(fd, 0);
      ::close(fd);
    }
    put(kCallOut);
    put(1);  // defined
  }

  template <class T>
  void result(T v) {
    put(1);
    put(call_bits(v));
    no_trap();
  }
  void result() {
    put(0);
    put(0);
    no_trap();
  }
  void none() { put(0); }
  template <class T>
  void after_view(View<T> v) {
    put(v.n);
    for (uint64_t i = 0; i < v.n; ++i) put(call_bits(v.p[i]));
  }
  template <class T>
  void after_one(T& v) {
    put(1);
    put(call_bits(v));
  }
  // Writes the outcome to CAIRN_CALL_FD (standard output when unset).
  void finish() {
    put(kCallOut);
    call_write_all(call_fd(), out_, out_n_);
  }

 private:
  void no_trap() {
    put(0);            // trap kind (unused)
    put(0xFFFFFFFFu);  // no file
    put(0);            // line
    put(0);            // col
    put(params_);
  }
  void put(uint64_t v) {
    if (out_n_ + 8 > out_cap_) {
      out_cap_ = out_cap_ ? 2 * out_cap_ : 4096;
      out_ = static_cast<unsigned char*>(std::realloc(out_, out_cap_));
      if (!out_) call_refuse("cannot allocate the call outcome\n");
    }
    for (int i = 0; i < 8; ++i) out_[out_n_++] = static_cast<unsigned char>(v >> (8 * i));
  }
  static int call_fd() {
    const char* s = std::getenv("CAIRN_CALL_FD");
    if (!s || !*s || std::strlen(s) > 9) return 1;
    int v = 0;
    for (const char* c = s; *c; ++c) {
      if (*c < '0' || *c > '9') return 1;
      v = v * 10 + (*c - '0');
    }
    return v;
  }

  const unsigned char* in_;
  size_t n_, at_ = 0;
  uint64_t params_;
  unsigned char* out_ = nullptr;
  size_t out_n_ = 0, out_cap_ = 0;
};

struct CallEntry {
  const char* name;  // qualified name
  uint64_t params;   // its parameter count
  void (*run)(CallIo&);
};

// The server mode (rt_call_server.h, included below).
inline int call_serve(const CallEntry* calls, uint64_t count);

// `--cairn-list`: one name per line; `--cairn-call NAME`: reads stdin to its end, makes the call and exits 0
// after writing the outcome (a trap aborts); `--cairn-serve`: the server mode. Anything else is a usage error
// (exit 2).
inline int call_main(int argc, char** argv, const CallEntry* calls, uint64_t count) {
  if (argc == 2 && std::strcmp(argv[1], "--cairn-serve") == 0) return call_serve(calls, count);
  if (argc == 2 && std::strcmp(argv[1], "--cairn-list") == 0) {
    for (uint64_t i = 0; i < count; ++i) {
      call_write_all(1, reinterpret_cast<const unsigned char*>(calls[i].name), std::strlen(calls[i].name));
      call_write_all(1, reinterpret_cast<const unsigned char*>("\n"), 1);
    }
    return 0;
  }
  if (argc != 3 || std::strcmp(argv[1], "--cairn-call") != 0) {
    const char msg[] = "usage: --cairn-list | --cairn-call NAME < arguments | --cairn-serve < requests\n";
    ssize_t w = ::write(2, msg, sizeof msg - 1);
    (void)w;
    return 2;
  }
  const CallEntry* e = nullptr;
  for (uint64_t i = 0; i < count && !e; ++i)
    if (std::strcmp(calls[i].name, argv[2]) == 0) e = &calls[i];
  if (!e) {
    const char msg[] = "no such function in the call harness\n";
    ssize_t w = ::write(2, msg, sizeof msg - 1);
    (void)w;
    return 2;
  }
  size_t n = 0, cap = 1 << 16;
  auto* in = static_cast<unsigned char*>(std::malloc(cap));
  for (;;) {
    if (!in) call_refuse("cannot allocate the call input\n");
    ssize_t r = ::read(0, in + n, cap - n);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) call_refuse("cannot read the call input\n");
    if (r == 0) break;
    n += static_cast<size_t>(r);
    if (n == cap) in = static_cast<unsigned char*>(std::realloc(in, cap *= 2));
  }
  CallIo io(in, n, e->params);
  e->run(io);
  return 0;
}

}  // namespace cr

#include "rt_call_server.h"
