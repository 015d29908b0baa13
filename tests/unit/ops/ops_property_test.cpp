// One RapidCheck property per row of ops.def: eval_op against the independent reference implementation.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

#include "ops_reference.h"
#include "core/domain_concrete.h"

namespace cairn::sem::test {
namespace {

using S = Scalar;
const std::vector<S> kUint = {S::U8, S::U16, S::U32, S::U64, S::Usize};
const std::vector<S> kSint = {S::I8, S::I16, S::I32, S::I64};
const std::vector<S> kFloat = {S::F32, S::F64};
std::vector<S> cat(std::vector<S> a, const std::vector<S>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}
const std::vector<S> kInt = cat(kUint, kSint);
const std::vector<S> kNum = cat(kInt, kFloat);

// Operand bits for type t: edge values often, otherwise random bits (normalised as in ops.h).
rc::Gen<uint64_t> gen_bits(S t) {
  std::vector<uint64_t> edges;
  if (t == S::F32) {
    edges = {F32(0.f), F32(-0.f), F32(1.f), F32(-1.f), F32(0.5f), F32(-0.5f), 0x7F800000u, 0xFF800000u, 0x7FC00000u,
             0xFFC00001u, 1u, 0x80000001u, 0x7F7FFFFFu, F32(2147483648.f), F32(-2147483648.f), F32(4294967296.f),
             F32(18446744073709551616.f), F32(9223372036854775808.f), F32(255.5f), F32(-128.7f)};
  } else if (t == S::F64) {
    edges = {F64(0.0), F64(-0.0), F64(1.0), F64(-1.0), F64(2.5), F64(-2.5), 0x7FF0000000000000ull, 0xFFF0000000000000ull,
             kNaN64, 0x7FF0000000000001ull, 1ull, 0x8000000000000001ull, 0x7FEFFFFFFFFFFFFFull,
             F64(9223372036854775808.0), F64(-9223372036854775808.0), F64(18446744073709551616.0),
             F64(18446744073709549568.0), F64(4294967295.5), F64(-2147483648.5), F64(65535.9)};
  } else {
    edges = {0, 1, ~0ull, 2, rules::int_min_bits(t), rules::all_ones_bits(t), rules::all_ones_bits(t) >> 1,
             rules::int_min_bits(t) + 1};
  }
  for (uint64_t& e : edges) e = ConcreteDomain::norm(t, e);
  return rc::gen::map(
      rc::gen::pair(rc::gen::inRange(0, 3), rc::gen::pair(rc::gen::elementOf(edges), rc::gen::arbitrary<uint64_t>())),
      [t](const std::pair<int, std::pair<uint64_t, uint64_t>>& p) {
        uint64_t r = p.second.second;
        if (t != S::F32 && t != S::F64 && p.first == 2) r &= 0xFF;  // small magnitudes
        return p.first == 0 ? p.second.first : ConcreteDomain::norm(t, r);
      });
}

std::string show(Op op, S t, S r, uint64_t a, uint64_t b, const OpOutcome& o) {
  return std::string(op_row(op).name) + " " + check::scalar_name(t) + "->" + check::scalar_name(r) + " a=" +
         std::to_string(a) + " b=" + std::to_string(b) + (o.trapped ? std::string(" trap ") + check::trap_name(o.trap)
                                                                    : " bits=" + std::to_string(o.bits));
}

void same(Op op, S t, S r, uint64_t a, uint64_t b) {
  OpOutcome got = eval_op(op, t, r, a, b), want = reference(op, t, r, a, b);
  RC_ASSERT(got.trapped == want.trapped);
  if (got.trapped) {
    RC_ASSERT(got.trap == want.trap);
  } else if (got.bits != want.bits) {
    RC_FAIL("got " + show(op, t, r, a, b, got) + " want " + show(op, t, r, a, b, want));
  }
}

// op on operands of one type picked from `types`; comparisons give bool.
void check_same_type(Op op, const std::vector<S>& types, bool shift = false) {
  const auto t = *rc::gen::elementOf(types);
  const auto a = *gen_bits(t);
  const auto b = shift ? *rc::gen::oneOf(rc::gen::inRange<uint64_t>(0, 70), rc::gen::arbitrary<uint64_t>())
                       : *gen_bits(t);
  bool cmp = op == Op::Eq || op == Op::Ne || op == Op::Lt || op == Op::Le || op == Op::Gt || op == Op::Ge;
  same(op, t, cmp ? S::Bool : t, a, b);
}

RC_GTEST_PROP(OpsProperty, Add, ()) { check_same_type(Op::Add, kNum); }
RC_GTEST_PROP(OpsProperty, Sub, ()) { check_same_type(Op::Sub, kNum); }
RC_GTEST_PROP(OpsProperty, Mul, ()) { check_same_type(Op::Mul, kNum); }
RC_GTEST_PROP(OpsProperty, Div, ()) { check_same_type(Op::Div, kNum); }
RC_GTEST_PROP(OpsProperty, Rem, ()) { check_same_type(Op::Rem, kInt); }
RC_GTEST_PROP(OpsProperty, Neg, ()) { check_same_type(Op::Neg, cat(kSint, kFloat)); }
RC_GTEST_PROP(OpsProperty, BitNot, ()) { check_same_type(Op::BitNot, kUint); }
RC_GTEST_PROP(OpsProperty, BitAnd, ()) { check_same_type(Op::BitAnd, kUint); }
RC_GTEST_PROP(OpsProperty, BitOr, ()) { check_same_type(Op::BitOr, kUint); }
RC_GTEST_PROP(OpsProperty, BitXor, ()) { check_same_type(Op::BitXor, kUint); }
RC_GTEST_PROP(OpsProperty, Not, (bool x)) { same(Op::Not, S::Bool, S::Bool, x, 0); }
RC_GTEST_PROP(OpsProperty, Eq, ()) { check_same_type(Op::Eq, cat(kNum, {S::Bool})); }
RC_GTEST_PROP(OpsProperty, Ne, ()) { check_same_type(Op::Ne, cat(kNum, {S::Bool})); }
RC_GTEST_PROP(OpsProperty, Lt, ()) { check_same_type(Op::Lt, kNum); }
RC_GTEST_PROP(OpsProperty, Le, ()) { check_same_type(Op::Le, kNum); }
RC_GTEST_PROP(OpsProperty, Gt, ()) { check_same_type(Op::Gt, kNum); }
RC_GTEST_PROP(OpsProperty, Ge, ()) { check_same_type(Op::Ge, kNum); }
RC_GTEST_PROP(OpsProperty, AddWrap, ()) { check_same_type(Op::AddWrap, kUint); }
RC_GTEST_PROP(OpsProperty, SubWrap, ()) { check_same_type(Op::SubWrap, kUint); }
RC_GTEST_PROP(OpsProperty, MulWrap, ()) { check_same_type(Op::MulWrap, kUint); }
RC_GTEST_PROP(OpsProperty, ShlWrap, ()) { check_same_type(Op::ShlWrap, kUint, true); }
RC_GTEST_PROP(OpsProperty, Shr, ()) { check_same_type(Op::Shr, kUint, true); }
RC_GTEST_PROP(OpsProperty, Min, ()) { check_same_type(Op::Min, kInt); }
RC_GTEST_PROP(OpsProperty, Max, ()) { check_same_type(Op::Max, kInt); }
RC_GTEST_PROP(OpsProperty, Abs, ()) { check_same_type(Op::Abs, cat(kSint, kFloat)); }
RC_GTEST_PROP(OpsProperty, Sqrt, ()) { check_same_type(Op::Sqrt, kFloat); }
RC_GTEST_PROP(OpsProperty, Floor, ()) { check_same_type(Op::Floor, kFloat); }
RC_GTEST_PROP(OpsProperty, Ceil, ()) { check_same_type(Op::Ceil, kFloat); }
RC_GTEST_PROP(OpsProperty, Trunc, ()) { check_same_type(Op::Trunc, kFloat); }
RC_GTEST_PROP(OpsProperty, ToBits, ()) {
  const auto t = *rc::gen::elementOf(kFloat);
  same(Op::ToBits, t, t == S::F32 ? S::U32 : S::U64, *gen_bits(t), 0);
}
RC_GTEST_PROP(OpsProperty, FromBits, ()) {
  const auto t = *rc::gen::elementOf(std::vector<S>{S::U32, S::U64});
  same(Op::FromBits, t, t == S::U32 ? S::F32 : S::F64, *gen_bits(t), 0);
}
RC_GTEST_PROP(OpsProperty, Convert, ()) {
  const auto from = *rc::gen::elementOf(kNum);
  const auto to = *rc::gen::elementOf(kNum);
  same(Op::Convert, from, to, *gen_bits(from), 0);
}

// from_bits(to_bits(x)) keeps every pattern, NaN payloads included (§5.4).
RC_GTEST_PROP(OpsProperty, BitsRoundTrip, (uint64_t raw)) {
  for (S t : kFloat) {
    uint64_t x = ConcreteDomain::norm(t, raw);
    S u = t == S::F32 ? S::U32 : S::U64;
    RC_ASSERT(eval_op(Op::FromBits, u, t, eval_op(Op::ToBits, t, u, x).bits).bits == x);
  }
}

}  // namespace
}  // namespace cairn::sem::test
