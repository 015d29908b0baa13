// The unified diff of `cairn fmt --diff`: headers, hunk ranges, context, and a last line without its newline.
#include <gtest/gtest.h>

#include "front/fmt/unified_diff.h"

namespace cairn::testing {
namespace {

TEST(FmtDiff, EqualTextsGiveNothing) { EXPECT_EQ(fmt::unified_diff("a.cairn", "x\n", "x\n"), ""); }

TEST(FmtDiff, OneChangedLineWithContext) {
  std::string before = "1\n2\n3\n4\n5\n6\n7\n8\n9\n", after = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n";
  EXPECT_EQ(fmt::unified_diff("a.cairn", before, after),
            "--- a.cairn\n+++ a.cairn (formatted)\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n");
}

TEST(FmtDiff, DistantChangesMakeTwoHunks) {
  std::string before, after;
  for (int i = 1; i <= 20; ++i) {
    before += std::to_string(i) + "\n";
    after += (i == 2 || i == 18 ? "x" : std::to_string(i)) + "\n";
  }
  std::string d = fmt::unified_diff("f", before, after);
  EXPECT_NE(d.find("@@ -1,5 +1,5 @@\n 1\n-2\n+x\n 3\n"), std::string::npos) << d;
  EXPECT_NE(d.find("@@ -15,6 +15,6 @@\n 15\n 16\n 17\n-18\n+x\n 19\n 20\n"), std::string::npos) << d;
}

TEST(FmtDiff, DeletedLinesAndAnAddedFinalNewline) {
  EXPECT_EQ(fmt::unified_diff("f", "a\n\n\nb", "a\n\nb\n"),
            "--- f\n+++ f (formatted)\n@@ -1,4 +1,3 @@\n a\n \n-\n-b\n\\ No newline at end of file\n+b\n");
}

}  // namespace
}  // namespace cairn::testing
