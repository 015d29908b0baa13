// The embedding API: run one function of a checked program on given argument values, many times, without
// re-checking (validate, verify and diff call it thousands of times per second).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "front/check/sema.h"
#include "front/source/source.h"

namespace cairn::sem {

// One argument: a scalar (bits as in ops.h), or a view's elements (scalars of the element type).
struct ArgValue {
  bool is_view = false;
  uint64_t bits = 0;
  std::vector<uint64_t> elems;
};

struct CallOutcome {
  bool defined = false;                      // returned normally
  std::optional<uint64_t> ret;               // scalar result bits; absent for void
  std::vector<std::vector<uint64_t>> written;  // per parameter: final contents of an rw view, else empty
  check::TrapKind trap = check::TrapKind::Overflow;  // when !defined
  Pos trap_pos;                              // the token the trap report names
};

struct Limits {
  uint64_t memory_bytes = uint64_t{1024} << 20;  // live Buf/buffer bytes before `alloc` traps (§16.5)
  uint32_t max_call_depth = 10000;               // then trap `stack`
};

// One Engine holds one interpreter: its calls must not overlap (it is not thread-safe). A tool that calls from
// several threads compiles one Engine per thread; compiling reads the checked program and does not change it.
class Engine {
 public:
  virtual ~Engine() = default;
  // Compiles every function of a checked program (into the interpreter's compact form) once.
  static std::unique_ptr<Engine> compile(const check::Program& program, const SourceSet& sources);
  // "f", "mod.f", "scale[4]", "mod.scale[4]"; nullptr when absent.
  virtual const check::FnInfo* find(std::string_view name) const = 0;
  // Calls one function with scalar and view arguments (omitted nothing: one ArgValue per parameter).
  virtual CallOutcome call(const check::FnInfo& fn, const std::vector<ArgValue>& args, const Limits& limits) = 0;
  // Runs main (or a test block): program output to fds 1 and 2 (unbuffered, §15.3), the trap report to
  // trap_fd when >= 0 (§16.4). Returns the exit status as a shell reports it (134 for a trap).
  virtual int run_entry(const check::FnInfo& entry, const Limits& limits, int trap_fd) = 0;
};

}  // namespace cairn::sem
