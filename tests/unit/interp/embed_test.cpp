// The embedding API and the IR dump/verifier on small programs.
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "front/driver/driver.h"
#include "semantics/embed.h"
#include "semantics/ir.h"
#include "../scratch_dir.h"

namespace {

struct Loaded {
  cairn::driver::CheckRun run;
};

cairn::driver::CheckRun load(const std::string& name, const std::string& text) {
  auto dir = std::filesystem::temp_directory_path() / ("cairn_interp_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  auto path = dir / (name + ".cairn");
  std::ofstream(path) << text;
  auto r = cairn::driver::run(path.string());
  return r;
}

const char* kSmall = R"(fn add(a:u64, b:u64) -> u64 = a + b;
fn div(a:u32, b:u32) -> u32 = a / b;
fn fill(n:usize, xs:rw<u64>[n], v:u64) {
  for i in 0..n { xs[i] = v + u64(i); }
}
fn deep(n:u64) -> u64 {
  if n == 0 { return 0; }
  return deep(n - 1) + 1;
}
fn main() -> i32 { return 0; }
)";

TEST(Embed, CallsScalarFunctionsManyTimes) {
  auto r = load("small", kSmall);
  ASSERT_EQ(r.outcome, cairn::driver::Outcome::Typed);
  auto engine = cairn::sem::Engine::compile(*r.program, r.sources);
  const auto* add = engine->find("add");
  ASSERT_NE(add, nullptr);
  cairn::sem::Limits limits;
  std::vector<cairn::sem::ArgValue> args(2);
  uint64_t total = 0;
  auto start = std::chrono::steady_clock::now();
  for (uint64_t i = 0; i < 1000000; ++i) {
    args[0].bits = i;
    args[1].bits = 1;
    auto out = engine->call(*add, args, limits);
    ASSERT_TRUE(out.defined);
    total += *out.ret;
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("embedded calls: %.0f per second\n", 1e6 / secs);  // a figure for people; never asserted
  EXPECT_EQ(total, 500000500000ull);
}

TEST(Embed, ReportsTrapsAndWrittenViews) {
  auto r = load("small2", kSmall);
  ASSERT_EQ(r.outcome, cairn::driver::Outcome::Typed);
  auto engine = cairn::sem::Engine::compile(*r.program, r.sources);
  cairn::sem::Limits limits;
  std::vector<cairn::sem::ArgValue> args(2);
  args[0].bits = 1;
  auto out = engine->call(*engine->find("div"), args, limits);
  EXPECT_FALSE(out.defined);
  EXPECT_EQ(out.trap, cairn::check::TrapKind::DivideByZero);
  EXPECT_EQ(out.trap_pos.line, 2u);
  std::vector<cairn::sem::ArgValue> fa(3);
  fa[0].bits = 3;
  fa[1].is_view = true;
  fa[1].elems = {0, 0, 0};
  fa[2].bits = 10;
  out = engine->call(*engine->find("fill"), fa, limits);
  ASSERT_TRUE(out.defined);
  EXPECT_EQ(out.written[1], (std::vector<uint64_t>{10, 11, 12}));
  std::vector<cairn::sem::ArgValue> d(1);
  d[0].bits = 100;
  out = engine->call(*engine->find("deep"), d, limits);
  ASSERT_TRUE(out.defined);
  EXPECT_EQ(*out.ret, 100u);
  limits.max_call_depth = 50;
  out = engine->call(*engine->find("deep"), d, limits);
  EXPECT_FALSE(out.defined);
  EXPECT_EQ(out.trap, cairn::check::TrapKind::Stack);
}

TEST(IrDump, IsDeterministicAndVerifies) {
  auto r = load("small3", kSmall);
  ASSERT_EQ(r.outcome, cairn::driver::Outcome::Typed);
  auto m1 = cairn::ir::build_ir(*r.program);
  auto m2 = cairn::ir::build_ir(*r.program);
  std::string d = cairn::ir::dump_ir(m1);
  EXPECT_EQ(d, cairn::ir::dump_ir(m2));
  EXPECT_NE(d.find("fn add"), std::string::npos);
  EXPECT_NE(d.find("guard divide-by-zero@2:"), std::string::npos);
  EXPECT_TRUE(cairn::ir::verify_ir(m1).empty());
}

}  // namespace

// The scratch directory named by the process id is removed when the test program ends.
::testing::Environment* const scratch_cleanup_cairn_interp =
    ::testing::AddGlobalTestEnvironment(new cairn::test::ScratchCleanup("cairn_interp_"));
