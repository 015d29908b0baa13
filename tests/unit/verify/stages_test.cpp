// The obligations' queries (tools.md §3.4) over hand-made encodings of one u32 input, decided by Z3: each
// stage asks exactly its question of the domain, the versions and the precondition.
#include <gtest/gtest.h>

#include "smt/term_ops.h"
#include "verify/stages.h"

namespace cairn::smt {
namespace {

struct Fixture {
  Context c;
  Inputs in;
  Term x;
  Fixture() {
    x = c.var("x", c.bv_sort(32));
    in.leaves.push_back(InputLeaf{"x", check::Scalar::U32, x});
    ParamInput p;
    p.name = "x";
    p.scalar = check::Scalar::U32;
    in.params.push_back(p);
    in.admitted = c.boolean(true);
  }
  Term k(uint64_t v) { return c.bv(32, v); }
  // A call returning `value` (u32) that traps when `traps` holds and passes the bound when `past` holds.
  Encoded call(Term value, Term traps, Term past) {
    Encoded e;
    e.trapped = traps;
    e.trap_kind = c.bv(8, 0);
    e.past_bound = past;
    Observed o;
    o.name = "return";
    o.type = check::Scalar::U32;
    o.relevant = c.boolean(true);
    o.value = value;
    e.observed.push_back(o);
    return e;
  }
  Encoded pre(Term holds, Term traps) {
    Encoded e = call(holds, traps, c.boolean(false));
    e.observed[0].type = check::Scalar::Bool;
    return e;
  }
  Answer ask(Stage s, const Encoded& r, const Encoded& cand, const Encoded* p) {
    Encodings e{&in, &r, &cand, p, Term{}, false, false, Term{}};
    CheckResult res = check(Solver::Z3, stage_query(c, s, e, 5000));
    return res.answer;
  }
};

TEST(VerifyStages, EquivalenceAsksForADifferenceOnTheDomain) {
  Fixture f;
  Term no = f.c.boolean(false);
  Encoded r = f.call(f.x + f.x, no, no);
  Encoded same = f.call(f.x * f.k(2), no, no);
  Encoded off = f.call(ite(eq(f.x, f.k(63)), f.k(189), f.x + f.x), no, no);
  EXPECT_EQ(f.ask(Stage::Equivalence, r, same, nullptr), Answer::Unsat);
  EXPECT_EQ(f.ask(Stage::Equivalence, r, off, nullptr), Answer::Sat);
  // A precondition excluding the one differing input makes them equal on D.
  Encoded p = f.pre(ne(f.x, f.k(63)), no);
  EXPECT_EQ(f.ask(Stage::Equivalence, r, off, &p), Answer::Unsat);
}

TEST(VerifyStages, TrapsAreOneOutcome) {
  Fixture f;
  Term no = f.c.boolean(false);
  // Both trap at x == 0 (different guards, say): they agree there; their values differ only where trapped.
  Encoded r = f.call(f.x, eq(f.x, f.k(0)), no);
  Encoded cand = f.call(ite(eq(f.x, f.k(0)), f.k(7), f.x), eq(f.x, f.k(0)), no);
  EXPECT_EQ(f.ask(Stage::Equivalence, r, cand, nullptr), Answer::Unsat);
  Encoded total = f.call(f.x, no, no);
  EXPECT_EQ(f.ask(Stage::Equivalence, r, total, nullptr), Answer::Sat);  // definedness differs at 0
  EXPECT_EQ(f.ask(Stage::ReferenceTotality, r, total, nullptr), Answer::Sat);
  EXPECT_EQ(f.ask(Stage::ReferenceTotality, total, r, nullptr), Answer::Unsat);
}

TEST(VerifyStages, DomainStagesReadThePrecondition) {
  Fixture f;
  Term no = f.c.boolean(false);
  Encoded r = f.call(f.x, no, no);
  EXPECT_EQ(f.ask(Stage::DomainTotality, r, r, nullptr), Answer::Unsat);  // "true" cannot trap
  EXPECT_EQ(f.ask(Stage::DomainNonempty, r, r, nullptr), Answer::Sat);
  Encoded trapping = f.pre(f.c.boolean(true), ult(f.x, f.k(5)));
  EXPECT_EQ(f.ask(Stage::DomainTotality, r, r, &trapping), Answer::Sat);
  Encoded vacuous = f.pre(ult(f.x, f.k(0)), no);
  EXPECT_EQ(f.ask(Stage::DomainNonempty, r, r, &vacuous), Answer::Unsat);
  // Where the precondition traps, the input is outside D.
  Encoded only_traps = f.pre(f.c.boolean(true), f.c.boolean(true));
  EXPECT_EQ(f.ask(Stage::DomainNonempty, r, r, &only_traps), Answer::Unsat);
}

TEST(VerifyStages, LoopBoundCountsOnTheDomainOnly) {
  Fixture f;
  Term no = f.c.boolean(false);
  Encoded r = f.call(f.x, no, ult(f.k(16), f.x));  // e.g. for i in 0..x
  EXPECT_EQ(f.ask(Stage::LoopUnrolling, r, r, nullptr), Answer::Sat);
  Encoded bounded = f.pre(ule(f.x, f.k(16)), no);
  EXPECT_EQ(f.ask(Stage::LoopUnrolling, r, r, &bounded), Answer::Unsat);
}

TEST(VerifyStages, NanObservationOnDefinedFloatResults) {
  Fixture f;
  Term no = f.c.boolean(false);
  Encoded r = f.call(f.x, no, no);
  r.observed[0].type = check::Scalar::F32;  // the bits of x read as an f32: NaN patterns exist
  EXPECT_EQ(f.ask(Stage::NanObservation, r, r, nullptr), Answer::Sat);
  Encoded p = f.pre(ult(f.x, f.k(0x7f800000)), no);  // positive, finite, not NaN
  EXPECT_EQ(f.ask(Stage::NanObservation, r, r, &p), Answer::Unsat);
}

}  // namespace
}  // namespace cairn::smt
