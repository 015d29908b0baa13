// The term layer's rewrites of bit-vector, boolean and array terms as they are built (term_check.cpp simplify): each folded term is
// checked against the operation it replaces by both solvers (the unfolded operation is built over a variable
// divisor constrained to the constant, which nothing folds).
#include <gtest/gtest.h>

#include "smt/backend.h"
#include "smt/term_ops.h"

namespace cairn::smt {
namespace {

// No value of x (and of y == k) makes the folded term and the operation on a variable divisor differ.
void expect_same_everywhere(Context& c, Term folded, Term general, Term y, uint64_t k) {
  Query q{{eq(y, c.bv(y.width(), k)), !eq(folded, general)}, {}, 5000, ""};
  for (Solver s : all_solvers()) EXPECT_EQ(check(s, q).answer, Answer::Unsat) << solver_name(s) << " k=" << k;
}

TEST(SmtTermFold, LiteralsFoldToLiterals) {
  Context c;
  EXPECT_TRUE(same(c.bv(8, 200) + c.bv(8, 100), c.bv(8, 44)));
  EXPECT_TRUE(same(c.bv(8, 3) - c.bv(8, 5), c.bv(8, 254)));
  EXPECT_TRUE(same(udiv(c.bv(16, 7), c.bv(16, 0)), c.bv(16, 0xFFFF)));  // SMT-LIB: all ones
  EXPECT_TRUE(same(urem(c.bv(16, 7), c.bv(16, 0)), c.bv(16, 7)));       // the dividend
  EXPECT_TRUE(ult(c.bv(32, 1), c.bv(32, 2)).is_true());
  EXPECT_TRUE(ule(c.bv(32, 3), c.bv(32, 2)).is_false());
}

TEST(SmtTermFold, DivisionByAPowerOfTwoIsAShiftOrAMask) {
  Context c;
  Term x = c.var("x", c.bv_sort(32)), y = c.var("y", c.bv_sort(32));
  for (uint64_t k : {1u, 2u, 8u, 1024u, 2147483648u}) {
    Term q = udiv(x, c.bv(32, k)), r = urem(x, c.bv(32, k));
    EXPECT_NE(q.kind(), TermKind::BvUdiv) << k;
    EXPECT_NE(r.kind(), TermKind::BvUrem) << k;
    expect_same_everywhere(c, q, udiv(x, y), y, k);
    expect_same_everywhere(c, r, urem(x, y), y, k);
  }
  EXPECT_EQ(udiv(x, c.bv(32, 6)).kind(), TermKind::BvUdiv);  // not a power of two: left alone
}

TEST(SmtTermFold, ARemainderIsBelowItsDivisorUnlessTheDivisorIsZero) {
  Context c;
  // At 8 bits, where the solvers decide the unfolded comparison quickly (at 32 they time out: why it folds).
  Term a = c.var("a", c.bv_sort(8)), b = c.var("b", c.bv_sort(8));
  Term folded = ult(urem(a, b), b);
  EXPECT_NE(folded.kind(), TermKind::BvUlt);
  EXPECT_EQ(ult(urem(a, b), c.var("d", c.bv_sort(8))).kind(), TermKind::BvUlt);  // another bound: left alone
  // Against the comparison the solvers see when the divisor is another term equal to b.
  Term b2 = c.var("b2", c.bv_sort(8));
  Query q{{eq(b, b2), !eq(folded, ult(urem(a, b), b2))}, {}, 5000, ""};
  for (Solver s : all_solvers()) EXPECT_EQ(check(s, q).answer, Answer::Unsat) << solver_name(s);
}

TEST(SmtTermFold, ReadsAtLiteralIndicesSeeThroughWritesAtLiteralIndices) {
  Context c;
  Sort arr = c.array_sort(c.bv_sort(64), c.bv_sort(8));
  Term a = c.var("a", arr), x = c.var("x", c.bv_sort(8)), y = c.var("y", c.bv_sort(8));
  Term s = store(store(a, c.bv(64, 1), x), c.bv(64, 2), y);
  EXPECT_TRUE(same(select(s, c.bv(64, 1)), x));
  EXPECT_TRUE(same(select(s, c.bv(64, 2)), y));
  EXPECT_TRUE(same(select(s, c.bv(64, 3)), select(a, c.bv(64, 3))));
  Term i = c.var("i", c.bv_sort(64));
  EXPECT_EQ(select(s, i).kind(), TermKind::Select);  // a symbolic index: left to the solver
  EXPECT_EQ(select(store(a, i, x), c.bv(64, 1)).kind(), TermKind::Select);
  EXPECT_TRUE(same(store(store(a, c.bv(64, 1), x), c.bv(64, 1), y), store(a, c.bv(64, 1), y)));
  EXPECT_TRUE(same(select(const_array(arr, x), i), x));
  // Against the same reads at an index the solvers only know equal to the literal.
  Term j = c.var("j", c.bv_sort(64));
  for (uint64_t k : {1u, 2u, 3u}) {
    Query q{{eq(j, c.bv(64, k)), !eq(select(s, c.bv(64, k)), select(s, j))}, {}, 5000, ""};
    for (Solver v : all_solvers()) EXPECT_EQ(check(v, q).answer, Answer::Unsat) << solver_name(v) << " k=" << k;
  }
}


TEST(SmtTermFold, IdentitiesWithALiteralOperandDropIt) {
  Context c;
  Term x = c.var("x", c.bv_sort(32)), y = c.var("y", c.bv_sort(32));
  EXPECT_TRUE(same(x + c.bv(32, 0), x));
  EXPECT_TRUE(same(c.bv(32, 0) + x, x));
  EXPECT_TRUE(same((x | c.bv(32, 0)), x));
  EXPECT_TRUE(same((x ^ c.bv(32, 0)), x));
  EXPECT_TRUE(same(x - c.bv(32, 0), x));
  EXPECT_TRUE(same(x * c.bv(32, 1), x));
  EXPECT_TRUE(same(x * c.bv(32, 0), c.bv(32, 0)));
  EXPECT_TRUE(same((x & c.bv(32, 0xFFFFFFFF)), x));
  EXPECT_TRUE(same((x & c.bv(32, 0)), c.bv(32, 0)));
  EXPECT_TRUE(same(lshr(x, c.bv(32, 0)), x));
  EXPECT_TRUE(same(shl(x, c.bv(32, 0)), x));
  EXPECT_EQ((x - c.bv(32, 0) + c.bv(32, 3)).kind(), TermKind::BvAdd);  // another literal: left alone
  // Against the same operations on a variable the solvers only know equal to the literal.
  expect_same_everywhere(c, x + c.bv(32, 0), x + y, y, 0);
  expect_same_everywhere(c, x * c.bv(32, 1), x * y, y, 1);
  expect_same_everywhere(c, x * c.bv(32, 0), x * y, y, 0);
  expect_same_everywhere(c, x & c.bv(32, 0xFFFFFFFF), x & y, y, 0xFFFFFFFF);
  expect_same_everywhere(c, lshr(x, c.bv(32, 0)), lshr(x, y), y, 0);
}

TEST(SmtTermFold, LiteralsExtractedOrExtendedAreLiterals) {
  Context c;
  EXPECT_TRUE(same(extract(c.bv(64, 0x1234567890), 31, 0), c.bv(32, 0x34567890)));
  EXPECT_TRUE(same(extract(c.bv(16, 0xABCD), 11, 4), c.bv(8, 0xBC)));
  EXPECT_TRUE(same(zext(c.bv(8, 0x80), 8), c.bv(16, 0x0080)));
  EXPECT_TRUE(same(sext(c.bv(8, 0x80), 8), c.bv(16, 0xFF80)));
  EXPECT_TRUE(same(sext(c.bv(8, 0x7F), 24), c.bv(32, 0x7F)));
  Term x = c.var("x", c.bv_sort(32));
  EXPECT_TRUE(same(extract(x, 31, 0), x));
  EXPECT_EQ(extract(x, 15, 0).kind(), TermKind::Extract);
}

TEST(SmtTermFold, AConditionDecidedAgainTakesItsSide) {
  Context c;
  Term p = c.var("p", c.bool_sort()), q = c.var("q", c.bool_sort());
  EXPECT_TRUE(same((p && q) && q, p && q));
  EXPECT_TRUE(same(q && (p && q), p && q));
  EXPECT_TRUE(same((p || q) || p, p || q));
  Term s = c.var("s", c.bv_sort(32)), v = c.var("v", c.bv_sort(32)), w = c.var("w", c.bv_sort(32));
  Term acc = ite(p, s + v, s);
  Term next = ite(p, acc + w, acc);  // one accumulator step after another under the same condition
  EXPECT_TRUE(same(next, ite(p, (s + v) + w, s)));
  EXPECT_TRUE(same(ite(p, v, ite(p, w, s)), ite(p, v, s)));
  // Against the same terms under a condition the solvers only know equal to p.
  Term p2 = c.var("p2", c.bool_sort());
  Term acc2 = ite(p2, s + v, s);
  Term general = ite(p, acc2 + w, acc2);
  Query qq{{eq(p, p2), !eq(next, general)}, {}, 5000, ""};
  for (Solver x : all_solvers()) EXPECT_EQ(check(x, qq).answer, Answer::Unsat) << solver_name(x);
}

}  // namespace
}  // namespace cairn::smt
