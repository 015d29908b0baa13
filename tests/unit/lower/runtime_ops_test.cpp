// The runtime headers' operators (the third implementation) against sem::eval_op on every row of ops.def:
// edge values (0, 1, -1, MIN, MAX, NaN, +-inf, -0.0, subnormals) exhaustively in pairs, then a RapidCheck
// property over random operands. Equal bits, or the same trap kind.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <vector>

#include "runtime_eval.h"

namespace cairn::lower::test {
namespace {

using S = Scalar;
using sem::Op;
const std::vector<S> kUint = {S::U8, S::U16, S::U32, S::U64, S::Usize};
const std::vector<S> kSint = {S::I8, S::I16, S::I32, S::I64};
const std::vector<S> kFloat = {S::F32, S::F64};

uint64_t norm(S t, uint64_t bits) {
  if (t == S::F64) return bits;
  if (t == S::F32) return bits & 0xFFFFFFFFu;
  if (t == S::Bool) return bits & 1;
  unsigned w = check::scalar_bits(t);
  if (w >= 64) return bits;
  uint64_t mask = (uint64_t{1} << w) - 1;
  bits &= mask;
  if (check::scalar_is_signed(t) && (bits >> (w - 1))) bits |= ~mask;
  return bits;
}

std::vector<uint64_t> edges(S t) {
  if (t == S::Bool) return {0, 1};
  if (t == S::F32)
    return {0, 0x80000000u, 0x3F800000u, 0xBF800000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00000u, 1u,
            0x807FFFFFu, 0x00800000u, 0x7F7FFFFFu, 0x4F000000u, 0xCF000000u, 0x5F800000u, 0x3F000000u, 0x437F8000u,
            0xC3010000u, 0x40490FDBu};
  if (t == S::F64)
    return {0, 0x8000000000000000ull, 0x3FF0000000000000ull, 0xBFF0000000000000ull, 0x7FF0000000000000ull,
            0xFFF0000000000000ull, 0x7FF8000000000000ull, 0x7FF0000000000001ull, 1ull, 0x800FFFFFFFFFFFFFull,
            0x0010000000000000ull, 0x7FEFFFFFFFFFFFFFull, 0x43E0000000000000ull, 0xC3E0000000000000ull,
            0x43F0000000000000ull, 0x41EFFFFFFFE00000ull, 0xC1E0000000100000ull, 0x3FE0000000000000ull,
            0x400921FB54442D18ull};
  unsigned w = check::scalar_bits(t);
  uint64_t ones = w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
  std::vector<uint64_t> e = {0, 1, ~uint64_t{0}, 2, 3, 7, 8, 63, 64, ones, ones >> 1, (ones >> 1) + 1, (ones >> 1) + 2, 255, 256};
  for (uint64_t& x : e) x = norm(t, x);
  return e;
}

struct Case {
  Op op;
  S type, result;
  bool binary;
};

// Every (row, operand type) the typing class admits, with its result type.
std::vector<Case> cases() {
  std::vector<Case> out;
  std::vector<S> ints = kUint;
  ints.insert(ints.end(), kSint.begin(), kSint.end());
  std::vector<S> nums = ints;
  nums.insert(nums.end(), kFloat.begin(), kFloat.end());
  for (size_t i = 0; i < sem::op_count(); ++i) {
    Op op = static_cast<Op>(i);
    const sem::Typing typing = sem::op_row(op).typing;
    bool unary = sem::op_row(op).operands == 1;
    bool cmp = op == Op::Eq || op == Op::Ne || op == Op::Lt || op == Op::Le || op == Op::Gt || op == Op::Ge;
    std::vector<S> types;
    switch (typing) {
      case sem::Typing::Num: types = nums; break;
      case sem::Typing::SNum: types = kSint; types.insert(types.end(), kFloat.begin(), kFloat.end()); break;
      case sem::Typing::Int: types = ints; break;
      case sem::Typing::UInt: types = kUint; break;
      case sem::Typing::SInt: types = kSint; break;
      case sem::Typing::Float: types = kFloat; break;
      case sem::Typing::Bool: types = {S::Bool}; break;
      case sem::Typing::Eq: types = nums; types.push_back(S::Bool); break;
      case sem::Typing::Conv: case sem::Typing::Bits: break;
    }
    if (typing == sem::Typing::Conv) {
      for (S a : nums)
        for (S b : nums) out.push_back({op, a, b, false});
      continue;
    }
    if (typing == sem::Typing::Bits) {
      if (op == Op::ToBits) {
        out.push_back({op, S::F32, S::U32, false});
        out.push_back({op, S::F64, S::U64, false});
      } else {
        out.push_back({op, S::U32, S::F32, false});
        out.push_back({op, S::U64, S::F64, false});
      }
      continue;
    }
    for (S t : types) out.push_back({op, t, cmp ? S::Bool : t, !unary});
  }
  return out;
}

std::string describe(const Case& c, uint64_t a, uint64_t b) {
  return std::string(sem::op_row(c.op).name) + " " + check::scalar_name(c.type) + "->" + check::scalar_name(c.result) +
         " a=" + std::to_string(a) + " b=" + std::to_string(b);
}

bool agree(const Case& c, uint64_t a, uint64_t b, std::string* why) {
  sem::OpOutcome want = sem::eval_op(c.op, c.type, c.result, a, b);
  sem::OpOutcome got = rt_eval(c.op, c.type, c.result, a, b);
  if (want.trapped != got.trapped || (want.trapped && want.trap != got.trap) || (!want.trapped && want.bits != got.bits)) {
    *why = describe(c, a, b) + ": eval_op " + (want.trapped ? check::trap_name(want.trap) : std::to_string(want.bits)) +
           ", runtime " + (got.trapped ? check::trap_name(got.trap) : std::to_string(got.bits));
    return false;
  }
  return true;
}

TEST(RuntimeOps, TrapNamesMatchTrapsDef) {
  for (int k = 0; k <= static_cast<int>(check::TrapKind::Stack); ++k)
    EXPECT_STREQ(cr::trap_name(static_cast<cr::Trap>(k)), check::trap_name(static_cast<check::TrapKind>(k)));
}

TEST(RuntimeOps, EveryRowAgreesOnEdgeValues) {
  std::vector<Case> all = cases();
  ASSERT_GT(all.size(), sem::op_count());
  size_t checked = 0, failures = 0;
  for (const Case& c : all) {
    std::vector<uint64_t> as = edges(c.type);
    std::vector<uint64_t> bs = c.binary ? edges(c.op == Op::ShlWrap || c.op == Op::Shr ? S::Usize : c.type)
                                        : std::vector<uint64_t>{0};
    for (uint64_t a : as)
      for (uint64_t b : bs) {
        std::string why;
        ++checked;
        if (!agree(c, a, b, &why) && ++failures <= 20) ADD_FAILURE() << why;
      }
  }
  EXPECT_EQ(failures, 0u);
  EXPECT_GT(checked, 10000u);
}

RC_GTEST_PROP(RuntimeOps, AgreesWithEvalOpOnRandomOperands, ()) {
  static const std::vector<Case> all = cases();
  for (int round = 0; round < 64; ++round) {  // many rows per generated case
    const Case c = *rc::gen::elementOf(all);
    S bt = c.op == Op::ShlWrap || c.op == Op::Shr ? S::Usize : c.type;
    uint64_t a = norm(c.type, *rc::gen::arbitrary<uint64_t>());
    uint64_t b = c.binary ? norm(bt, *rc::gen::arbitrary<uint64_t>()) : 0;
    if (*rc::gen::inRange(0, 3) == 0 && c.binary && bt != S::F32 && bt != S::F64) b = norm(bt, b & 0x3F);
    std::string why;
    if (!agree(c, a, b, &why)) RC_FAIL(why);
  }
}

}  // namespace
}  // namespace cairn::lower::test
