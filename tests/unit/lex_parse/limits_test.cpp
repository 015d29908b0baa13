// Tests of the nesting limits of §1.5 (E-DEPTH) and of bounded recursion on hostile input.
#include <gtest/gtest.h>

#include "lex_parse_helpers.h"

namespace cairn::testing {
namespace {

std::string parens(int n) { return std::string(n, '(') + "1" + std::string(n, ')'); }

TEST(Limits, HundredParenthesesAreFine) { EXPECT_EQ(parse_expr_text(parens(100))->first(), "ok"); }

TEST(Limits, HundredAndOneParenthesesAreTooDeep) {
  auto p = parse_expr_text(parens(101));
  EXPECT_EQ(p->first(), "E-DEPTH 1:118");  // the 101st '('
}

TEST(Limits, PrefixOperatorsAndBracketsCount) {
  EXPECT_EQ(parse_expr_text(std::string(100, '!') + "x")->first(), "ok");
  EXPECT_EQ(parse_expr_text(std::string(101, '!') + "x")->first(), "E-DEPTH 1:118");
  EXPECT_EQ(parse_expr_text(std::string(50, '-') + parens(50))->first(), "ok");
  EXPECT_EQ(parse_expr_text(std::string(50, '~') + parens(51))->first(), "E-DEPTH 1:118");
  std::string idx = "x";
  for (int i = 0; i < 101; ++i) idx = "a[" + idx + "]";
  EXPECT_EQ(parse_expr_text(idx)->first().substr(0, 7), "E-DEPTH");
  std::string calls = "x";
  for (int i = 0; i < 100; ++i) calls = "f(" + calls + ")";
  EXPECT_EQ(parse_expr_text(calls)->first(), "ok");
}

TEST(Limits, DepthIsPerNestingNotPerExpression) {
  std::string many;
  for (int i = 0; i < 200; ++i) many += (i ? " + " : "") + parens(60);
  EXPECT_EQ(parse_expr_text(many)->first(), "ok");
}

std::string nested_blocks(int n) {
  std::string s = "fn f() ";
  for (int i = 0; i < n; ++i) s += "{ ";
  for (int i = 0; i < n; ++i) s += "} ";
  return s;
}

TEST(Limits, BlockNesting) {
  EXPECT_EQ(parse_text(nested_blocks(100))->first(), "ok");  // the body and 99 blocks inside it
  EXPECT_EQ(parse_text(nested_blocks(101))->first(), "E-DEPTH 1:208");
  std::string ifs = "fn f() {";
  for (int i = 0; i < 120; ++i) ifs += " if c {";
  ifs += std::string(121, '}');
  EXPECT_EQ(parse_text(ifs)->first().substr(0, 7), "E-DEPTH");
}

TEST(Limits, LongElseIfChainIsNotNesting) {
  std::string s = "fn f() { if a { }";
  for (int i = 0; i < 5000; ++i) s += " else if a { }";
  s += " }";
  EXPECT_EQ(parse_text(s)->first(), "ok");
}

TEST(Limits, TypeNestingIsBounded) {
  std::string t;  // Buf[Buf[...u8...]], 100,000 deep, built in linear time
  for (int i = 0; i < 100000; ++i) t += "Buf[";
  t += "u8" + std::string(100000, ']');
  EXPECT_EQ(parse_text("fn f(x:" + t + ") {}")->first().substr(0, 7), "E-DEPTH");
  std::string ok = "u8";
  for (int i = 0; i < 50; ++i) ok = "Buf[" + ok + "]";
  EXPECT_EQ(parse_text("fn f(x:" + ok + ") {}")->first(), "ok");
}

TEST(Limits, HostileDepthGivesDiagnosticNotCrash) {
  EXPECT_EQ(parse_expr_text(std::string(1000000, '('))->first().substr(0, 7), "E-DEPTH");
  EXPECT_EQ(parse_expr_text(std::string(1000000, '-') + "x")->first().substr(0, 7), "E-DEPTH");
  EXPECT_EQ(parse_text("fn f() " + std::string(1000000, '{'))->first().substr(0, 7), "E-DEPTH");
  std::string collectors;
  for (int i = 0; i < 100000; ++i) collectors += "reduce + for i in n yield ";
  EXPECT_EQ(parse_expr_text(collectors + "1")->first().substr(0, 7), "E-DEPTH");
}

// Operator and postfix chains are trees as deep as they are long: 10,000 levels are accepted, more are
// E-DEPTH, so no later recursive walk can exhaust its stack (docs/limits.md).
TEST(Limits, OperatorChainUpToTheTreeLimit) {
  std::string chain = "x";
  for (int i = 0; i < 9999; ++i) chain += " + x";
  auto p = parse_expr_text(chain);
  ASSERT_EQ(p->first(), "ok");
  EXPECT_GT(p->dump().size(), 9999u);
}

TEST(Limits, OperatorChainPastTheTreeLimitIsDepth) {
  std::string chain = "x";
  for (int i = 0; i < 200000; ++i) chain += " + x";
  EXPECT_EQ(parse_expr_text(chain)->first().substr(0, 7), "E-DEPTH");
}

TEST(Limits, PostfixChainPastTheTreeLimitIsDepth) {
  std::string chain = "x";
  for (int i = 0; i < 10001; ++i) chain += "[0]";
  EXPECT_EQ(parse_expr_text(chain)->first().substr(0, 7), "E-DEPTH");
}

TEST(Limits, ParenthesisedChainsAddUp) {
  std::string chain = "x";
  for (int i = 0; i < 6000; ++i) chain += " + x";
  EXPECT_EQ(parse_expr_text("(" + chain + ") * (" + chain + ") - " + "(" + chain + ")")->first(), "ok");
  EXPECT_EQ(parse_expr_text("((" + chain + ") + x + " + chain + ")")->first().substr(0, 7), "E-DEPTH");
}

}  // namespace
}  // namespace cairn::testing
