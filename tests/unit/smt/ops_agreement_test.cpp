// Every row of ops.def through the SMT domain on Z3 and cvc5, held to eval_op: edge values, random values.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <sstream>

#include "smt_agreement.h"

namespace cairn::smt::test {
namespace {

// Cases per query: Z3 pays ~10 ms per fresh context, so it takes large batches; cvc5 grows superlinearly
// with the number of float results in one query, so it takes float cases one by one.
size_t batch_size(Solver s, Typing ty) {
  bool floats = check::scalar_is_float(ty.type) || check::scalar_is_float(ty.result);
  return s == Solver::Cvc5 && floats ? 1 : 48;
}
constexpr int kRandomRuns = 3;    // RapidCheck runs per row (each a batch of kRandomCases)
constexpr int kRandomCases = 12;

std::vector<Op> all_ops() {
  std::vector<Op> ops;
  for (size_t i = 0; i < sem::op_count(); ++i) ops.push_back(static_cast<Op>(i));
  return ops;
}
std::string op_name(const ::testing::TestParamInfo<Op>& info) { return sem::op_row(info.param).name; }

void check_cases(Op op, Typing ty, const std::vector<Case>& cases) {
  for (Solver s : all_solvers()) {
    size_t n = batch_size(s, ty);
    for (size_t at = 0; at < cases.size(); at += n) {
      std::vector<Case> part(cases.begin() + at, cases.begin() + std::min(cases.size(), at + n));
      EXPECT_EQ(check_batch(s, op, ty, part, &encode_op), "");
    }
  }
}

class EdgeValues : public ::testing::TestWithParam<Op> {};

// Every typing the row admits, on every edge value or pair of edge values (shift counts around every width).
TEST_P(EdgeValues, AgreeWithEvalOp) {
  Op op = GetParam();
  Operands shape = operands_of(op);
  for (Typing ty : typings_of(op)) {
    std::vector<Case> cases;
    std::vector<uint64_t> as = shape == Operands::Binary ? pair_edge_values(ty.type) : edge_values(ty.type);
    std::vector<uint64_t> bs = shape == Operands::Count ? count_edges() : as;
    for (uint64_t a : as) {
      if (shape == Operands::Unary) {
        cases.push_back({a, 0});
        continue;
      }
      for (uint64_t b : bs) cases.push_back({a, b});
    }
    check_cases(op, ty, cases);
  }
}
INSTANTIATE_TEST_SUITE_P(Ops, EdgeValues, ::testing::ValuesIn(all_ops()), op_name);

// Operand bits of type t: an edge value, random bits, or a small magnitude (normalised as in ops.h).
rc::Gen<uint64_t> gen_bits(Scalar t) {
  return rc::gen::map(
      rc::gen::tuple(rc::gen::inRange(0, 3), rc::gen::elementOf(edge_values(t)), rc::gen::arbitrary<uint64_t>()),
      [t](const std::tuple<int, uint64_t, uint64_t>& p) {
        uint64_t r = std::get<2>(p);
        if (std::get<0>(p) == 0) return std::get<1>(p);
        if (std::get<0>(p) == 2 && !check::scalar_is_float(t)) r &= 0xFF;
        return sem::ConcreteDomain::norm(t, r);
      });
}

class RandomValues : public ::testing::TestWithParam<Op> {};

// A few RapidCheck runs per row, each one batch of random cases of one admitted typing (RC_PARAMS sets the
// seed; the number of runs is kept small so that the suite stays short).
TEST_P(RandomValues, AgreeWithEvalOp) {
  Op op = GetParam();
  auto property = [op] {
    const auto typings = typings_of(op);
    const Typing ty = *rc::gen::elementOf(typings);
    Operands shape = operands_of(op);
    std::vector<Case> cases;
    for (int i = 0; i < kRandomCases; ++i) {
      uint64_t a = *gen_bits(ty.type);
      uint64_t b = shape == Operands::Unary ? 0
                   : shape == Operands::Count
                       ? *rc::gen::oneOf(rc::gen::inRange<uint64_t>(0, 70), rc::gen::arbitrary<uint64_t>())
                       : *gen_bits(ty.type);
      cases.push_back({a, b});
    }
    for (Solver s : all_solvers()) {
      size_t n = batch_size(s, ty);
      for (size_t at = 0; at < cases.size(); at += n) {
        std::vector<Case> part(cases.begin() + at, cases.begin() + std::min(cases.size(), at + n));
        std::string failure = check_batch(s, op, ty, part, &encode_op);
        if (!failure.empty()) RC_FAIL(failure);
      }
    }
  };
  rc::detail::TestParams params = rc::detail::configuration().testParams;
  params.maxSuccess = kRandomRuns;
  rc::detail::TestMetadata meta;
  meta.id = std::string("SmtRandom/") + sem::op_row(op).name;
  auto result = rc::detail::checkTestable(property, meta, params);
  if (!result.template is<rc::detail::SuccessResult>()) {
    std::ostringstream out;
    rc::detail::printResultMessage(result, out);
    FAIL() << out.str();
  }
}
INSTANTIATE_TEST_SUITE_P(Ops, RandomValues, ::testing::ValuesIn(all_ops()), op_name);

// The harness itself can fail: a domain that forgets signed addition overflow, or that leaves a NaN
// result's pattern open (no canonical NaN), is caught.
struct NoAddOverflow : SmtDomain {
  using SmtDomain::SmtDomain;
  Pred add_overflows(Scalar, Val, Val) const { return ctx.boolean(false); }
};
struct NanBlind : SmtDomain {
  using SmtDomain::SmtDomain;
  Pred is_nan(Scalar, Val) const { return ctx.boolean(false); }
};

TEST(SmtHarness, CatchesAMissingGuard) {
  for (Solver s : all_solvers()) {
    std::string m = check_batch(s, Op::Add, {Scalar::I8, Scalar::I8}, {{127, 1}}, &encode_with<NoAddOverflow>);
    EXPECT_NE(m.find("eval_op traps overflow, SMT gives 0xffffffffffffff80"), std::string::npos) << m;
  }
}

TEST(SmtHarness, CatchesAnUndeterminedNan) {
  uint64_t inf = 0x7F800000u, minus_inf = 0xFF800000u;
  for (Solver s : all_solvers()) {
    std::string m = check_batch(s, Op::Add, {Scalar::F32, Scalar::F32}, {{inf, minus_inf}}, &encode_with<NanBlind>);
    EXPECT_NE(m.find("eval_op gives 0x7fc00000"), std::string::npos) << m;
  }
}

}  // namespace
}  // namespace cairn::smt::test
