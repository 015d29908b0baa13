// solve_horn (smt/horn.h): Spacer on small two-counter systems. A safe system gets an invariant that both solvers
// confirm is inductive and excludes the bad states; an unsafe one is Unsat; readings put terms in the params' places.
#include <gtest/gtest.h>

#include "smt/backend.h"
#include "smt/horn.h"
#include "smt/term_ops.h"

namespace cairn::smt {
namespace {

// x counts up by 2 and y by 1 from 0 while y < n; bad: x != 2 * y where the loop has left.
struct TwoCounters {
  Context c;
  Term x = c.var("x", c.bv_sort(64)), y = c.var("y", c.bv_sort(64)), n = c.var("n", c.bv_sort(64));
  HornProblem problem(Term bad_when_left) {
    HornProblem p;
    p.params = {x, y, n};
    p.init = eq(x, c.bv(64, 0)) && eq(y, c.bv(64, 0)) && ule(n, c.bv(64, 1000));
    p.step = ult(y, n);
    p.next = {x + c.bv(64, 2), y + c.bv(64, 1), n};
    p.bad = {!ult(y, n) && bad_when_left};
    p.readings = {p.params, {x + c.bv(64, 2), y + c.bv(64, 1), n}};
    p.display = {"x", "y", "n"};
    p.timeout_ms = 10000;
    return p;
  }
};

bool valid(Term t) {
  for (Solver s : all_solvers()) {
    Query q{{!t}, {}, 10000, ""};
    if (check(s, q).answer != Answer::Unsat) return false;
  }
  return true;
}

TEST(SmtHorn, ASafeSystemGetsAnInvariantBothSolversConfirm) {
  TwoCounters t;
  Context& c = t.c;
  HornProblem p = t.problem(!eq(t.x, t.y * c.bv(64, 2)));
  HornResult r = solve_horn(c, p);
  ASSERT_EQ(r.answer, Answer::Sat) << r.reason;
  ASSERT_EQ(r.invariants.size(), 2u);
  Term inv = r.invariants[0], after = r.invariants[1];
  EXPECT_FALSE(r.text.empty());
  // Initiation, consecution (the second reading is the invariant one step on) and safety, asked of both solvers.
  EXPECT_TRUE(valid(implies(p.init, inv)));
  EXPECT_TRUE(valid(implies(inv && p.step, after)));
  EXPECT_TRUE(valid(implies(inv && p.bad[0], c.boolean(false))));
  EXPECT_FALSE(r.script.empty());
}

TEST(SmtHorn, AnUnsafeSystemIsUnsat) {
  TwoCounters t;
  Context& c = t.c;
  // x == y + y does hold where the loop leaves, so a bad state asking for it after a step (n > 0) is reachable.
  HornResult r = solve_horn(c, t.problem(eq(t.x, t.y + t.y) && ult(c.bv(64, 0), t.n)));
  EXPECT_EQ(r.answer, Answer::Unsat) << r.reason;
  EXPECT_TRUE(r.invariants.empty());
}

TEST(SmtHorn, FloatsReadAsBitsAreNotCarried) {
  Context c;
  Term f = c.var("f", c.fp_sort(8, 24));
  Term b = fp_to_bits(f);
  HornProblem p;
  p.params = {f};
  p.init = eq(b, c.bv(32, 0));
  p.step = c.boolean(true);
  p.next = {f};
  p.bad = {!eq(b, c.bv(32, 0))};
  p.readings = {p.params};
  HornResult r = solve_horn(c, p);
  EXPECT_EQ(r.answer, Answer::Unknown);
  EXPECT_NE(r.reason.find("floats"), std::string::npos);
}

}  // namespace
}  // namespace cairn::smt
