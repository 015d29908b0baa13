// The layout rules of tools.md §2.3 on small inputs (the golden files under tests/golden/fmt hold one each too).
#include <gtest/gtest.h>

#include "front/fmt/format.h"

namespace cairn::testing {
namespace {

std::string fmt_ok(const std::string& in) {
  fmt::FormatResult r = fmt::format_source(in);
  EXPECT_TRUE(r.ok) << r.reason;
  return r.text;
}

TEST(FmtRules, SpacingOfTheSeedExample) {
  EXPECT_EQ(fmt_ok("fn checksum( n : usize , frame : ro < u8 > [ n ] ) -> u32\n{\n  let mut sum : u32 = 0 ;\n"
                   "  for i in 0 .. n { sum = add_wrap ( sum , u32 ( frame [ i ] ) ) ; }\n  return sum ;\n}\n"),
            "fn checksum(n:usize, frame:ro<u8>[n]) -> u32 {\n  let mut sum:u32 = 0;\n"
            "  for i in 0..n { sum = add_wrap(sum, u32(frame[i])); }\n  return sum;\n}\n");
}

TEST(FmtRules, PrefixAndBinaryOperators) {
  EXPECT_EQ(fmt_ok("fn f(a:i64) -> i64 { return - a*-1+ ( !b ) - ~c ; }\n"),
            "fn f(a:i64) -> i64 { return -a * -1 + (!b) - ~c; }\n");
}

TEST(FmtRules, OneStatementPerLineInAMultiLineBlock) {
  EXPECT_EQ(fmt_ok("fn f() {\n let a = 1; let b = 2;\n    }\n"), "fn f() {\n  let a = 1;\n  let b = 2;\n}\n");
}

TEST(FmtRules, BlankLineRunsBecomeOneAndEdgesLoseThem) {
  EXPECT_EQ(fmt_ok("\n\nconst A:u64 = 1;\n\n\n\nconst B:u64 = 2;\n\n\n"), "const A:u64 = 1;\n\nconst B:u64 = 2;\n");
}

TEST(FmtRules, CommentsStayWhereTheyWere) {
  EXPECT_EQ(fmt_ok("// head\nfn f() -> u64 {   // why\n    // own line\n  return 1;    // after\n}\n"),
            "// head\nfn f() -> u64 { // why\n  // own line\n  return 1; // after\n}\n");
}

TEST(FmtRules, LineEndsFollowTheMajorityAndTheBomStays) {
  EXPECT_EQ(fmt_ok("\xEF\xBB\xBF" "const A:u64=1;\r\nconst B:u64=2;\r\nconst C:u64=3;\n"),
            "\xEF\xBB\xBF" "const A:u64 = 1;\r\nconst B:u64 = 2;\r\nconst C:u64 = 3;\r\n");
  EXPECT_EQ(fmt_ok("const A:u64=1;\r\nconst B:u64=2;\n"), "const A:u64 = 1;\nconst B:u64 = 2;\n");
}

TEST(FmtRules, LongLinesWrapAfterCommas) {
  std::string args;
  for (int i = 0; i < 14; ++i) args += (i ? ", " : "") + std::string("argument") + std::to_string(i);
  std::string out = fmt_ok("fn f() {\n  call(" + args + ");\n}\n");
  EXPECT_NE(out.find("\n      argument"), std::string::npos) << out;
  for (size_t at = 0, next; at < out.size(); at = next + 1) {
    next = out.find('\n', at);
    EXPECT_LE(next - at, 100u) << out;
  }
}

TEST(FmtRules, OneLineBlockThatDoesNotFitExpands) {
  std::string cond = "a_rather_long_condition_name_number_one && a_rather_long_condition_name_number_two";
  EXPECT_EQ(fmt_ok("fn f() {\n  if " + cond + " { return 1; }\n}\n"),
            "fn f() {\n  if " + cond + " {\n    return 1;\n  }\n}\n");
}

TEST(FmtRules, LeftAloneWithAReason) {
  fmt::FormatResult lex = fmt::format_source("fn f() { let s = \"open; }\n");
  EXPECT_FALSE(lex.ok);
  EXPECT_EQ(lex.kind, fmt::NotFormatted::DoesNotLex);
  EXPECT_EQ(lex.reason, "Unterminated string literal.");
  fmt::FormatResult parse = fmt::format_source("fn f() { let x = 1 let y = 2; }\n");
  EXPECT_FALSE(parse.ok);
  EXPECT_EQ(parse.kind, fmt::NotFormatted::DoesNotParse);
  EXPECT_GT(parse.line, 0u);
}

TEST(FmtRules, EmptyAndCommentOnlyFiles) {
  EXPECT_EQ(fmt_ok(""), "");
  EXPECT_EQ(fmt_ok("\n\n  \n"), "");
  EXPECT_EQ(fmt_ok("  // only a comment   \n\n"), "// only a comment\n");
}

}  // namespace
}  // namespace cairn::testing
