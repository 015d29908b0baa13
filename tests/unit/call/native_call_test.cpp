// The native isolated call (targets/native_call.h): the call harness built with clang++ and g++, scalar, view
// and borrow arguments, returns and rw contents, traps with kind and line, a timeout, crashes, and the same
// outcomes as the interpreter's isolated call (the differential check).
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>

#include "front/driver/driver.h"
#include "semantics/embed.h"
#include "core/float_bits.h"
#include "targets/isolated_call.h"
#include "targets/native_call.h"
#include "../scratch_dir.h"

namespace cairn::targets {
namespace {

namespace fs = std::filesystem;
using End = IsolatedOutcome::End;

const char* kProgram = R"(// Functions for the native call runner's tests.
fn add(a:i32, b:i32) -> i32 = a + b;
fn half(x:f64) -> f64 = x / 2.0;
fn flip(b:bool) -> bool = !b;
fn fill(n:usize, out:rw<u8>[n], v:u8) {
  for i in 0..n {
    out[i] = v;
  }
}
fn total(n:usize, xs:ro<i64>[n]) -> i64 {
  let mut s:i64 = 0;
  for i in 0..n {
    s += xs[i];
  }
  return s;
}
fn pick(n:usize, xs:ro<u16>[n], i:usize) -> u16 = xs[i];
fn bump(x:rw<u64>) {
  x += 1;
}
fn spin(n:u64) -> u64 {
  let mut k:u64 = n;
  while true {
    k = add_wrap(k, 1);
  }
  return k;
}
fn check(x:u8) {
  assert(x < 10);
}
fn lanes(n:usize, a:rw<f32>[n], b:ro<f32>[n]) {
  for i in 0..n {
    a[i] = a[i] * b[i];
  }
}
)";

// The checked program, and its harness per compiler, built on first use: ctest runs each test in a process of
// its own, so a test builds only the harnesses it uses.
struct Built {
  driver::CheckRun run;
  std::unique_ptr<sem::Engine> engine;
  std::map<std::string, BuildResult> builds;  // by compiler
};

fs::path scratch() { return test::scratch_dir("cairn_call_"); }
[[maybe_unused]] auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new test::ScratchCleanup("cairn_call_"));

Built& built() {
  static Built* b = [] {
    auto* b = new Built;
    fs::create_directories(scratch());
    fs::path src = scratch() / "calls.cairn";
    std::ofstream(src) << kProgram;
    b->run = driver::run(src.string());
    if (b->run.outcome == driver::Outcome::Typed) b->engine = sem::Engine::compile(*b->run.program, b->run.sources);
    return b;
  }();
  return *b;
}

const BuildResult& harness_of(const std::string& cc) {
  Built& b = built();
  auto it = b.builds.find(cc);
  if (it != b.builds.end()) return it->second;
  BuildOptions o;
  o.cc = cc;
  o.build_root = scratch().string();
  return b.builds[cc] = build_call_harness(b.run, o);
}

class NativeCall : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    ASSERT_EQ(built().run.outcome, driver::Outcome::Typed);
    const BuildResult& r = harness_of(GetParam());
    ASSERT_EQ(r.status, BuildResult::Status::Built) << build_failure_text(r);
    harness.artifact = r.artifact;
    harness.sources = &built().run.sources;
    harness.timeout_s = 10;
  }
  const check::FnInfo& fn(const char* name) {
    const check::FnInfo* f = built().engine->find(name);
    EXPECT_NE(f, nullptr) << name;
    return *f;
  }
  IsolatedOutcome call(const char* name, std::vector<sem::ArgValue> args, std::vector<uint64_t> offsets = {}) {
    return native_call(harness, fn(name), args, offsets);
  }
  void scalars();
  void views_and_borrows();
  void traps();
  void timeout();
  void wrong_arguments();
  CallHarness harness;
};

sem::ArgValue scalar(uint64_t bits) { return {false, bits, {}, {}}; }
sem::ArgValue view(std::vector<uint64_t> e) { return {true, 0, std::move(e), {}}; }

void NativeCall::scalars() {
  IsolatedOutcome o = call("add", {scalar(static_cast<uint64_t>(-5)), scalar(3)});
  ASSERT_EQ(o.end, End::Returned) << o.detail;
  ASSERT_TRUE(o.outcome.defined);
  EXPECT_EQ(*o.outcome.ret, static_cast<uint64_t>(-2));  // sign-extended (ops.h convention)
  EXPECT_EQ(o.outcome.written, (std::vector<std::vector<uint64_t>>{{}, {}}));
  o = call("half", {scalar(sem::bits_of(3.0))});
  ASSERT_EQ(o.end, End::Returned) << o.detail;
  EXPECT_EQ(*o.outcome.ret, sem::bits_of(1.5));
  o = call("flip", {scalar(0)});
  ASSERT_EQ(o.end, End::Returned) << o.detail;
  EXPECT_EQ(*o.outcome.ret, 1u);
}

void NativeCall::views_and_borrows() {
  IsolatedOutcome o = call("fill", {scalar(3), view({0, 0, 0}), scalar(7)});
  ASSERT_EQ(o.end, End::Returned) << o.detail;
  ASSERT_TRUE(o.outcome.defined);
  EXPECT_FALSE(o.outcome.ret);
  EXPECT_EQ(o.outcome.written, (std::vector<std::vector<uint64_t>>{{}, {7, 7, 7}, {}}));
  o = call("fill", {scalar(0), view({}), scalar(7)});  // an empty view
  ASSERT_EQ(o.end, End::Returned) << o.detail;
  EXPECT_EQ(o.outcome.written[1].size(), 0u);
  o = call("total", {scalar(3), view({5, static_cast<uint64_t>(-9), 1})}, {0, 4});  // offset elements before
  ASSERT_EQ(o.end, End::Returned) << o.detail;
  EXPECT_EQ(*o.outcome.ret, static_cast<uint64_t>(-3));
  EXPECT_TRUE(o.outcome.written[1].empty());  // ro: nothing comes back
  o = call("bump", {view({41})});
  ASSERT_EQ(o.end, End::Returned) << o.detail;
  EXPECT_EQ(o.outcome.written, (std::vector<std::vector<uint64_t>>{{42}}));
  o = call("bump", {scalar(9)});  // a borrow given as a scalar
  ASSERT_EQ(o.end, End::Returned) << o.detail;
  EXPECT_EQ(o.outcome.written, (std::vector<std::vector<uint64_t>>{{10}}));
}

void NativeCall::traps() {
  IsolatedOutcome o = call("add", {scalar(0x7FFFFFFF), scalar(1)});
  ASSERT_EQ(o.end, End::Returned) << o.detail;
  EXPECT_FALSE(o.outcome.defined);
  EXPECT_EQ(o.outcome.trap, check::TrapKind::Overflow);
  EXPECT_EQ(o.outcome.trap_pos.file, 0u);
  EXPECT_EQ(o.outcome.trap_pos.line, 2u);
  o = call("pick", {scalar(2), view({1, 2}), scalar(2)});
  ASSERT_EQ(o.end, End::Returned) << o.detail;
  EXPECT_EQ(o.outcome.trap, check::TrapKind::Bounds);
  EXPECT_EQ(o.outcome.trap_pos.line, 17u);
  o = call("check", {scalar(12)});
  ASSERT_EQ(o.end, End::Returned) << o.detail;
  EXPECT_EQ(o.outcome.trap, check::TrapKind::Assert);
  EXPECT_EQ(o.outcome.trap_pos.line, 29u);
}

void NativeCall::timeout() {
  harness.timeout_s = 0.5;
  IsolatedOutcome o = call("spin", {scalar(1)});
  EXPECT_EQ(o.end, End::TimedOut);
  EXPECT_EQ(o.detail, "timed out after 0.5 s");
}

void NativeCall::wrong_arguments() {
  IsolatedOutcome o = call("fill", {scalar(3), scalar(0), scalar(7)});
  EXPECT_EQ(o.end, End::NotRun);
  EXPECT_NE(o.detail.find("a scalar where a view is due"), std::string::npos) << o.detail;
  o = call("add", {scalar(1)});
  EXPECT_EQ(o.end, End::NotRun);
}

// One test per compiler (one harness build each): returns as bits, rw views and borrows written back,
// traps with kind and line, an endless call stopped at its limit, arguments that do not fit refused.
TEST_P(NativeCall, CallsEndAsExpected) {
  {
    SCOPED_TRACE("scalars");
    scalars();
  }
  {
    SCOPED_TRACE("views and borrows");
    views_and_borrows();
  }
  {
    SCOPED_TRACE("traps");
    traps();
  }
  {
    SCOPED_TRACE("timeout");
    timeout();
  }
  {
    SCOPED_TRACE("wrong arguments");
    wrong_arguments();
  }
}

INSTANTIATE_TEST_SUITE_P(Compilers, NativeCall, ::testing::Values("clang", "gcc"));

// A harness that is no CAIRN program: the runner must not mistake its end for an outcome.
TEST(NativeCallEnd, CrashesAndGarbleAreCrashed) {
  ASSERT_EQ(built().run.outcome, driver::Outcome::Typed);
  const check::FnInfo* add = built().engine->find("add");
  ASSERT_NE(add, nullptr);
  auto script = [](const std::string& name, const std::string& body) {
    fs::path p = scratch() / name;
    std::ofstream(p) << "#!/bin/sh\n" << body << "\n";
    fs::permissions(p, fs::perms::owner_all);
    return p.string();
  };
  CallHarness h;
  h.sources = &built().run.sources;
  h.timeout_s = 10;
  std::vector<sem::ArgValue> args = {scalar(1), scalar(2)};
  h.artifact = script("segv.sh", "kill -SEGV $$");
  IsolatedOutcome o = native_call(h, *add, args);
  EXPECT_EQ(o.end, End::Crashed);
  EXPECT_EQ(o.detail, "stopped by SIGSEGV");
  h.artifact = script("abort.sh", "kill -ABRT $$");  // SIGABRT without a trap report is no trap
  o = native_call(h, *add, args);
  EXPECT_EQ(o.end, End::Crashed);
  EXPECT_EQ(o.detail, "stopped by SIGABRT");
  h.artifact = script("exit5.sh", "exit 5");
  o = native_call(h, *add, args);
  EXPECT_EQ(o.end, End::Crashed);
  EXPECT_EQ(o.detail, "ended with status 5 without an outcome");
  h.artifact = script("garble.sh", "printf 'CAIRNOUTxxxx' >&4");
  o = native_call(h, *add, args);
  EXPECT_EQ(o.end, End::Crashed);
  EXPECT_EQ(o.detail, "ended with status 0 without an outcome");
  h.artifact = (scratch() / "missing").string();
  o = native_call(h, *add, args);
  EXPECT_EQ(o.end, End::Crashed);
  EXPECT_NE(o.detail.find("could not start the call harness"), std::string::npos) << o.detail;
}

TEST(NativeCallEnd, TrapReportsParse) {
  SourceSet sources;
  sources.add("src/a.cairn", "");
  sources.add("src/b.cairn", "");
  sem::CallOutcome o;
  ASSERT_TRUE(parse_trap_report("trap: divide-by-zero at src/b.cairn:12\n", &sources, o));
  EXPECT_FALSE(o.defined);
  EXPECT_EQ(o.trap, check::TrapKind::DivideByZero);
  EXPECT_EQ(o.trap_pos.file, 1u);
  EXPECT_EQ(o.trap_pos.line, 12u);
  ASSERT_TRUE(parse_trap_report("trap: stack at elsewhere.cairn:3\n", &sources, o));
  EXPECT_FALSE(o.trap_pos.valid());
  EXPECT_FALSE(parse_trap_report("trap: nonsense at src/a.cairn:1\n", &sources, o));
  EXPECT_FALSE(parse_trap_report("", &sources, o));
}

// The differential check: each case ends the same in the interpreter's isolated call and in the native one
// under both compilers (the trap's column aside: a native trap report names file and line).
TEST(NativeCallDifferential, SameOutcomesAsTheInterpreter) {
  ASSERT_EQ(built().run.outcome, driver::Outcome::Typed);
  struct Case {
    const char* fn;
    std::vector<sem::ArgValue> args;
  };
  uint64_t nan = sem::bits_of(std::numeric_limits<double>::quiet_NaN());
  std::vector<Case> cases = {
      {"add", {scalar(2), scalar(3)}},
      {"add", {scalar(static_cast<uint64_t>(-7)), scalar(2)}},
      {"add", {scalar(static_cast<uint64_t>(INT32_MIN)), scalar(static_cast<uint64_t>(-1))}},
      {"half", {scalar(sem::bits_of(-0.0))}},
      {"half", {scalar(nan)}},
      {"half", {scalar(sem::bits_of(5e-324))}},
      {"flip", {scalar(1)}},
      {"fill", {scalar(2), view({9, 9}), scalar(255)}},
      {"total", {scalar(2), view({uint64_t{1} << 62, uint64_t{1} << 62})}},
      {"total", {scalar(0), view({})}},
      {"total", {scalar(2), view({static_cast<uint64_t>(-9), 1})}},
      {"pick", {scalar(3), view({4, 5, 6}), scalar(1)}},
      {"pick", {scalar(3), view({4, 5, 6}), scalar(3)}},
      {"check", {scalar(3)}},
      {"check", {scalar(200)}},
      {"lanes", {scalar(2), view({sem::bits_of(1.5f), sem::bits_of(-2.0f)}), view({sem::bits_of(2.0f), sem::bits_of(0.25f)})}},
  };
  sem::Limits limits;
  for (const char* cc : {"clang", "gcc"}) {
    const BuildResult& r = harness_of(cc);
    ASSERT_EQ(r.status, BuildResult::Status::Built) << build_failure_text(r);
    CallHarness h{r.artifact, &built().run.sources, 10};
    for (const Case& c : cases) {
      const check::FnInfo* f = built().engine->find(c.fn);
      ASSERT_NE(f, nullptr);
      IsolatedOutcome want = isolated_call(*built().engine, *f, c.args, limits, 10, uint64_t{3} << 30);
      IsolatedOutcome got = native_call(h, *f, c.args);
      std::string what = std::string(cc) + " " + c.fn;
      ASSERT_EQ(want.end, End::Returned) << what << ": " << want.detail;
      ASSERT_EQ(got.end, End::Returned) << what << ": " << got.detail;
      EXPECT_EQ(got.outcome.defined, want.outcome.defined) << what;
      EXPECT_EQ(got.outcome.ret, want.outcome.ret) << what;
      EXPECT_EQ(got.outcome.written, want.outcome.written) << what;
      if (!want.outcome.defined) {
        EXPECT_EQ(got.outcome.trap, want.outcome.trap) << what;
        EXPECT_EQ(got.outcome.trap_pos.file, want.outcome.trap_pos.file) << what;
        EXPECT_EQ(got.outcome.trap_pos.line, want.outcome.trap_pos.line) << what;
      }
    }
  }
  // What one call costs: a figure for people, never asserted.
  const check::FnInfo* add = built().engine->find("add");
  std::vector<sem::ArgValue> args = {scalar(1), scalar(2)};
  CallHarness h{harness_of("clang").artifact, &built().run.sources, 10};
  constexpr int kCalls = 50;
  auto time = [&](auto&& one) {
    auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < kCalls; ++i) EXPECT_EQ(one().end, End::Returned);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / kCalls * 1e3;
  };
  double native_ms = time([&] { return native_call(h, *add, args); });
  double interp_ms = time([&] { return isolated_call(*built().engine, *add, args, limits, 10, uint64_t{3} << 30); });
  std::printf("one isolated call: native %.2f ms, interpreter %.2f ms\n", native_ms, interp_ms);
}

}  // namespace
}  // namespace cairn::targets
