// CAIRN runtime: process entry points: main's exit status (§15.5), the test-block harness and library entry
// checks (language.md §10.7, §15.6).
#pragma once
#include <cstdint>
#include <cstring>

#include "rt_print.h"
#include "rt_storage.h"
#include "rt_trap.h"

namespace cr {

// main's i32 result reduced modulo 256, as POSIX reports it.
inline int exit_status(int32_t r) { return static_cast<int>(static_cast<uint32_t>(r) & 0xFFu); }

struct TestBlock {
  const char* name;  // qualified name
  void (*run)();
};

// `--cairn-list`: one name per line, source order; `--cairn-run NAME`: runs that block (exit 0 when it
// passes; a failure traps). Anything else is a usage error (exit 2).
inline int tests_main(int argc, char** argv, const TestBlock* blocks, uint64_t count) {
  if (argc == 2 && std::strcmp(argv[1], "--cairn-list") == 0) {
    Out o;
    for (uint64_t i = 0; i < count; ++i) {
      o.add(blocks[i].name, std::strlen(blocks[i].name));
      o.add("\n", 1);
    }
    write_all(1, o.p, o.n);
    return 0;
  }
  if (argc == 3 && std::strcmp(argv[1], "--cairn-run") == 0) {
    for (uint64_t i = 0; i < count; ++i)
      if (std::strcmp(blocks[i].name, argv[2]) == 0) {
        blocks[i].run();
        return 0;
      }
    write_all(2, "no such test block\n", 19);
    return 2;
  }
  write_all(2, "usage: --cairn-list | --cairn-run NAME\n", 39);
  return 2;
}

// Library entry: an rw view must not overlap another view argument (trap `disjoint`).
struct Span {
  const void* p;
  uint64_t bytes;
  bool rw;
};
inline void entry_disjoint(const Span* spans, uint64_t count, const Site* s) {
  for (uint64_t i = 0; i < count; ++i) {
    if (!spans[i].rw || spans[i].bytes == 0) continue;
    auto a = reinterpret_cast<uintptr_t>(spans[i].p);
    for (uint64_t j = 0; j < count; ++j) {
      if (j == i || spans[j].bytes == 0) continue;
      auto b = reinterpret_cast<uintptr_t>(spans[j].p);
      if (a < b + spans[j].bytes && b < a + spans[i].bytes) trap(Trap::Disjoint, s);
    }
  }
}

// C entry of a library header (tools.md §2.5, `cairn build --header`): what a foreign caller could get wrong. A
// view is null only when empty, aligned for its element and inside the address space; a single borrow is not null
// and aligned (trap `part`, as a view of the wrong length would be).
inline void entry_view(const void* p, uint64_t n, uint64_t size, uint64_t align, const Site* s) {
  auto a = reinterpret_cast<uintptr_t>(p);
  if (!p) {
    if (n) trap(Trap::Part, s);
    return;
  }
  if (a % align) trap(Trap::Part, s);
  if (n > UINTPTR_MAX / size || a > UINTPTR_MAX - n * size) trap(Trap::Part, s);
}
inline void entry_one(const void* p, uint64_t align, const Site* s) {
  if (!p || reinterpret_cast<uintptr_t>(p) % align) trap(Trap::Part, s);
}
// A tag from outside must name a variant (trap `match-tag`).
inline void entry_tag(uint32_t tag, uint32_t variants, const Site* s) {
  if (tag >= variants) trap(Trap::MatchTag, s);
}
// A bool from outside must be 0 or 1, like a tag naming a variant (trap `match-tag`); read as a byte, never as bool.
inline void entry_bool(const void* p, const Site* s) {
  unsigned char b;
  std::memcpy(&b, p, 1);
  if (b > 1) trap(Trap::MatchTag, s);
}
// The same bytes as another type of the same size: a ct_ struct of the header and the library's own struct, whose
// layouts the library asserts equal.
template <class To, class From>
inline To same_bytes(const From& from) {
  static_assert(sizeof(To) == sizeof(From), "a C entry converts between structs of one layout");
  To to;
  std::memcpy(&to, &from, sizeof to);
  return to;
}

}  // namespace cr
