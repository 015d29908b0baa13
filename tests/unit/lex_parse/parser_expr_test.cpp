// Parser tests for expressions: precedence (§2.5), negative literals (§1.4), postfix forms (§2.6), collectors.
#include <gtest/gtest.h>

#include "lex_parse_helpers.h"

namespace cairn::testing {
namespace {

std::string tree(const std::string& e) {
  auto p = parse_expr_text(e);
  if (p->first() != "ok") return p->first();
  return sexpr(let_init(*p));
}

TEST(ParseExpr, BitAndBindsLooserThanEquality) { EXPECT_EQ(tree("x & 1 == 0"), "(& x (== 1 0))"); }
TEST(ParseExpr, Precedence) {
  EXPECT_EQ(tree("a || b && c | d ^ e & f == g < h + i * j"),
            "(|| a (&& b (| c (^ d (& e (== f (< g (+ h (* i j)))))))))");
  EXPECT_EQ(tree("a * b + c"), "(+ (* a b) c)");
}
TEST(ParseExpr, LeftAssociative) {
  EXPECT_EQ(tree("a - b - c"), "(- (- a b) c)");
  EXPECT_EQ(tree("a < b < c"), "(< (< a b) c)");
  EXPECT_EQ(tree("a / b % c * d"), "(* (% (/ a b) c) d)");
}
TEST(ParseExpr, PrefixBindsTighterThanBinary) {
  EXPECT_EQ(tree("-a * b"), "(* (- a) b)");
  EXPECT_EQ(tree("try f(x) + 1"), "(+ (try (call f x)) 1)");
  EXPECT_EQ(tree("!~x"), "(! (~ x))");
}
TEST(ParseExpr, PostfixBindsTighterThanPrefix) { EXPECT_EQ(tree("-a.b[i]"), "(- (index (. a b) i))"); }

TEST(ParseExpr, NegativeLiterals) {
  EXPECT_EQ(tree("-128"), "-128");
  EXPECT_EQ(tree("- 128"), "-128");
  EXPECT_EQ(tree("-9223372036854775808"), "-9223372036854775808");
  EXPECT_EQ(tree("-1.5"), "-1.5");
  EXPECT_EQ(tree("-(128)"), "(- (paren 128))");
  EXPECT_EQ(tree("x-1"), "(- x 1)");
  EXPECT_EQ(tree("x - -1"), "(- x -1)");
  EXPECT_EQ(tree("--1"), "(- -1)");
  auto p = parse_expr_text("-7");
  const ast::Expr* e = let_init(*p);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->kind, ast::ExprKind::IntLit);
  EXPECT_TRUE(e->negative);
  EXPECT_EQ(e->pos.col, 18u);  // the '-'
}

TEST(ParseExpr, Literals) {
  EXPECT_EQ(tree("0x1F"), "31");
  EXPECT_EQ(tree("'A'"), "c65");
  EXPECT_EQ(tree(R"('\x41')"), "c65");
  EXPECT_EQ(tree(R"("a\tb")"), "\"a\tb\"");
  EXPECT_EQ(tree("true && false"), "(&& true false)");
}

TEST(ParseExpr, IntegerAboveU64MaxIsLiteralRange) {
  auto p = parse_expr_text("18446744073709551616");
  EXPECT_EQ(p->first(), "E-LITERAL-RANGE 1:18");
  EXPECT_EQ(parse_expr_text("18446744073709551615")->first(), "ok");
  EXPECT_EQ(parse_expr_text("-18446744073709551616")->first(), "E-LITERAL-RANGE 1:19");
}

TEST(ParseExpr, PostfixForms) {
  EXPECT_EQ(tree("f(a, b)"), "(call f a b)");
  EXPECT_EQ(tree("f()"), "(call f)");
  EXPECT_EQ(tree("x[lo..hi]"), "(part x lo hi)");
  EXPECT_EQ(tree("x[a, b]"), "(index x a b)");
  EXPECT_EQ(tree("Buf[u8](n)"), "(call (index Buf u8) n)");
  EXPECT_EQ(tree("Option[u64].None"), "(. (index Option u64) None)");
  EXPECT_EQ(tree("geo.scale[4](x)"), "(call (index (. geo scale) 4) x)");
  EXPECT_EQ(tree("v.f(a).g"), "(. (call (. v f) a) g)");
  EXPECT_EQ(tree("(f)(x)"), "(call (paren f) x)");
}

TEST(ParseExpr, PositionsOfConstructs) {
  auto p = parse_expr_text("ab.cd(x)[i] + 1");
  const ast::Expr* plus = let_init(*p);
  ASSERT_TRUE(plus);
  EXPECT_EQ(plus->pos.col, 30u);
  EXPECT_EQ(plus->begin.col, 18u);
  const ast::Expr* index = plus->a;
  EXPECT_EQ(index->pos.col, 26u);
  const ast::Expr* call = index->a;
  EXPECT_EQ(call->kind, ast::ExprKind::Call);
  EXPECT_EQ(call->pos.col, 23u);
  EXPECT_EQ(call->begin.col, 18u);
  EXPECT_EQ(call->a->binder.name, "cd");
  EXPECT_EQ(call->a->binder.pos.col, 21u);
}

TEST(ParseExpr, Shifts) {
  auto p = parse_expr_text("x << 2");
  EXPECT_EQ(p->first(), "E-PARSE 1:20");
  EXPECT_EQ(p->message(), "There is no << operator: shifts are shl_wrap(x, k) and shr(x, k).");
  EXPECT_EQ(parse_expr_text("x >> 2")->first(), "E-PARSE 1:20");
  EXPECT_EQ(parse_body("x <<= 2;")->first(), "E-PARSE 2:3");
}

TEST(ParseExpr, ReservedWordAsOperandIsName) {
  EXPECT_EQ(parse_expr_text("if c { 1 } else { 2 }")->first(), "E-NAME 1:18");
  EXPECT_EQ(parse_expr_text("1 + reduce + for i in n yield i")->first(), "E-NAME 1:22");
  EXPECT_EQ(parse_expr_text("x.type")->first(), "E-NAME 1:20");
}

TEST(ParseExpr, Compact) {
  EXPECT_EQ(tree("compact out for i in 0..n where x[i] > 0 yield x[i]"),
            "(compact out i 0 n (> (index x i) 0) (index x i))");
  EXPECT_EQ(tree("compact s.buf for _ in n where true yield 1 + 2"), "(compact (. s buf) _ null n true (+ 1 2))");
}

TEST(ParseExpr, Reduce) {
  EXPECT_EQ(tree("reduce + for i in n yield xs[i] * 2"), "(reduce + i null n (* (index xs i) 2))");
  EXPECT_EQ(tree("reduce add_wrap for i in 1..n yield x"), "(reduce add_wrap i 1 n x)");
  EXPECT_EQ(tree("reduce && for i in n yield f(i)"), "(reduce && i null n (call f i))");
  EXPECT_EQ(tree("reduce - for i in n yield i"), "(reduce - i null n i)");  // E-REDUCE-OP is the checker's
}

TEST(ParseExpr, CollectorWhereAnExpressionStands) {
  // Grammatical; the checker refuses these with E-COLLECT-BINDING.
  EXPECT_EQ(parse_body("return reduce + for i in n yield i;")->first(), "ok");
  EXPECT_EQ(parse_body("f(compact o for i in n where true yield 1);")->first(), "ok");
}

TEST(ParseExpr, MalformedCollectors) {
  EXPECT_EQ(parse_expr_text("compact out for i in n yield 1")->first(), "E-PARSE 1:41");
  EXPECT_EQ(parse_expr_text("reduce + for in n yield 1")->first(), "E-NAME 1:31");
}

TEST(ParseExpr, TrailingCommaRefused) { EXPECT_EQ(parse_expr_text("f(a, )")->first(), "E-PARSE 1:23"); }
TEST(ParseExpr, NoBlockInExpressions) { EXPECT_EQ(parse_expr_text("{ 1 }")->first(), "E-PARSE 1:18"); }

}  // namespace
}  // namespace cairn::testing
