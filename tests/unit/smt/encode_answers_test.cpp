// Questions with known answers about encoded functions, asked of Z3 and cvc5: equivalences, differences, the
// loop bound, NaN observations, the order in which guards fire.
#include <gtest/gtest.h>

#include "encode_support.h"

namespace cairn::smt::test {
namespace {

const char* kPairs = R"(import std.core (Option);
fn dbl(x:u32) -> u32 = x * 2;
fn dbl_add(x:u32) -> u32 = x + x;
fn dbl_shift(x:u32) -> u32 = shl_wrap(x, 1);
fn plus_zero(x:f64) -> f64 = x + 0.0;
fn same(x:f64) -> f64 = x;
fn self_sub(x:f64) -> f64 = x - x;
fn count(n:u32) -> u32 {
  let mut i:u32 = 0;
  while i < n { i += 1; }
  return i;
}
fn sum4(xs:ro<u64>[4]) -> u64 {
  let mut s:u64 = 0;
  for x in xs { s += x; }
  return s;
}
fn fill_range(n:usize, out:rw<u8>[n], v:u8) {
  for i in 0..n { out[i] = v; }
}
fn fill_each(n:usize, out:rw<u8>[n], v:u8) {
  for i, x in out { out[i] = v; }
}
fn fill_off(n:usize, out:rw<u8>[n], v:u8) {
  for i in 0..n { out[i] = add_wrap(v, u8(i & 1)); }
}
fn keep_some(x:u8) -> Option[u8] {
  let mut r = Option[u8].Some(x);
  if x < 3 { r = None; }
  return r;
}
fn early_none(x:u8) -> Option[u8] {
  if x < 3 { return None; }
  return Some(x);
}
fn assign_order(xs:rw<u32>[4], i:usize, b:u32) { xs[i] = 10 / b; }
fn guard_order(a:u8, b:u8) -> u8 = (a + b) / (a - b);
fn main() -> i32 { return 0; }
)";

class EncodeAnswers : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { program_ = load_source("encode_answers", kPairs).release(); }
  static void TearDownTestSuite() {
    delete program_;
    program_ = nullptr;
  }
  static Loaded* program_;

  // Two versions over the inputs of `ref` (one signature): an input in the domain tells them apart.
  struct Pair {
    Context c;
    Inputs in;
    Encoded a, b;
  };
  std::unique_ptr<Pair> pair(const std::string& ref, const std::string& cand) {
    auto p = std::make_unique<Pair>();
    p->in = make_inputs(p->c, program_->info(ref));
    p->a = encode_call(p->c, program_->mod, program_->fn(ref), p->in);
    p->b = encode_call(p->c, program_->mod, program_->fn(cand), p->in);
    EXPECT_FALSE(p->a.unsupported) << *p->a.unsupported;
    EXPECT_FALSE(p->b.unsupported) << *p->b.unsupported;
    return p;
  }
  static Term differ(Pair& p) {
    Term both_defined = !p.a.trapped && !p.b.trapped;
    Term tells = bxor(p.a.trapped, p.b.trapped) || (both_defined && observations_differ(p.c, p.a, p.b));
    return p.in.admitted && !p.a.past_bound && !p.b.past_bound && tells;
  }
  // The answer of every solver to the conjunction, which must be `want`.
  static void expect(const std::vector<Term>& assertions, Answer want, const std::string& what) {
    for (Solver s : all_solvers()) {
      CheckResult r = check(s, Query{assertions, {}, 20000, ""});
      EXPECT_EQ(r.answer, want) << what << " on " << solver_name(s) << ": " << r.reason;
    }
  }
};
Loaded* EncodeAnswers::program_ = nullptr;

TEST_F(EncodeAnswers, ProgramChecks) { ASSERT_NE(program_, nullptr); }

TEST_F(EncodeAnswers, EquivalentVersionsHaveNoDifference) {
  ASSERT_NE(program_, nullptr);
  auto p = pair("dbl", "dbl_add");
  expect({differ(*p)}, Answer::Unsat, "x * 2 against x + x");
  auto q = pair("fill_range", "fill_each");
  expect({differ(*q)}, Answer::Unsat, "a range fill against an element-loop fill");
}

TEST_F(EncodeAnswers, ATrapOnOneSideIsADifference) {
  ASSERT_NE(program_, nullptr);
  auto p = pair("dbl", "dbl_shift");
  Term x = p->in.leaves[0].term;
  expect({differ(*p)}, Answer::Sat, "x * 2 against shl_wrap(x, 1)");
  // Only where x * 2 overflows.
  expect({differ(*p), ult(x, p->c.bv(32, 0x80000000))}, Answer::Unsat, "below 2^31");
}

TEST_F(EncodeAnswers, AWrittenViewIsObserved) {
  ASSERT_NE(program_, nullptr);
  auto p = pair("fill_range", "fill_off");
  Term n = p->in.leaves[p->in.params[0].leaf].term;
  expect({differ(*p)}, Answer::Sat, "fills differing at odd indexes");
  expect({differ(*p), ule(n, p->c.bv(64, 1))}, Answer::Unsat, "with at most one element");
}

TEST_F(EncodeAnswers, ObservationsCompareFloatsAsData) {
  ASSERT_NE(program_, nullptr);
  auto p = pair("plus_zero", "same");
  Context& c = p->c;
  Term x = p->in.leaves[0].term;
  expect({differ(*p)}, Answer::Sat, "x + 0.0 against x");
  Term minus_zero = c.bv(64, 0x8000000000000000ull);
  Term nan = fp_is_nan(fp_from_bits(x, float_sort(c, check::Scalar::F64)));
  expect({differ(*p), ne(x, minus_zero), !nan}, Answer::Unsat, "x + 0.0 differs only at -0.0 and NaN payloads");
  expect({differ(*p), eq(x, minus_zero)}, Answer::Sat, "-0.0 + 0.0 is +0.0");
}

TEST_F(EncodeAnswers, NanObservation) {
  ASSERT_NE(program_, nullptr);
  Context c;
  Inputs in = make_inputs(c, program_->info("self_sub"));
  Encoded e = encode_call(c, program_->mod, program_->fn("self_sub"), in);
  ASSERT_FALSE(e.unsupported);
  Term x = fp_from_bits(in.leaves[0].term, float_sort(c, check::Scalar::F64));
  expect({observes_nan(c, e)}, Answer::Sat, "x - x is NaN at infinities");
  expect({observes_nan(c, e), !fp_is_nan(x), !fp_is_inf(x)}, Answer::Unsat, "x - x of a finite x");
}

// A sum's payload counts only where its tag names the variant: a None built two ways is one observation.
TEST_F(EncodeAnswers, InactivePayloadsAreNotObserved) {
  ASSERT_NE(program_, nullptr);
  auto p = pair("keep_some", "early_none");
  expect({differ(*p)}, Answer::Unsat, "None by assignment against None by return");
}

TEST_F(EncodeAnswers, LoopsPastTheBoundAreFlagged) {
  ASSERT_NE(program_, nullptr);
  Context c;
  Inputs in = make_inputs(c, program_->info("count"));
  Encoded e = encode_call(c, program_->mod, program_->fn("count"), in);
  ASSERT_FALSE(e.unsupported);
  Term n = in.leaves[0].term;
  Term sixteen = c.bv(32, 16);
  expect({e.past_bound, ule(n, sixteen)}, Answer::Unsat, "no 17th iteration for n <= 16");
  expect({!e.past_bound, ult(sixteen, n)}, Answer::Unsat, "a 17th iteration for n > 16");
  // Sixteen iterations are inside the model: the 17th test fails and the loop exits normally.
  for (Solver s : all_solvers()) {
    auto enc = encode(*program_, "count");
    ModelOutcome at16 = evaluate(s, *enc, {16});
    ASSERT_TRUE(at16.sat) << at16.answer;
    EXPECT_FALSE(at16.past_bound) << solver_name(s);
    EXPECT_FALSE(at16.trapped) << solver_name(s);
    ASSERT_EQ(at16.leaves.size(), 1u);
    EXPECT_EQ(at16.leaves[0].bits, 16u) << solver_name(s);
    ModelOutcome at17 = evaluate(s, *enc, {17});
    ASSERT_TRUE(at17.sat) << at17.answer;
    EXPECT_TRUE(at17.past_bound) << solver_name(s);
  }
  Context d;
  Inputs in4 = make_inputs(d, program_->info("sum4"));
  Encoded s = encode_call(d, program_->mod, program_->fn("sum4"), in4);
  ASSERT_FALSE(s.unsupported);
  expect({in4.admitted, s.past_bound}, Answer::Unsat, "a literal extent needs no precondition");
}

// The interpreter's order: an assignment's right side before the place's bounds guard; operands left to right.
TEST_F(EncodeAnswers, GuardsFireInTheInterpretersOrder) {
  ASSERT_NE(program_, nullptr);
  for (Solver s : all_solvers()) {
    auto a = encode(*program_, "assign_order");
    ASSERT_FALSE(a->e.unsupported);
    std::vector<uint64_t> v(a->in.leaves.size(), 0);
    v[a->in.params[0].leaf] = 4;
    v[a->in.params[1].leaf] = 9;  // i out of bounds, b == 0
    ModelOutcome m = evaluate(s, *a, v);
    ASSERT_TRUE(m.sat) << m.answer;
    EXPECT_TRUE(m.trapped);
    EXPECT_EQ(m.kind, static_cast<uint64_t>(check::TrapKind::DivideByZero)) << solver_name(s);
    auto g = encode(*program_, "guard_order");
    ModelOutcome o = evaluate(s, *g, {200, 100});  // a + b overflows before a - b is computed
    ASSERT_TRUE(o.sat) << o.answer;
    EXPECT_TRUE(o.trapped);
    EXPECT_EQ(o.kind, static_cast<uint64_t>(check::TrapKind::Overflow)) << solver_name(s);
    ModelOutcome z = evaluate(s, *g, {3, 3});
    ASSERT_TRUE(z.sat) << z.answer;
    EXPECT_EQ(z.kind, static_cast<uint64_t>(check::TrapKind::DivideByZero)) << solver_name(s);
  }
}

// The self-check's comparison can fail: one function's model against another's run is told apart.
TEST_F(EncodeAnswers, TheComparisonDetectsADifference) {
  ASSERT_NE(program_, nullptr);
  auto a = encode(*program_, "fill_range");
  std::vector<uint64_t> v(a->in.leaves.size(), 0);
  v[a->in.params[0].leaf] = 3;
  v[a->in.params[1].leaf] = 3;
  v[a->in.params[2].leaf] = 5;
  ModelOutcome m = evaluate(Solver::Z3, *a, v);
  ASSERT_TRUE(m.sat) << m.answer;
  std::vector<sem::ArgValue> args = args_from_values(a->in, v);
  EXPECT_EQ(compare(*a, m, program_->engine->call(program_->info("fill_range"), args, sem::Limits{})), "");
  EXPECT_NE(compare(*a, m, program_->engine->call(program_->info("fill_off"), args, sem::Limits{})), "");
}

}  // namespace
}  // namespace cairn::smt::test
