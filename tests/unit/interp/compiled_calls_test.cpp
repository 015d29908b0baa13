// Compiled calls on one interpreter, call after call: a trap inside arguments or at the stack limit leaves
// the frames, depth and current frame as they were, and the next calls agree with the IR walker.
#include <gtest/gtest.h>
#include <pthread.h>

#include <functional>
#include <string>
#include <vector>

#include "front/driver/driver.h"
#include "semantics/interp.h"
#include "tests/unit/interp/interp_test_support.h"

namespace {

using cairn::sem::Interp;
using cairn::sem::Value;

using cairn::test::source_dir;
void on_big_stack(const std::function<void()>& job) { cairn::test::on_thread_stack(job); }

// The result bits, or -1 - the trap kind.
int64_t call(Interp& in, const cairn::ir::Module& m, const char* name, int64_t arg) {
  for (const auto& f : m.fns) {
    if (f.info->name != name) continue;
    std::vector<Value> args(1);
    args[0].b = static_cast<uint64_t>(arg);
    in.depth = 0;
    in.limits.max_call_depth = 500;
    try {
      return static_cast<int64_t>(in.invoke(f, args, cairn::Pos{}).b);
    } catch (const cairn::sem::TrapEx& t) {
      return -1 - static_cast<int64_t>(t.kind);
    }
  }
  ADD_FAILURE() << "no function " << name;
  return 0;
}

TEST(CompiledCalls, TrapsLeaveTheInterpreterReady) {
  auto r = cairn::driver::run(source_dir() + "/tests/unit/interp/programs/calls.cairn");
  ASSERT_EQ(r.outcome, cairn::driver::Outcome::Typed);
  cairn::ir::Module m = cairn::ir::build_ir(*r.program);
  on_big_stack([&] {
    Interp compiled(m, r.sources), walker(m, r.sources);
    walker.walk = true;
    // trap in an argument, at the stack limit (plain, inside arguments, at a leaf call), `try` in a returned
    // constructor, a leaf call's frame at a chunk's end (wide2; many(n) traps for n == -7)
    const std::vector<std::pair<const char*, int64_t>> calls = {
        {"mixed", 5},  {"in_args", 0},      {"mixed", 5},      {"deep", -1},       {"loop_locals", 3},
        {"deep", 40},  {"deep_args", -1},   {"in_args", 7},    {"quarter_value", 12}, {"quarter_value", 6},
        {"mixed", -3}, {"deep_args", 30},   {"loop_locals", 4}, {"wide", 450},     {"wide", -2},
        {"wide", 700},   {"deep_leaf", -1},  {"deep_leaf", 40}, {"wide2", 450},     {"wide2", 6},
        {"wide2", 700},  {"wide2", 330},    {"wide2", -7}};
    for (int round = 0; round < 3; ++round)
      for (const auto& [name, arg] : calls) {
        int64_t a = call(compiled, m, name, arg), b = call(walker, m, name, arg);
        EXPECT_EQ(a, b) << name << "(" << arg << ")";
        bool deep = std::string(name).rfind("deep", 0) == 0, wide = std::string(name).rfind("wide", 0) == 0;
        if ((arg < 0 && deep) || (arg > 500 && wide)) {
          EXPECT_LT(a, 0) << name << ": the stack limit";
        }
        if (arg == 0) {
          EXPECT_LT(a, 0) << name << ": a division by zero";
        }
        EXPECT_EQ(compiled.top_, nullptr) << name;
        EXPECT_EQ(compiled.sl_, nullptr) << name;
        EXPECT_EQ(compiled.ret_, nullptr) << name;
        EXPECT_EQ(compiled.ntemps_, 0u) << name;
        EXPECT_EQ(compiled.depth, 0u) << name;
        EXPECT_EQ(compiled.live_bytes, walker.live_bytes) << name;
      }
  });
}

}  // namespace
