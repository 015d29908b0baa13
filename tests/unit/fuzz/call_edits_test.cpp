// The reducer's call edits (tools.md §6.3): inline a call, delete a parameter, replace a call by an argument.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "front/driver/driver.h"
#include "front/lex/lexer.h"
#include "fuzz/reduce/call_edits.h"
#include "fuzz/reduce/reduce.h"
#include "tests/unit/fuzz/edit_support.h"

namespace cairn::fuzz {
namespace {

std::vector<std::string> edits(const std::string& text) { return candidates_of(call_candidates, text); }

TEST(FuzzCallEdits, AnExpressionBodiedFunctionIsInlinedAtEveryCallAndDeleted) {
  std::string text =
      "fn twice(x:i32) -> i32 = x + x;\nfn main() -> i32 {\n  println(twice(3));\n  return twice(1) - 2;\n}\n";
  EXPECT_TRUE(has(edits(text), "fn main() -> i32 {\n  println(((3) + (3)));\n  return ((1) + (1)) - 2;\n}\n"));
}

TEST(FuzzCallEdits, AOneReturnBodyIsInlinedAndFieldNamesAreNotParameters) {
  std::string text =
      "fn main() -> i32 {\n  return get(p);\n}\nfn get(x:P) -> i32 {\n  return x.x + 1;\n}\n";
  EXPECT_TRUE(has(edits(text), "fn main() -> i32 {\n  return ((p).x + 1);\n}\n"));
}

TEST(FuzzCallEdits, ARecursiveOrLongerFunctionIsNotInlined) {
  std::string rec = "fn r(n:u32) -> u32 = r(n - 1);\nfn main() -> i32 {\n  println(r(3));\n  return 0;\n}\n";
  for (const std::string& c : edits(rec)) EXPECT_EQ(c.find("fn r("), 0u) << "r stays:\n" << c;
  std::string longer = "fn f(a:i32) -> i32 {\n  let b = a;\n  return b;\n}\nfn main() -> i32 {\n  return f(1);\n}\n";
  for (const std::string& c : edits(longer)) EXPECT_NE(c.find("fn f("), std::string::npos) << c;
}

TEST(FuzzCallEdits, AParameterGoesWithItsArgumentAtEveryCall) {
  std::string text = "fn f(a:i32, b:i32) -> i32 = a;\nfn main() -> i32 {\n  return f(1, 2) + f(3, f(4, 5));\n}\n";
  std::vector<std::string> c = edits(text);
  EXPECT_TRUE(has(c, "fn f(a:i32) -> i32 = a;\nfn main() -> i32 {\n  return f(1) + f(3);\n}\n"));
  EXPECT_TRUE(has(c, "fn f(b:i32) -> i32 = a;\nfn main() -> i32 {\n  return f(2) + f(f(5));\n}\n"));
}

TEST(FuzzCallEdits, ACallIsReplacedByEachArgument) {
  std::string text = "fn main() -> i32 {\n  return max(a, 5);\n}\n";
  std::vector<std::string> c = edits(text);
  EXPECT_TRUE(has(c, "fn main() -> i32 {\n  return a;\n}\n"));
  EXPECT_TRUE(has(c, "fn main() -> i32 {\n  return 5;\n}\n"));
}

// With the checker as the judge, a chain of helpers reduces to main alone: the inlined text keeps the "disagreement"
// (here: main prints 41, the value the helpers compute).
TEST(FuzzCallEdits, HelpersInlineAwayUnderTheChecker) {
  std::string text =
      "fn inc(x:i64) -> i64 = x + 1;\n"
      "fn dbl(x:i64) -> i64 {\n  return inc(x) * 2;\n}\n"
      "fn main() -> i32 {\n  println(dbl(20) + 1 - inc(1));\n  return 0;\n}\n";
  auto first_kept = [](const std::vector<std::string>& group) {
    for (size_t k = 0; k < group.size(); ++k)
      if (group[k].find("20") != std::string::npos && group[k].find("println") != std::string::npos)
        return static_cast<int>(k);
    return -1;
  };
  Reduction r = reduce_text(text, typed, first_kept, 60, 4);
  EXPECT_TRUE(r.minimal);
  EXPECT_EQ(r.text.find("fn inc"), std::string::npos) << r.text;
  EXPECT_EQ(r.text.find("fn dbl"), std::string::npos) << r.text;
}

}  // namespace
}  // namespace cairn::fuzz
