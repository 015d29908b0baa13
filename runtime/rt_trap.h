// CAIRN runtime: trap kinds, guard sites and the trap path (language.md §16.1, §16.4).
#pragma once
#include <cstdint>
#include <cstring>

#include "rt_platform.h"

namespace cr {

// The trap kinds of language.md §16.2, in the order of the project's traps.def (stable names below).
enum class Trap : uint8_t {
  Overflow, DivideByZero, Bounds, Part, Conversion, Shift, AbsMin, Assert, MatchTag, Alloc, NullFn, Disjoint, Stack
};

inline const char* trap_name(Trap k) {
  switch (k) {
    case Trap::Overflow: return "overflow";
    case Trap::DivideByZero: return "divide-by-zero";
    case Trap::Bounds: return "bounds";
    case Trap::Part: return "part";
    case Trap::Conversion: return "conversion";
    case Trap::Shift: return "shift";
    case Trap::AbsMin: return "abs-min";
    case Trap::Assert: return "assert";
    case Trap::MatchTag: return "match-tag";
    case Trap::Alloc: return "alloc";
    case Trap::NullFn: return "null-fn";
    case Trap::Disjoint: return "disjoint";
    case Trap::Stack: return "stack";
  }
  return "unknown";
}

// Where a guard sits: the source file as the tool was given it, and the line of its token.
struct Site {
  const char* file;
  uint32_t line;
};

// A small append-only text for report and assertion lines (no allocation up to its capacity).
struct Line {
  char buf[4096];
  size_t n = 0;
  void add(const char* s, size_t k) {
    if (k > sizeof buf - n) k = sizeof buf - n;
    std::memcpy(buf + n, s, k);
    n += k;
  }
  void add(const char* s) { add(s, std::strlen(s)); }
  void add_u64(uint64_t v) {
    char d[24];
    int i = 24;
    do {
      d[--i] = static_cast<char>('0' + v % 10);
      v /= 10;
    } while (v);
    add(d + i, static_cast<size_t>(24 - i));
  }
};

// The descriptor named by CAIRN_TRAP_FD (decimal digits only, at most 10), or -1 when the hook is off. A board
// image has no environment: built with CAIRN_BOARD_TRAP_REPORT it writes the report to the UART (fd 1).
inline int trap_fd() {
#ifdef CAIRN_FREESTANDING
#ifdef CAIRN_BOARD_TRAP_REPORT
  return 1;
#else
  return -1;
#endif
#endif
  const char* s = sys_getenv("CAIRN_TRAP_FD");
  if (!s || !*s) return -1;
  size_t len = std::strlen(s);
  if (len > 10) return -1;
  uint64_t v = 0;
  for (size_t i = 0; i < len; ++i) {
    if (s[i] < '0' || s[i] > '9') return -1;
    v = v * 10 + static_cast<uint64_t>(s[i] - '0');
  }
  return v > 0x7FFFFFFF ? -1 : static_cast<int>(v);
}

// Writes `trap: KIND at FILE:LINE` with one write() when the hook is on.
inline void report(Trap k, const Site* s) {
  int fd = trap_fd();
  if (fd < 0) return;
  Line l;
  l.add("trap: ");
  l.add(trap_name(k));
  l.add(" at ");
  l.add(s ? s->file : "?");
  l.add(":");
  l.add_u64(s ? s->line : 0);
  l.add("\n");
  long w = sys_write(fd, l.buf, l.n);
  (void)w;
}

// The trap path: report, then SIGABRT (no unwinding, no deferred calls, no releases). A test build may
// define CR_TRAP_HOOK(kind, site) (for instance to throw) to observe traps in-process. Kept out of line and
// cold: every checked operation calls it, and inlining the report at each site multiplies the code the C++
// optimizer must chew (about half of clang -O2's time on fuzz batches) without making the success path faster.
[[noreturn, gnu::cold, gnu::noinline]] inline void trap(Trap k, const Site* s) {
#ifdef CR_TRAP_HOOK
  CR_TRAP_HOOK(k, s);
#endif
  report(k, s);
  sys_abort();
}

}  // namespace cr
