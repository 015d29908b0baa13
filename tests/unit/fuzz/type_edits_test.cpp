// The reducer's type edits (tools.md §6.3 "simplify a type"): scalar merges, record fields dropped, one-field records
// unwrapped, borrows weakened.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "front/driver/driver.h"
#include "front/lex/lexer.h"
#include "fuzz/reduce/reduce.h"
#include "fuzz/reduce/type_edits.h"
#include "tests/unit/fuzz/edit_support.h"

namespace cairn::fuzz {
namespace {

std::vector<std::string> edits(const std::string& text) { return candidates_of(type_candidates, text); }

TEST(FuzzTypeEdits, AScalarTypeIsMergedProgramWideConversionsIncluded) {
  std::string text =
      "fn f(x:i64) -> i64 = x - 1;\nfn main() -> i32 {\n  let d:i64 = f(i64(3));\n  println(d);\n"
      "  return 0;\n}\n";
  std::vector<std::string> c = edits(text);
  std::string merged =
      "fn f(x:i32) -> i32 = x - 1;\nfn main() -> i32 {\n  let d:i32 = f(i32(3));\n  println(d);\n"
      "  return 0;\n}\n";
  EXPECT_TRUE(has(c, merged));
  EXPECT_TRUE(typed(merged));
  EXPECT_EQ(c.size(), 1u) << "i64 has one simpler type, i32 none";
}

TEST(FuzzTypeEdits, EveryMergeLeavesASmallerTextAndFollowsTheTable) {
  std::string text = "fn main() -> i32 {\n  let a:usize = 1;\n  let b:u64 = 2;\n  let c:u16 = 3;\n  return 0;\n}\n";
  std::vector<std::string> c = edits(text);
  EXPECT_EQ(c.size(), 7u);  // usize: 2 rows, u64: 3, u16: 2
  EXPECT_TRUE(has(c, "fn main() -> i32 {\n  let a:i32 = 1;\n  let b:u64 = 2;\n  let c:u16 = 3;\n  return 0;\n}\n"));
  EXPECT_TRUE(has(c, "fn main() -> i32 {\n  let a:usize = 1;\n  let b:u64 = 2;\n  let c:u8 = 3;\n  return 0;\n}\n"));
  for (const std::string& t : c) EXPECT_TRUE(t.size() < text.size() || (t.size() == text.size() && t < text)) << t;
}

TEST(FuzzTypeEdits, ARecordFieldGoesWithItsArgumentAndBinder) {
  std::string text =
      "struct R { a:u16; b:bool; c:i64; }\nfn main() -> i32 {\n  let v = R(1, true, 2);\n"
      "  let R(x, y, z) = v;\n  println(x);\n  return 0;\n}\n";
  std::vector<std::string> c = edits(text);
  EXPECT_TRUE(has(c,
                  "struct R { b:bool; c:i64; }\nfn main() -> i32 {\n  let v = R(true, 2);\n"
                  "  let R(y, z) = v;\n  println(x);\n  return 0;\n}\n"));
  std::string no_c =
      "struct R { a:u16; b:bool; }\nfn main() -> i32 {\n  let v = R(1, true);\n"
      "  let R(x, y) = v;\n  println(x);\n  return 0;\n}\n";
  EXPECT_TRUE(has(c, no_c));
  EXPECT_TRUE(typed(no_c));
}

TEST(FuzzTypeEdits, AOneFieldRecordBecomesItsFieldsType) {
  std::string text =
      "struct R { a:i64; }\n"
      "struct S { a:u8; }\n"
      "fn touch(r:rw<R>, s:ro<S>) {\n  r.a += 1;\n}\n"
      "fn main() -> i32 {\n  let mut v = R(5);\n  let w = S(1);\n  touch(v, w);\n  let R(x) = v;\n"
      "  println(v.a, x, w.a);\n  return 0;\n}\n";
  std::string unwrapped =
      "struct S { a:u8; }\n"
      "fn touch(r:rw<i64>, s:ro<S>) {\n  r += 1;\n}\n"
      "fn main() -> i32 {\n  let mut v = i64(5);\n  let w = S(1);\n  touch(v, w);\n  let x = v;\n"
      "  println(v, x, w.a);\n  return 0;\n}\n";
  ASSERT_TRUE(typed(text));
  std::vector<std::string> c = edits(text);
  EXPECT_TRUE(has(c, unwrapped)) << "S's field `a` stays";
  EXPECT_TRUE(typed(unwrapped));
}

TEST(FuzzTypeEdits, ABorrowIsWeakenedButAViewStaysAView) {
  std::string text = "fn f(a:rw<u8>, b:ro<u8>[4]) {\n}\n";
  std::vector<std::string> c = edits(text);
  EXPECT_TRUE(has(c, "fn f(a:u8, b:ro<u8>[4]) {\n}\n"));
  EXPECT_TRUE(has(c, "fn f(a:ro<u8>, b:ro<u8>[4]) {\n}\n"));
  EXPECT_EQ(c.size(), 2u);
}

// Under the checker as the judge, a program whose "disagreement" needs a helper adding through a borrow of a
// record and a difference printed reduces to one integer type and no record: the record loses a field and is
// unwrapped, u64 and i64 merge into i32.
TEST(FuzzTypeEdits, TypesSimplifyUnderTheChecker) {
  std::string text =
      "struct Acc { total:i64; count:u64; }\n"
      "fn bump(a:rw<Acc>, by:i64) {\n  a.total += by;\n}\n"
      "fn main() -> i32 {\n  let mut acc = Acc(10, 0);\n  bump(acc, 7);\n  let d:i64 = acc.total - 20;\n"
      "  println(d);\n  return 0;\n}\n";
  ASSERT_TRUE(typed(text));
  auto first_kept = [](const std::vector<std::string>& group) {
    for (size_t k = 0; k < group.size(); ++k)
      if (group[k].find("- 20;") != std::string::npos && group[k].find("println(d)") != std::string::npos &&
          group[k].find("+= by") != std::string::npos && group[k].find("  bump(") != std::string::npos)
        return static_cast<int>(k);
    return -1;
  };
  Reduction r = reduce_text(text, typed, first_kept, 120, 4);
  EXPECT_TRUE(r.minimal);
  EXPECT_EQ(r.text.find("struct"), std::string::npos) << r.text;
  EXPECT_EQ(r.text.find("i64"), std::string::npos) << r.text;
  EXPECT_EQ(r.text.find("u64"), std::string::npos) << r.text;
  EXPECT_NE(r.text.find("i32"), std::string::npos) << r.text;
  std::printf("reduced:\n%s", r.text.c_str());
}

}  // namespace
}  // namespace cairn::fuzz
