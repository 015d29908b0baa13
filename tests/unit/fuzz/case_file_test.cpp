// Kept fuzz cases (tools.md §6.3): the hash, the exact expectation header, reading it back, and the
// never-rewritten file.
#include <gtest/gtest.h>

#include <filesystem>

#include "base/atomic_file.h"
#include "base/sha256.h"
#include "fuzz/reduce/case_file.h"
#include "fuzz/reduce/reduce.h"
#include "../scratch_dir.h"

namespace cairn::fuzz {
namespace {

namespace fs = std::filesystem;

const char* kProgram = "fn main() -> i32 {\n  println(17);\n  return 0;\n}\n";

CaseHeader sample() {
  CaseHeader h;
  h.seed = 9127;
  h.index = 4410;
  h.kind = "stdout";
  h.engine = "gcc-O2";
  Outcome seen;
  seen.end = Outcome::End::Exited;
  seen.out = "17\n-5\n";
  h.observed = outcome_line(seen);
  Outcome ref = seen;
  ref.out = "17\n-4\n";
  set_expectation(h, ref);
  h.hash = case_hash(kProgram);
  return h;
}

TEST(FuzzCase, HashIsTheFirst16HexOfSha256) {
  EXPECT_EQ(case_hash(kProgram), sha256_hex(kProgram).substr(0, 16));
  EXPECT_EQ(case_hash(kProgram).size(), 16u);
}

TEST(FuzzCase, HeaderIsExactlyTheSpecifiedForm) {
  CaseHeader h = sample();
  std::string want = "// cairn-fuzz regression " + h.hash + "\n"
                     "// found: seed 9127 index 4410, kind stdout, interp vs gcc-O2\n"
                     "// observed gcc-O2: exit 0, stdout \"17\\n-5\\n\"\n"
                     "// expect exit: 0\n"
                     "// expect trap: none\n"
                     "// expect stdout: \"17\\n-4\\n\"\n" +
                     std::string(kProgram);
  EXPECT_EQ(render_case(h, kProgram), want);
}

TEST(FuzzCase, HeaderReadsBack) {
  CaseHeader h = sample(), back;
  std::string error;
  ASSERT_TRUE(parse_case(render_case(h, kProgram), back, error)) << error;
  EXPECT_EQ(back.hash, h.hash);
  EXPECT_EQ(back.seed, 9127u);
  EXPECT_EQ(back.index, 4410u);
  EXPECT_EQ(back.kind, "stdout");
  EXPECT_EQ(back.engine, "gcc-O2");
  EXPECT_EQ(back.expect_exit, 0);
  EXPECT_EQ(back.expect_trap, "none");
  EXPECT_EQ(back.expect_stdout, std::optional<std::string>("17\n-4\n"));
  EXPECT_FALSE(parse_case(kProgram, back, error));
  EXPECT_FALSE(error.empty());
}

TEST(FuzzCase, LongOutputIsKeptAsItsDigest) {
  CaseHeader h = sample(), back;
  Outcome ref;
  ref.end = Outcome::End::Trapped;
  ref.exit = 134;
  ref.trap = "bounds";
  ref.out = std::string(5000, 'x');
  set_expectation(h, ref);
  std::string text = render_case(h, kProgram), error;
  EXPECT_NE(text.find("// expect stdout-sha256: " + sha256_hex(ref.out) + "\n"), std::string::npos);
  ASSERT_TRUE(parse_case(text, back, error)) << error;
  std::string why;
  EXPECT_TRUE(meets_expectation(back, ref, why)) << why;
  ref.trap = "overflow";
  EXPECT_FALSE(meets_expectation(back, ref, why));
  EXPECT_EQ(why, "trap overflow");
}

TEST(FuzzCase, KeptOnceNeverRewritten) {
  fs::path dir = test::scratch_dir("cairn_fuzz_case_") / "kept";
  KeptCase first = keep_case(dir.string(), sample(), kProgram);
  ASSERT_TRUE(first.error.empty()) << first.error;
  EXPECT_FALSE(first.duplicate);
  EXPECT_EQ(fs::path(first.path).filename().string(), case_hash(kProgram) + ".cairn");
  std::string bytes;
  ASSERT_TRUE(read_file(first.path, bytes));
  EXPECT_EQ(bytes, render_case(sample(), kProgram));
  CaseHeader other = sample();
  other.seed = 1;
  KeptCase again = keep_case(dir.string(), other, kProgram);
  EXPECT_TRUE(again.duplicate);
  std::string after;
  ASSERT_TRUE(read_file(first.path, after));
  EXPECT_EQ(after, bytes);
}

TEST(FuzzReduce, CandidatesAreSmallerEdits) {
  std::string text = "fn f(a:i32) -> i32 {\n  let b = a - 3;\n  return b * 2;\n}\nfn main() -> i32 {\n  println(f(40), 7);\n  return 0;\n}\n";
  std::vector<std::string> c = reduction_candidates(text);
  ASSERT_FALSE(c.empty());
  bool deleted_fn = false, shrunk_literal = false, dropped_operand = false, dropped_element = false;
  for (const std::string& s : c) {
    dropped_element |= s.find("println(f(40));") != std::string::npos;
    deleted_fn |= s.find("fn f(") == std::string::npos;
    shrunk_literal |= s.find("f(20)") != std::string::npos;
    dropped_operand |= s.find("let b = a;") != std::string::npos;
  }
  EXPECT_TRUE(dropped_element);
  EXPECT_TRUE(deleted_fn);
  EXPECT_TRUE(shrunk_literal);
  EXPECT_TRUE(dropped_operand);
}

TEST(FuzzReduce, StopsAtAFixedPoint) {
  // The "disagreement" is the presence of `- 3`: the minimal text keeps exactly what carries it.
  std::string text = "fn main() -> i32 {\n  let a = 1;\n  let b = 40 - 3;\n  println(a);\n  return 0;\n}\n";
  auto accepts = [](const std::string&) { return true; };
  auto first_kept = [](const std::vector<std::string>& group) {
    for (size_t k = 0; k < group.size(); ++k)
      if (group[k].find("- 3") != std::string::npos) return static_cast<int>(k);
    return -1;
  };
  Reduction r = reduce_text(text, accepts, first_kept, 60, 4);
  EXPECT_TRUE(r.minimal);
  EXPECT_NE(r.text.find("- 3"), std::string::npos);
  EXPECT_EQ(r.text, "  let b = 0 - 3;\n") << "every other line goes and the literal shrinks";
}

::testing::Environment* const cleanup = ::testing::AddGlobalTestEnvironment(new test::ScratchCleanup("cairn_fuzz_case_"));

}  // namespace
}  // namespace cairn::fuzz
