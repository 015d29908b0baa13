// Canonical emission: a function's C++ text does not depend on its position in the file or on the names of
// its locals and parameters; guard elision follows the checker's proofs (§16.3) unless --keep-guards.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "front/driver/driver.h"
#include "lower/lower.h"
#include "semantics/ir.h"
#include "../scratch_dir.h"

namespace {

struct Lowering {
  cairn::driver::CheckRun run;
  cairn::ir::Module module;
  cairn::lower::Lowered low;
};

std::unique_ptr<Lowering> lower_text(const std::string& name, const std::string& text, bool keep_guards = false) {
  auto dir = std::filesystem::temp_directory_path() / ("cairn_lower_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  auto path = dir / (name + ".cairn");
  std::ofstream(path) << text;
  auto l = std::make_unique<Lowering>();
  l->run = cairn::driver::run(path.string());
  EXPECT_EQ(l->run.outcome, cairn::driver::Outcome::Typed) << name;
  if (l->run.outcome != cairn::driver::Outcome::Typed) return l;
  l->module = cairn::ir::build_ir(*l->run.program);
  cairn::lower::Options o;
  o.keep_guards = keep_guards;
  l->low = cairn::lower::lower_program(l->module, l->run.sources, o);
  return l;
}

const cairn::lower::Function* find(const cairn::lower::Lowered& low, const std::string& name) {
  for (const auto& f : low.functions)
    if (f.name == name) return &f;
  return nullptr;
}

const char* kOriginal = R"(fn helper(x:u64) -> u64 = x + 1;
fn work(n:usize, xs:ro<u64>[n], limit:u64) -> u64 {
  let mut total:u64 = 0;
  for i in 0..n {
    let v = xs[i];
    if v < limit { total += helper(v); }
  }
  if n > 0 { total += xs[n - 1]; }
  return total;
}
fn main() -> i32 {
  let data = "abc";
  let xs = Array[u64, 3]();
  return i32(work(3, xs, u64(len(data))));
}
)";

// The same program with every local and parameter of `work` renamed, and `work` moved below main after
// some blank and comment lines.
const char* kMoved = R"(// a comment that shifts every line

fn helper(x:u64) -> u64 = x + 1;
fn main() -> i32 {
  let data = "abc";
  let xs = Array[u64, 3]();
  return i32(work(3, xs, u64(len(data))));
}


fn work(count:usize, values:ro<u64>[count], cap:u64) -> u64 {
  let mut acc:u64 = 0;
  for k in 0..count {
    let elem = values[k];
    if elem < cap { acc += helper(elem); }
  }
  if count > 0 { acc += values[count - 1]; }
  return acc;
}
)";

TEST(CanonicalEmission, RenamingLocalsAndMovingAFunctionKeepsItsText) {
  auto a = lower_text("original", kOriginal);
  auto b = lower_text("moved", kMoved);
  const auto* fa = find(a->low, "work");
  const auto* fb = find(b->low, "work");
  ASSERT_NE(fa, nullptr);
  ASSERT_NE(fb, nullptr);
  EXPECT_EQ(fa->symbol, fb->symbol);
  EXPECT_EQ(fa->text, fb->text);
  EXPECT_EQ(fa->depends, fb->depends);
  EXPECT_EQ(fa->emitted_guards, fb->emitted_guards);
  EXPECT_EQ(fa->elided_guards, fb->elided_guards);
  // the text is exactly what the translation unit holds
  EXPECT_NE(a->low.cpp.find(fa->text), std::string::npos);
  // the unit itself differs (the site table names other lines)
  EXPECT_NE(a->low.cpp, b->low.cpp);
}

TEST(CanonicalEmission, EmissionIsDeterministic) {
  auto a = lower_text("det1", kOriginal);
  auto b = lower_text("det1", kOriginal);
  EXPECT_EQ(a->low.cpp, b->low.cpp);
}

TEST(CanonicalEmission, DependsAreSortedAndNameCallees) {
  auto a = lower_text("deps", kOriginal);
  const auto* f = find(a->low, "work");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(std::is_sorted(f->depends.begin(), f->depends.end()));
  EXPECT_NE(std::find(f->depends.begin(), f->depends.end(), find(a->low, "helper")->symbol), f->depends.end());
}

TEST(GuardElision, LoopIndexOverItsExtentCostsNothing) {
  auto a = lower_text("elide", kOriginal);
  const auto* f = find(a->low, "work");
  ASSERT_NE(f, nullptr);
  EXPECT_GE(f->elided_guards, 1u);  // xs[i] inside for i in 0..n
  EXPECT_NE(f->text.find("l1[l4]"), std::string::npos) << f->text;  // a bare element read, no call
  auto k = lower_text("keep", kOriginal, /*keep_guards=*/true);
  const auto* g = find(k->low, "work");
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->elided_guards, 0u);
  EXPECT_EQ(g->emitted_guards, f->emitted_guards + f->elided_guards);
}

TEST(LineOrigins, AreSortedAndPointIntoTheSource) {
  auto a = lower_text("lines", kOriginal);
  ASSERT_FALSE(a->low.lines.empty());
  for (size_t i = 1; i < a->low.lines.size(); ++i) EXPECT_LT(a->low.lines[i - 1].cpp_line, a->low.lines[i].cpp_line);
  for (const auto& l : a->low.lines) EXPECT_GE(l.pos.line, 1u);
}

}  // namespace

namespace {

TEST(LineOrigins, DirectivesNameTheCairnLines) {
  auto dir = std::filesystem::temp_directory_path() / ("cairn_lower_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  auto path = dir / "directives.cairn";
  std::ofstream(path) << kOriginal;
  auto run = cairn::driver::run(path.string());
  ASSERT_EQ(run.outcome, cairn::driver::Outcome::Typed);
  auto m = cairn::ir::build_ir(*run.program);
  cairn::lower::Options o;
  o.line_directives = true;
  auto low = cairn::lower::lower_program(m, run.sources, o);
  EXPECT_NE(low.cpp.find("#line 5 \""), std::string::npos);
  // every recorded origin names a C++ line that exists and is not itself a directive
  std::vector<std::string> lines;
  size_t at = 0;
  for (size_t nl; (nl = low.cpp.find('\n', at)) != std::string::npos; at = nl + 1) lines.push_back(low.cpp.substr(at, nl - at));
  for (const auto& l : low.lines) {
    ASSERT_LE(l.cpp_line, lines.size());
    EXPECT_NE(lines[l.cpp_line - 1].rfind("#line", 0), 0u) << lines[l.cpp_line - 1];
  }
}

}  // namespace

// The scratch directory named by the process id is removed when the test program ends.
::testing::Environment* const scratch_cleanup_cairn_lower =
    ::testing::AddGlobalTestEnvironment(new cairn::test::ScratchCleanup("cairn_lower_"));
