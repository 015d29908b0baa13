// The backends: answers, model values of every readable sort, timeouts, errors that never escape.
#include <gtest/gtest.h>

#include <cstring>

#include "smt/backend.h"
#include "smt/term_ops.h"

namespace cairn::smt {
namespace {

uint64_t f64_bits(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}

TEST(SmtBackend, TablesNameEverySolverAndAnswer) {
  ASSERT_EQ(all_solvers().size(), 2u);
  EXPECT_STREQ(solver_name(Solver::Z3), "z3");
  EXPECT_STREQ(solver_name(Solver::Cvc5), "cvc5");
  EXPECT_STREQ(answer_name(Answer::Timeout), "timeout");
  EXPECT_STREQ(answer_name(Answer::NotRun), "not-run");
}

TEST(SmtBackend, LogicOfTheAssertions) {
  Context c;
  Term x = c.var("x", c.bv_sort(8));
  Term arr = c.var("m", c.array_sort(c.bv_sort(64), c.bv_sort(8)));
  Term f = fp_from_bits(c.var("f", c.bv_sort(32)), c.fp_sort(8, 24));
  EXPECT_EQ(logic_of({eq(x, c.bv(8, 1))}), "QF_BV");
  EXPECT_EQ(logic_of({fp_is_nan(f)}), "QF_BVFP");
  EXPECT_EQ(logic_of({eq(select(arr, c.bv(64, 0)), x)}), "QF_ABV");
  EXPECT_EQ(logic_of({eq(select(arr, c.bv(64, 0)), x), fp_is_nan(f)}), "QF_ABVFP");
}

// Bool, bit-vector, IEEE bits (of a bit-vector and of an FP-sorted term), a NaN read as the canonical NaN,
// an array element.
TEST(SmtBackend, ModelValues) {
  Context c;
  Sort f64 = c.fp_sort(11, 53);
  Term x = c.var("x", c.bv_sort(32));
  Term y = c.var("y", c.bv_sort(64));
  Term b = c.var("b", c.bool_sort());
  Term m = c.var("m", c.array_sort(c.bv_sort(64), c.bv_sort(8)));
  Term half = fp_from_bits(c.bv(64, f64_bits(1.5)), f64);
  Term nan = fp_from_bits(c.bv(32, 0xFFC00001u), c.fp_sort(8, 24));
  Query q;
  q.assertions = {eq(x + c.bv(32, 5), c.bv(32, 12)), eq(fp_from_bits(y, f64), half), b,
                  eq(select(m, c.bv(64, 3)), c.bv(8, 0xAB))};
  q.wanted = {x, y, b, fp_add(Rounding::NearestEven, half, half), nan, select(m, c.bv(64, 3)), fp_is_nan(nan)};
  for (Solver s : all_solvers()) {
    CheckResult r = check(s, q);
    ASSERT_EQ(r.answer, Answer::Sat) << solver_name(s) << " " << r.reason;
    EXPECT_EQ(r.values, (std::vector<uint64_t>{7, f64_bits(1.5), 1, f64_bits(3.0), 0x7FC00000u, 0xAB, 1}))
        << solver_name(s);
    EXPECT_EQ(r.logic, s == Solver::Z3 ? "ALL" : "QF_ABVFP");  // Z3 4.8 has no QF_ABVFP solver
    EXPECT_GE(r.milliseconds, 0.0);
  }
}

TEST(SmtBackend, UnsatAndEmptyQueries) {
  Context c;
  Term x = c.var("x", c.bv_sort(16));
  Query q{{ult(x, c.bv(16, 3)), ult(c.bv(16, 5), x)}, {}, 5000, ""};
  for (Solver s : all_solvers()) {
    EXPECT_EQ(check(s, q).answer, Answer::Unsat) << solver_name(s);
    EXPECT_EQ(check(s, Query{}).answer, Answer::Sat) << solver_name(s);
  }
}

// A solver's complaint becomes Error with its message; nothing escapes.
TEST(SmtBackend, ErrorsDoNotEscape) {
  Context c;
  Term m = c.var("m", c.array_sort(c.bv_sort(8), c.bv_sort(8)));
  Query unreadable{{c.boolean(true)}, {m}, 5000, ""};
  Query bad_logic{{eq(c.var("x", c.bv_sort(8)), c.bv(8, 1))}, {}, 5000, "NOT_A_LOGIC"};
  for (Solver s : all_solvers()) {
    CheckResult r = check(s, unreadable);
    EXPECT_EQ(r.answer, Answer::Error) << solver_name(s);
    EXPECT_NE(r.reason.find("cannot read a model value"), std::string::npos) << r.reason;
    EXPECT_TRUE(r.values.empty());
    CheckResult l = check(s, bad_logic);
    EXPECT_TRUE(l.answer == Answer::Sat || l.answer == Answer::Error) << solver_name(s) << answer_name(l.answer);
  }
  EXPECT_EQ(check(Solver::Cvc5, bad_logic).answer, Answer::Error);
}

// Factoring a 64-bit semiprime by bit-blasting a 128-bit multiplier: far beyond 50 ms on either solver.
// The outcome is asserted, never the time it took (the measured milliseconds are recorded as a property).
TEST(SmtBackend, HardQueryEndsAsTimeout) {
  Context c;
  Sort w64 = c.bv_sort(64);
  Term x = c.var("x", w64), y = c.var("y", w64);
  uint64_t p = 4294967291u, q = 4294967279u;  // the two largest primes below 2^32
  Term n = zext(c.bv(64, p * q), 64);
  Query hard{{eq(zext(x, 64) * zext(y, 64), n), ult(c.bv(64, 1), x), ule(x, y)}, {x, y}, 50, ""};
  for (Solver s : all_solvers()) {
    CheckResult r = check(s, hard);
    EXPECT_EQ(r.answer, Answer::Timeout) << solver_name(s) << " " << answer_name(r.answer) << " " << r.reason;
    RecordProperty(std::string(solver_name(s)) + "_ms", std::to_string(static_cast<int>(r.milliseconds)));
  }
}

// The same hard query under a work limit instead: a wall limit of a minute, which the work limit ends long before,
// and the same answer each time (the limit counts the solver's work, so the machine's load cannot change it).
TEST(SmtBackend, WorkLimitEndsAsTimeoutWhateverTheWallLimit) {
  Context c;
  Sort w64 = c.bv_sort(64);
  Term x = c.var("x", w64), y = c.var("y", w64);
  uint64_t p = 4294967291u, q = 4294967279u;
  Term n = zext(c.bv(64, p * q), 64);
  for (Solver s : all_solvers()) {
    Query hard{{eq(zext(x, 64) * zext(y, 64), n), ult(c.bv(64, 1), x), ule(x, y)}, {x, y}, 60000, ""};
    hard.work_limit = narrowing_work(s);
    EXPECT_GT(hard.work_limit, 0u) << solver_name(s);
    for (int round = 0; round < 2; ++round) {
      CheckResult r = check(s, hard);
      EXPECT_EQ(r.answer, Answer::Timeout) << solver_name(s) << " " << answer_name(r.answer) << " " << r.reason;
    }
  }
}

// A work limit leaves an easy query's answer alone.
TEST(SmtBackend, WorkLimitKeepsAnEasyAnswer) {
  Context c;
  Term x = c.var("x", c.bv_sort(32));
  for (Solver s : all_solvers()) {
    Query easy{{eq(x + c.bv(32, 5), c.bv(32, 12))}, {x}, 60000, ""};
    easy.work_limit = narrowing_work(s);
    CheckResult r = check(s, easy);
    ASSERT_EQ(r.answer, Answer::Sat) << solver_name(s) << " " << r.reason;
    EXPECT_EQ(r.values, std::vector<uint64_t>{7});
  }
}

}  // namespace
}  // namespace cairn::smt
