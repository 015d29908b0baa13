// The term layer: hash-consing, sort checking, boolean folding, post order.
#include <gtest/gtest.h>

#include <stdexcept>

#include "smt/term_ops.h"

namespace cairn::smt {
namespace {

TEST(SmtTerm, StructurallyEqualTermsAreOneNode) {
  Context c;
  Term x = c.var("x", c.bv_sort(8)), y = c.var("y", c.bv_sort(8));
  EXPECT_TRUE(same(x + y, x + y));
  EXPECT_FALSE(same(x + y, y + x));
  EXPECT_TRUE(same(c.var("x", c.bv_sort(8)), x));
  EXPECT_TRUE(same(c.bv(8, 0x1FF), c.bv(8, 0xFF)));  // bits above the width are dropped
  EXPECT_FALSE(same(c.bv(8, 1), c.bv(16, 1)));
  EXPECT_TRUE(c.fp_sort(8, 24) == c.fp_sort(8, 24));
  EXPECT_FALSE(same(c.fresh("t", c.bool_sort()), c.fresh("t", c.bool_sort())));
  EXPECT_EQ(c.sort_text(c.array_sort(c.bv_sort(64), c.fp_sort(11, 53))),
            "(Array (_ BitVec 64) (_ FloatingPoint 11 53))");
}

TEST(SmtTerm, IllSortedConstructionIsAnInternalFault) {
  Context c;
  Term x = c.var("x", c.bv_sort(8)), w = c.var("w", c.bv_sort(16)), p = c.var("p", c.bool_sort());
  EXPECT_THROW(x + w, std::logic_error);
  EXPECT_THROW(extract(x, 8, 0), std::logic_error);
  EXPECT_THROW(!x, std::logic_error);
  EXPECT_THROW(ite(x, p, p), std::logic_error);
  EXPECT_THROW(fp_from_bits(x, c.fp_sort(8, 24)), std::logic_error);
  EXPECT_THROW(c.var("x", c.bv_sort(16)), std::logic_error);
  EXPECT_THROW(c.var("a!1", c.bv_sort(16)), std::logic_error);
  EXPECT_THROW(c.bv(65, 0), std::logic_error);
  Context other;
  EXPECT_THROW(x + other.var("x", other.bv_sort(8)), std::logic_error);
  EXPECT_EQ((concat(x, w)).width(), 24u);
  EXPECT_EQ(sext(x, 56).width(), 64u);
  EXPECT_EQ(fp_to_bits(fp_from_bits(c.var("f", c.bv_sort(64)), c.fp_sort(11, 53))).width(), 64u);
}

TEST(SmtTerm, BooleanConstantsFold) {
  Context c;
  Term p = c.var("p", c.bool_sort()), q = c.var("q", c.bool_sort());
  Term t = c.boolean(true), f = c.boolean(false);
  EXPECT_TRUE(same(t && p, p));
  EXPECT_TRUE((f && p).is_false());
  EXPECT_TRUE((t || p).is_true());
  EXPECT_TRUE(same(!!p, p));
  EXPECT_TRUE(same(ite(t, p, q), p));
  EXPECT_TRUE(same(ite(p, t, f), p));
  EXPECT_TRUE(eq(q, q).is_true());
  EXPECT_TRUE(eq(c.bv(8, 1), c.bv(8, 2)).is_false());
  EXPECT_TRUE(same(implies(t, q), q));
  EXPECT_TRUE(all_of(c, {}).is_true());
  EXPECT_TRUE(any_of(c, {}).is_false());
  // The float of a float's bits is the float itself (FpToBits is defined by to_fp b = x).
  Term x = fp_from_bits(c.var("x", c.bv_sort(32)), c.fp_sort(8, 24));
  EXPECT_TRUE(same(fp_from_bits(fp_to_bits(x), c.fp_sort(8, 24)), x));
}

TEST(SmtTerm, PostOrderVisitsChildrenFirstOnce) {
  Context c;
  Term x = c.var("x", c.bv_sort(8)), y = c.var("y", c.bv_sort(8));
  Term s = x + y;
  std::vector<Term> order = post_order({eq(s * s, x), ult(s, y)});
  std::vector<std::string> names;
  for (Term t : order) names.push_back(t.kind() == TermKind::Var ? t.name() : term_name(t.kind()));
  EXPECT_EQ(names, (std::vector<std::string>{"x", "y", "BvAdd", "BvMul", "Eq", "BvUlt"}));
}

}  // namespace
}  // namespace cairn::smt
