// Witness narrowing (tools.md §3.6): storage within 16 elements, then small integers, asked on real solvers.
#include <gtest/gtest.h>

#include "smt/term_ops.h"
#include "verify/witness.h"

namespace cairn::smt {
namespace {

// Inputs by hand: x:i32, and a view xs of u8 with its length leaf and two named elements.
struct Fixture {
  Context c;
  Inputs in;
  Fixture() {
    in.leaves.push_back(InputLeaf{"x", check::Scalar::I32, c.var("x", c.bv_sort(32))});
    in.leaves.push_back(InputLeaf{"xs.len", check::Scalar::Usize, c.var("xs.len", c.bv_sort(64))});
    in.leaves.push_back(InputLeaf{"xs[0]", check::Scalar::U8, c.var("xs[0]", c.bv_sort(8))});
    ParamInput x;
    x.name = "x";
    x.scalar = check::Scalar::I32;
    x.leaf = 0;
    ParamInput xs;
    xs.name = "xs";
    xs.is_view = true;
    xs.scalar = check::Scalar::U8;
    xs.leaf = 1;
    xs.elements = {2};
    in.params = {x, xs};
    in.admitted = c.boolean(true);
  }
  Term x() { return in.leaves[0].term; }
  Term len() { return in.leaves[1].term; }
  Query query(Term t) {
    Query q;
    q.assertions = {t};
    for (const InputLeaf& l : in.leaves) q.wanted.push_back(l.term);
    q.timeout_ms = 5000;
    return q;
  }
};

CheckResult direct(Solver s, const Query& q) { return check(s, q); }

TEST(VerifyWitness, SmallNumbersReplaceAWideModel) {
  Fixture f;
  // Any x below -100 and any length above 3: the first model may be far out; the narrowed one is not.
  Query q = f.query(slt(f.x(), f.c.bv(32, static_cast<uint64_t>(-100))) && ult(f.c.bv(64, 3), f.len()));
  for (Solver s : all_solvers()) {
    CheckResult first = check(s, q);
    ASSERT_EQ(first.answer, Answer::Sat);
    Narrowed n = narrow(f.c, q, f.in, s, first, &direct);
    ASSERT_TRUE(n.ok) << n.reason;
    int32_t x = static_cast<int32_t>(n.values[0]);
    EXPECT_LT(x, -100);
    EXPECT_GE(x, -256);  // ±16 cannot hold it; ±256 can
    EXPECT_GT(n.values[1], 3u);
    EXPECT_LE(n.values[1], 16u);
  }
}

TEST(VerifyWitness, NoModelWithin16ElementsIsUnknown) {
  Fixture f;
  Query q = f.query(ult(f.c.bv(64, 16), f.len()));
  CheckResult first = check(Solver::Z3, q);
  ASSERT_EQ(first.answer, Answer::Sat);
  Narrowed n = narrow(f.c, q, f.in, Solver::Z3, first, &direct);
  EXPECT_FALSE(n.ok);
  EXPECT_EQ(n.reason, "No counterexample lends 16 elements or fewer");
}

TEST(VerifyWitness, AValueOutsideEveryBoundKeepsTheStorageModel) {
  Fixture f;
  Query q = f.query(slt(f.c.bv(32, 70000), f.x()));
  CheckResult first = check(Solver::Cvc5, q);
  ASSERT_EQ(first.answer, Answer::Sat);
  Narrowed n = narrow(f.c, q, f.in, Solver::Cvc5, first, &direct);
  ASSERT_TRUE(n.ok);
  EXPECT_GT(static_cast<int32_t>(n.values[0]), 70000);
  EXPECT_LE(n.values[1], 16u);
}

// Every small-number query is bounded by its solver's work limit, not by the wall clock alone: on a loaded machine
// a wall-clock limit would end a query a quiet run answers, and the record would differ from run to run.
std::vector<Query> asked;
CheckResult recording(Solver s, const Query& q) {
  asked.push_back(q);
  return check(s, q);
}

TEST(VerifyWitness, SmallNumberQueriesAreBoundedByWork) {
  Fixture f;
  Query q = f.query(slt(f.x(), f.c.bv(32, static_cast<uint64_t>(-100))) && ult(f.c.bv(64, 3), f.len()));
  for (Solver s : all_solvers()) {
    CheckResult first = check(s, q);
    ASSERT_EQ(first.answer, Answer::Sat);
    asked.clear();
    Narrowed n = narrow(f.c, q, f.in, s, first, &recording);
    ASSERT_TRUE(n.ok) << n.reason;
    ASSERT_GE(asked.size(), 2u);  // the storage query, then ±16 (unsat) and ±256
    EXPECT_EQ(asked[0].work_limit, 0u) << "the storage query keeps the query's own limit";
    EXPECT_EQ(asked[0].timeout_ms, q.timeout_ms);
    for (size_t i = 1; i < asked.size(); ++i) {
      EXPECT_EQ(asked[i].work_limit, narrowing_work(s)) << solver_name(s) << " query " << i;
      EXPECT_GE(asked[i].timeout_ms, kNarrowTimeoutMs);
    }
  }
}

TEST(VerifyWitness, BoundsOfEachKind) {
  Fixture f;
  EXPECT_FALSE(storage_bound(f.c, f.in).is_true());
  Inputs none;
  EXPECT_TRUE(storage_bound(f.c, none).is_true());
  EXPECT_TRUE(integer_bound(f.c, none, 16).is_true());
  // A u8 is within ±256 whatever it holds; the other leaves are not.
  Inputs bytes;
  bytes.leaves.push_back(InputLeaf{"b", check::Scalar::U8, f.c.var("b", f.c.bv_sort(8))});
  EXPECT_FALSE(integer_bound(f.c, bytes, 16).is_true());
  EXPECT_TRUE(integer_bound(f.c, bytes, 256).is_true());
  EXPECT_FALSE(integer_bound(f.c, f.in, 256).is_true());
}

}  // namespace
}  // namespace cairn::smt
