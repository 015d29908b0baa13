// The SMT domain's bookkeeping: value sorts, guards under the path, the first failing guard's kind.
#include <gtest/gtest.h>

#include "smt/backend.h"
#include "smt/domain_smt.h"

namespace cairn::smt {
namespace {

TEST(SmtDomain, ValueSortsFollowOpsBitConventions) {
  Context c;
  EXPECT_EQ(c.sort_text(scalar_sort(c, Scalar::Bool)), "Bool");
  EXPECT_EQ(c.sort_text(scalar_sort(c, Scalar::I8)), "(_ BitVec 8)");
  EXPECT_EQ(c.sort_text(scalar_sort(c, Scalar::Usize)), "(_ BitVec 64)");
  EXPECT_EQ(c.sort_text(scalar_sort(c, Scalar::F32)), "(_ BitVec 32)");  // the IEEE pattern
  EXPECT_EQ(c.sort_text(float_sort(c, Scalar::F64)), "(_ FloatingPoint 11 53)");
  SmtDomain d(c);
  EXPECT_EQ(d.lit(Scalar::I8, ~uint64_t{0}).p0(), 0xFFu);  // sign-extended bits keep the low 8
  EXPECT_TRUE(d.lit(Scalar::Bool, 1).is_true());
}

TEST(SmtDomain, GuardsKeepOrderAndPath) {
  Context c;
  SmtDomain d(c);
  Term p = c.var("p", c.bool_sort()), q = c.var("q", c.bool_sort()), on = c.var("on", c.bool_sort());
  d.guard(c.boolean(false), TrapKind::Bounds);  // can never fail: not recorded
  d.guard(p, TrapKind::Overflow);
  d.path = on;
  d.guard(q, TrapKind::Shift);
  ASSERT_EQ(d.guards.size(), 2u);
  EXPECT_TRUE(same(d.guards[0].fails, p));
  EXPECT_TRUE(same(d.guards[1].fails, on && q));
  EXPECT_EQ(d.guards[1].kind, TrapKind::Shift);
}

// When several guards fail, the outcome is the first one's kind, on both solvers.
TEST(SmtDomain, FirstFailingGuardWins) {
  Context c;
  Term p = c.var("p", c.bool_sort()), q = c.var("q", c.bool_sort()), r = c.var("r", c.bool_sort());
  TrapOutcome t = first_failing(c, {{p, TrapKind::Overflow}, {q, TrapKind::Shift}, {r, TrapKind::Bounds}});
  struct Row {
    bool p, q, r;
    uint64_t trapped, kind;
  };
  const Row rows[] = {{true, true, true, 1, uint64_t(TrapKind::Overflow)},
                      {false, true, true, 1, uint64_t(TrapKind::Shift)},
                      {false, false, true, 1, uint64_t(TrapKind::Bounds)},
                      {false, false, false, 0, 0}};
  for (const Row& row : rows)
    for (Solver s : all_solvers()) {
      Query query{{eq(p, c.boolean(row.p)), eq(q, c.boolean(row.q)), eq(r, c.boolean(row.r))},
                  {t.trapped, t.kind}, 5000, ""};
      CheckResult res = check(s, query);
      ASSERT_EQ(res.answer, Answer::Sat) << solver_name(s);
      EXPECT_EQ(res.values[0], row.trapped) << solver_name(s);
      if (row.trapped) {
        EXPECT_EQ(res.values[1], row.kind) << solver_name(s);
      }
    }
  EXPECT_TRUE(first_failing(c, {}).trapped.is_false());
}

}  // namespace
}  // namespace cairn::smt
