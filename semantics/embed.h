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

// One argument: a scalar (bits as in ops.h), or a view's elements (scalars of the element type). A single borrow
// parameter of a scalar (ro<T>, rw<T>) takes `bits`: the engine holds the value the borrow points to.
// A value of another type (smt::args_from_values builds these): a record's fields in `parts`; an Array[T, N]'s
// elements in `parts`; a sum's tag in `bits` and the payload of the variant it names as parts[0] (no part for a
// tag-only variant or a tag naming none); a Buf[T] of scalars by value in `elems` (is_view false: the engine
// allocates the owner the callee receives).
struct ArgValue {
  bool is_view = false;
  uint64_t bits = 0;
  std::vector<uint64_t> elems;
  std::vector<ArgValue> parts;
};

// One scalar leaf of a returned value, in the order smt::Observed lists them (smt/encode.h, tools.md §3.3): a
// record's fields in order, a sum's u32 tag then every variant's payload leaves in variant order, an inline
// array's elements in order; a returned Buf gives one array leaf per scalar leaf of its element.
struct ObservedLeaf {
  bool relevant = true;         // false: a payload of a variant the tag does not name (bits 0)
  // bits/elems as ops.h encodes them (signed integers sign-extended): compare with a model at the leaf's width
  bool is_array = false;        // a returned Buf's elements (`elems`) instead of `bits`
  uint64_t bits = 0;
  std::vector<uint64_t> elems;
};

struct CallOutcome {
  bool defined = false;                      // returned normally
  std::optional<uint64_t> ret;               // scalar result bits; absent for void
  std::vector<ObservedLeaf> ret_leaves;      // when defined: the returned value flattened; empty for void
  // per parameter: final contents of an rw view, the final value of an rw single borrow (one element), else empty
  std::vector<std::vector<uint64_t>> written;
  check::TrapKind trap = check::TrapKind::Overflow;  // when !defined
  Pos trap_pos;                              // the token the trap report names
};

struct Limits {
  uint64_t memory_bytes = uint64_t{1024} << 20;  // live Buf/buffer bytes before `alloc` traps (§16.5)
  uint32_t max_call_depth = 10000;               // then trap `stack`
  // Loop iterations and calls before the run stops (0: no limit). Reaching it is not a trap of the program
  // but a clean stop of the engine: Engine::out_of_steps() says so (fuzzing and generator budgets).
  uint64_t max_steps = 0;
};

// The exit status run_entry returns when the step budget stopped the run (as timeout(1) reports a stop).
constexpr int kOutOfStepsStatus = 124;

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
  // Whether the last call or run_entry was stopped by Limits::max_steps (its CallOutcome is then undefined,
  // with trap `stack`; run_entry returned kOutOfStepsStatus).
  virtual bool out_of_steps() const = 0;
};

}  // namespace cairn::sem
