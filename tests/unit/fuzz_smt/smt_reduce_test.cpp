// An smt mismatch reduced, kept and replayed (tools.md §6.3-6.5), with the planted encoding defect of
// smt/planted_defects.def (sub-as-add) standing in for a wrong encoding.
#include <gtest/gtest.h>

#include <filesystem>

#include "base/atomic_file.h"
#include "base/temp_dir.h"
#include "fuzz/reduce/case_file.h"
#include "fuzz/smt/smt_case.h"
#include "fuzz/smt/smt_recheck.h"
#include "fuzz/smt/smt_reduce.h"
#include "fuzz/smt/smt_replay.h"
#include "smt/planted_defect.h"

namespace cairn::fuzz {
namespace {

namespace fs = std::filesystem;

// The defect for one test's scope.
struct Planted {
  explicit Planted(smt::TestDefect d) { smt::set_test_defect(d); }
  ~Planted() { smt::set_test_defect(smt::TestDefect::None); }
};

struct TempDir {
  std::string path;
  TempDir() {
    std::string error;
    path = make_temp_dir("cairn-smt-reduce-test", error);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

// `diff` subtracts on its last line; the rest is what the reducer should take away.
const char* kProgram = R"(fn helper(x:i32) -> i32 = x / 2;
fn other(x:u8) -> u8 = x & 7;
fn diff(a:i32, b:i32) -> i32 {
  let c:i32 = helper(a) / 1000;
  let mut d:i32 = c;
  let mut k:i32 = 0;
  while k < 3 {
    d = d + 1;
    k += 1;
  }
  if d > 100000000 { return d; }
  return d - b / 4;
}
fn main() -> i32 { return 0; }
)";

SmtOptions z3_options() {
  SmtOptions o;
  o.solvers = smt::SolverSet::only(smt::Solver::Z3);
  o.inputs_per_function = 8;
  return o;
}

// The first mismatch of `diff` under the planted defect.
std::optional<SmtMismatch> diff_mismatch() {
  SmtProgramResult r = check_program_smt(kProgram, 0, 5, z3_options());
  for (const SmtMismatch& m : r.mismatches)
    if (m.function == "diff") return m;
  return std::nullopt;
}

size_t lines_of(const std::string& s) {
  size_t n = 0;
  for (char c : s) n += c == '\n' ? 1 : 0;
  return n;
}

TEST(FuzzSmtReduce, NoDefectNoMismatch) {
  SmtProgramResult r = check_program_smt(kProgram, 0, 5, z3_options());
  EXPECT_TRUE(r.mismatches.empty());
}

TEST(FuzzSmtReduce, CaseHeaderRoundTrips) {
  SmtCaseHeader h;
  h.hash = "0123456789abcdef";
  h.seed = 9;
  h.index = 4;
  h.kind = "value";
  h.solver = "cvc5";
  h.signature = "f(x:i32, y:u8) -> i32";
  h.leaves = {3, 18446744073709551615ull};
  h.expect = "f(x = 3, y = 255) returns 7";
  std::string text = render_smt_case(h, "fn f(x:i32, y:u8) -> i32 = x;\n");
  SmtCaseHeader back;
  std::string error;
  ASSERT_TRUE(parse_smt_case(text, back, error)) << error;
  EXPECT_EQ(back.hash, h.hash);
  EXPECT_EQ(back.seed, 9u);
  EXPECT_EQ(back.index, 4u);
  EXPECT_EQ(back.kind, "value");
  EXPECT_EQ(back.solver, "cvc5");
  EXPECT_EQ(back.function(), "f");
  EXPECT_EQ(back.leaves, h.leaves);
  EXPECT_EQ(back.expect, h.expect);
  EXPECT_FALSE(parse_smt_case("// cairn-fuzz regression 00\nfn main() -> i32 { return 0; }\n", back, error));
  EXPECT_NE(error.find("found"), std::string::npos) << error;
  std::string other = text;
  other.replace(other.find("// expect smt: f("), 17, "// expect smt: g(");
  EXPECT_FALSE(parse_smt_case(other, back, error));
}

TEST(FuzzSmtReduce, PredicateKeepsTheCallFixed) {
  Planted p(smt::TestDefect::SubAsAdd);
  std::optional<SmtMismatch> m = diff_mismatch();
  ASSERT_TRUE(m) << "the planted defect shows no mismatch in diff";
  EXPECT_EQ(m->kind, SmtMismatchKind::Value);
  EXPECT_EQ(m->signature, "diff(a:i32, b:i32) -> i32");
  std::string call = mismatch_call_text(*m, 2000);
  EXPECT_EQ(call.rfind("diff(a = ", 0), 0u) << call;
  EXPECT_TRUE(still_mismatches(*m, call, m->program, 2000));
  // The function deleted, renamed, or its signature changed: not kept.
  std::string gone = "fn main() -> i32 { return 0; }\n";
  EXPECT_FALSE(still_mismatches(*m, call, gone, 2000));
  std::string renamed = "fn diff2(a:i32, b:i32) -> i32 = a - b;\n";
  EXPECT_FALSE(still_mismatches(*m, call, renamed, 2000));
  std::string retyped = "fn diff(a:i32, b:i64) -> i32 = a - i32(b);\n";
  EXPECT_FALSE(still_mismatches(*m, call, retyped, 2000));
  // The same signature, still subtracting a non-zero value: kept.
  std::string small = "fn diff(a:i32, b:i32) -> i32 = 0 - 1;\n";
  EXPECT_TRUE(still_mismatches(*m, call, small, 2000));
  // The same leaves read as other arguments: not kept.
  EXPECT_FALSE(still_mismatches(*m, "diff(a = 0, b = 0)", small, 2000));
  // No subtraction left: the encoding agrees, not kept.
  EXPECT_FALSE(still_mismatches(*m, call, "fn diff(a:i32, b:i32) -> i32 = a;\n", 2000));
}

TEST(FuzzSmtReduce, ReducedKeptAndReplayed) {
  TempDir dir;
  ASSERT_FALSE(dir.path.empty());
  std::string smt_dir = dir.path + "/smt";
  SmtKept k;
  {
    Planted p(smt::TestDefect::SubAsAdd);
    std::optional<SmtMismatch> m = diff_mismatch();
    ASSERT_TRUE(m);
    k = reduce_and_keep_smt(*m, 77, smt_dir, 2000, 60);
    ASSERT_FALSE(k.file.empty()) << k.error;
    EXPECT_FALSE(k.duplicate);
    EXPECT_TRUE(k.reduction.minimal);
    EXPECT_GT(k.reduction.steps, 0u);
    EXPECT_LT(k.reduction.text.size(), k.from_bytes);
    EXPECT_LE(lines_of(k.reduction.text), 6u) << k.reduction.text;
    EXPECT_EQ(k.reduction.text.find("fn helper"), std::string::npos) << k.reduction.text;
    EXPECT_NE(k.reduction.text.find("fn diff(a:i32, b:i32) -> i32"), std::string::npos) << k.reduction.text;
    std::printf("reduced %zu -> %zu bytes in %zu steps (%zu tried):\n%s", k.from_bytes, k.reduction.text.size(),
                k.reduction.steps, k.reduction.tried, k.reduction.text.c_str());
    std::string text;
    ASSERT_TRUE(read_file(k.file, text));
    EXPECT_EQ(k.id, case_hash(k.reduction.text));
    EXPECT_EQ(fs::path(k.file).filename().string(), k.id + ".cairn");
    SmtCaseHeader h;
    std::string error;
    ASSERT_TRUE(parse_smt_case(text, h, error)) << error;
    EXPECT_EQ(h.seed, 77u);
    EXPECT_EQ(h.solver, "z3");
    EXPECT_EQ(h.kind, "value");
    EXPECT_EQ(h.leaves, m->leaves);
    EXPECT_EQ(k.expect_line, "// expect smt: " + h.expect);
    EXPECT_EQ(h.expect.rfind("diff(a = ", 0), 0u) << h.expect;
    EXPECT_EQ(text.substr(text.size() - k.reduction.text.size()), k.reduction.text);
    // Kept once: a second keep of the same reduction leaves the file as it is.
    SmtKept again = reduce_and_keep_smt(*m, 78, smt_dir, 2000, 60);
    EXPECT_TRUE(again.duplicate);
    std::string after;
    ASSERT_TRUE(read_file(k.file, after));
    EXPECT_EQ(after, text);
    // Replayed with the defect still planted: the case fails, naming z3.
    std::vector<SmtReplayCase> failing = replay_smt_cases(dir.path);
    ASSERT_EQ(failing.size(), 1u);
    EXPECT_FALSE(failing[0].passed());
    EXPECT_TRUE(failing[0].error.empty()) << failing[0].error;
    EXPECT_EQ(failing[0].fails.count("z3"), 1u);
    EXPECT_EQ(failing[0].fails.count("interp"), 0u);
  }
  // The encoding fixed: the case passes.
  std::vector<SmtReplayCase> passing = replay_smt_cases(dir.path);
  ASSERT_EQ(passing.size(), 1u);
  EXPECT_TRUE(passing[0].passed()) << passing[0].error;
  EXPECT_EQ(passing[0].to_json()["status"], "passed");
}

TEST(FuzzSmtReduce, ReplayFailsAWrongExpectationAndAMalformedCase) {
  TempDir dir;
  fs::create_directories(dir.path + "/smt");
  SmtCaseHeader h;
  h.hash = case_hash("fn f(x:i32) -> i32 = x + 1;\n");
  h.seed = 1;
  h.kind = "value";
  h.solver = "z3";
  h.signature = "f(x:i32) -> i32";
  h.leaves = {3};
  h.expect = "f(x = 3) returns 5";  // the interpreter says 4
  std::string error;
  ASSERT_TRUE(write_file_atomic(dir.path + "/smt/a.cairn", render_smt_case(h, "fn f(x:i32) -> i32 = x + 1;\n"), error));
  h.expect = "f(x = 9) returns 10";  // not the input of the leaves
  ASSERT_TRUE(write_file_atomic(dir.path + "/smt/b.cairn", render_smt_case(h, "fn f(x:i32) -> i32 = x + 1;\n"), error));
  ASSERT_TRUE(write_file_atomic(dir.path + "/smt/c.cairn", "fn main() -> i32 { return 0; }\n", error));
  h.expect = "f(x = 3) returns 4";  // right
  ASSERT_TRUE(write_file_atomic(dir.path + "/smt/d.cairn", render_smt_case(h, "fn f(x:i32) -> i32 = x + 1;\n"), error));
  std::vector<SmtReplayCase> cases = replay_smt_cases(dir.path);
  ASSERT_EQ(cases.size(), 4u);
  EXPECT_EQ(cases[0].fails.count("interp"), 1u);
  EXPECT_NE(cases[0].fails["interp"].find("returns 4"), std::string::npos);
  EXPECT_NE(cases[1].error.find("smt leaves"), std::string::npos) << cases[1].error;
  EXPECT_NE(cases[2].error.find("cairn-fuzz regression"), std::string::npos) << cases[2].error;
  EXPECT_TRUE(cases[3].passed()) << cases[3].error;
}

}  // namespace
}  // namespace cairn::fuzz
