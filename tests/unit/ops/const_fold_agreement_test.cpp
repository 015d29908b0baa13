// The constant folding path (front/check/const_fold) through the operator table: eval_op's bits, refusals where it traps.
// Every operator the checker folds gives eval_op's bits, and refuses exactly where eval_op traps or (§11) where the
// float result is not finite.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "front/check/const_fold.h"
#include "ops_test_util.h"
#include "core/domain_concrete.h"
#include "core/ops_rules.h"

namespace cairn::sem::test {
namespace {

using S = Scalar;
using ast::BinOp;
using ast::UnOp;
using check::ConstStatus;
using check::ConstValue;

std::vector<S> cat(std::vector<S> a, const std::vector<S>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}
const std::vector<S> kUint = {S::U8, S::U16, S::U32, S::U64, S::Usize};
const std::vector<S> kSint = {S::I8, S::I16, S::I32, S::I64};
const std::vector<S> kFloat = {S::F32, S::F64};
const std::vector<S> kInt = cat(kUint, kSint);
const std::vector<S> kNum = cat(kInt, kFloat);
const std::vector<S> kAll = cat(kNum, {S::Bool});

// One operator the checker folds: its syntax, its row of ops.def and the operand types §4.2 gives it.
struct Folded {
  const char* name;
  bool unary;
  BinOp bin;
  UnOp un;
  Op op;
  std::vector<S> types;
};
const std::vector<Folded> kFolded = {
    {"Add", false, BinOp::Add, UnOp::Neg, Op::Add, kNum},
    {"Sub", false, BinOp::Sub, UnOp::Neg, Op::Sub, kNum},
    {"Mul", false, BinOp::Mul, UnOp::Neg, Op::Mul, kNum},
    {"Div", false, BinOp::Div, UnOp::Neg, Op::Div, kNum},
    {"Rem", false, BinOp::Rem, UnOp::Neg, Op::Rem, kInt},
    {"BitAnd", false, BinOp::BitAnd, UnOp::Neg, Op::BitAnd, kUint},
    {"BitOr", false, BinOp::BitOr, UnOp::Neg, Op::BitOr, kUint},
    {"BitXor", false, BinOp::BitXor, UnOp::Neg, Op::BitXor, kUint},
    {"Eq", false, BinOp::Eq, UnOp::Neg, Op::Eq, kAll},
    {"Ne", false, BinOp::Ne, UnOp::Neg, Op::Ne, kAll},
    {"Lt", false, BinOp::Lt, UnOp::Neg, Op::Lt, kNum},
    {"Le", false, BinOp::Le, UnOp::Neg, Op::Le, kNum},
    {"Gt", false, BinOp::Gt, UnOp::Neg, Op::Gt, kNum},
    {"Ge", false, BinOp::Ge, UnOp::Neg, Op::Ge, kNum},
    {"Neg", true, BinOp::Add, UnOp::Neg, Op::Neg, cat(kSint, kFloat)},
    {"Not", true, BinOp::Add, UnOp::Not, Op::Not, {S::Bool}},
    {"BitNot", true, BinOp::Add, UnOp::BitNot, Op::BitNot, kUint},
};
const Folded& folded(const char* name) {
  for (const Folded& f : kFolded)
    if (std::string(f.name) == name) return f;
  return kFolded[0];
}

// Edge operands of type t (encoded as ops.h says): zero, one, -1, MIN, MAX, NaNs, infinities, -0.0, subnormals,
// and values at the integer ranges conversions test.
std::vector<uint64_t> edges(S t) {
  std::vector<uint64_t> e;
  if (t == S::Bool) return {0, 1};
  if (t == S::F32) {
    e = {F32(0.f), F32(-0.f), F32(1.f), F32(-1.f), F32(0.5f), F32(-0.5f), F32(3.f), F32(255.5f), F32(-128.7f),
         0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00000u, 0x7F800001u,  // +-inf, NaNs (one signalling)
         0x7F7FFFFFu, 0xFF7FFFFFu, 0x00800000u, 0x00000001u, 0x007FFFFFu, 0x80000001u,  // max, min normal, subnormals
         F32(2147483648.f), F32(-2147483648.f), F32(4294967296.f), F32(9223372036854775808.f),
         F32(-9223372036854775808.f), F32(18446744073709551616.f), F32(16777217.f), F32(1e30f)};
  } else if (t == S::F64) {
    e = {F64(0.0), F64(-0.0), F64(1.0), F64(-1.0), F64(0.5), F64(-0.5), F64(3.0), F64(65535.9), F64(-2147483648.5),
         0x7FF0000000000000ull, 0xFFF0000000000000ull, kNaN64, 0xFFF8000000000000ull, 0x7FF0000000000001ull,
         0x7FEFFFFFFFFFFFFFull, 0xFFEFFFFFFFFFFFFFull, 0x0010000000000000ull, 1ull, 0x000FFFFFFFFFFFFFull,
         0x8000000000000001ull, F64(4294967295.5), F64(9223372036854775808.0), F64(-9223372036854775808.0),
         F64(18446744073709551616.0), F64(18446744073709549568.0), F64(3.4028235677973366e38), F64(1e300),
         F64(1.401298464324817e-45)};
  } else {
    e = {0, 1, 2, ~0ull, rules::int_min_bits(t), rules::int_min_bits(t) + 1, rules::all_ones_bits(t),
         rules::all_ones_bits(t) >> 1, (rules::all_ones_bits(t) >> 1) - 1, 0x7F, 0x80, 0xFF, 0x100, 0x8000, 0xFFFF,
         0x80000000ull, 0xFFFFFFFFull, 0x100000000ull};
  }
  for (uint64_t& x : e) x = ConcreteDomain::norm(t, x);
  return e;
}

rc::Gen<uint64_t> gen_value(S t) {
  return rc::gen::map(
      rc::gen::pair(rc::gen::inRange(0, 3), rc::gen::pair(rc::gen::elementOf(edges(t)), rc::gen::arbitrary<uint64_t>())),
      [t](const std::pair<int, std::pair<uint64_t, uint64_t>>& p) {
        uint64_t r = p.second.second;
        if (!check::scalar_is_float(t) && p.first == 2) r &= 0xFF;  // small magnitudes
        return p.first == 0 ? p.second.first : ConcreteDomain::norm(t, r);
      });
}

// The folder's form of a value: integers and bool as bits, floats also as the double holding them exactly.
ConstValue value_of(S t, uint64_t bits) {
  ConstValue v;
  v.type = t;
  v.bits = bits;
  if (t == S::F32) v.f = static_cast<double>(as_f32(bits));
  if (t == S::F64) v.f = as_f64(bits);
  return v;
}

bool finite(S t, uint64_t bits) {
  if (t == S::F32) return (bits & 0x7F800000u) != 0x7F800000u;
  if (t == S::F64) return (bits & 0x7FF0000000000000ull) != 0x7FF0000000000000ull;
  return true;
}

const char* status_name(ConstStatus s) {
  switch (s) {
    case ConstStatus::Ok: return "Ok";
    case ConstStatus::Overflow: return "Overflow";
    case ConstStatus::DivZero: return "DivZero";
    case ConstStatus::NotFinite: return "NotFinite";
    case ConstStatus::BadOperator: return "BadOperator";
    case ConstStatus::Conversion: return "Conversion";
    case ConstStatus::BadCast: return "BadCast";
  }
  return "?";
}

// The refusal that stands for a trap of eval_op (§11: overflow E-LITERAL-RANGE, division and conversion E-CONST).
ConstStatus refusal_for(check::TrapKind k) {
  switch (k) {
    case check::TrapKind::Overflow: return ConstStatus::Overflow;
    case check::TrapKind::DivideByZero: return ConstStatus::DivZero;
    case check::TrapKind::Conversion: return ConstStatus::Conversion;
    default: return ConstStatus::BadOperator;  // no folded operator raises another trap
  }
}

std::string hex(uint64_t x) {
  char b[24];
  std::snprintf(b, sizeof b, "0x%llx", static_cast<unsigned long long>(x));
  return b;
}

// "" when the fold of `what` (status st, value out) is eval_op's answer; else both answers.
std::string disagreement(const std::string& what, Op op, S t, S r, uint64_t a, uint64_t b, ConstStatus st,
                         const ConstValue& out) {
  OpOutcome e = eval_op(op, t, r, a, b);
  ConstStatus want = ConstStatus::Ok;
  if (e.trapped) want = refusal_for(e.trap);
  else if (!finite(r, e.bits)) want = ConstStatus::NotFinite;
  std::string at = what + " " + check::scalar_name(t) + (t != r ? std::string("->") + check::scalar_name(r) : "") +
                   " a=" + hex(a) + " b=" + hex(b) + ": fold ";
  std::string ref = e.trapped ? std::string("traps ") + check::trap_name(e.trap)
                              : "gives " + hex(e.bits) + (finite(r, e.bits) ? "" : ", not finite (§11 refuses it)");
  if (st != want) return at + status_name(st) + (st == ConstStatus::Ok ? " " + hex(out.bits) : "") + ", eval_op " + ref;
  if (st != ConstStatus::Ok) return "";
  if (out.type != r) return at + "typed " + check::scalar_name(out.type) + ", eval_op " + check::scalar_name(r);
  if (out.bits != e.bits) return at + hex(out.bits) + ", eval_op " + ref;
  if (check::scalar_is_float(r) && F64(out.f) != F64(value_of(r, out.bits).f))
    return at + "holds a double that is not its bits";
  return "";
}

std::string fold_binary(const Folded& f, S t, uint64_t a, uint64_t b) {
  ConstValue out;
  ConstStatus st = f.unary ? check::const_unary(f.un, value_of(t, a), &out)
                           : check::const_binary(f.bin, value_of(t, a), value_of(t, b), &out);
  S r = t;
  if (f.op == Op::Eq || f.op == Op::Ne || f.op == Op::Lt || f.op == Op::Le || f.op == Op::Gt || f.op == Op::Ge)
    r = S::Bool;
  return disagreement(f.name, f.op, t, r, a, f.unary ? 0 : b, st, out);
}

std::string fold_convert(S from, S to, uint64_t a) {
  ConstValue out;
  ConstStatus st = check::const_convert(value_of(from, a), to, &out);
  return disagreement("Convert", Op::Convert, from, to, a, 0, st, out);
}

// ---- random operands (edges often) ----

void property(const char* name) {
  const Folded& f = folded(name);
  const S t = *rc::gen::elementOf(f.types);
  const uint64_t a = *gen_value(t), b = *gen_value(t);
  std::string d = fold_binary(f, t, a, b);
  if (!d.empty()) RC_FAIL(d);
}

RC_GTEST_PROP(ConstFoldAgreement, Add, ()) { property("Add"); }
RC_GTEST_PROP(ConstFoldAgreement, Sub, ()) { property("Sub"); }
RC_GTEST_PROP(ConstFoldAgreement, Mul, ()) { property("Mul"); }
RC_GTEST_PROP(ConstFoldAgreement, Div, ()) { property("Div"); }
RC_GTEST_PROP(ConstFoldAgreement, Rem, ()) { property("Rem"); }
RC_GTEST_PROP(ConstFoldAgreement, BitAnd, ()) { property("BitAnd"); }
RC_GTEST_PROP(ConstFoldAgreement, BitOr, ()) { property("BitOr"); }
RC_GTEST_PROP(ConstFoldAgreement, BitXor, ()) { property("BitXor"); }
RC_GTEST_PROP(ConstFoldAgreement, Eq, ()) { property("Eq"); }
RC_GTEST_PROP(ConstFoldAgreement, Ne, ()) { property("Ne"); }
RC_GTEST_PROP(ConstFoldAgreement, Lt, ()) { property("Lt"); }
RC_GTEST_PROP(ConstFoldAgreement, Le, ()) { property("Le"); }
RC_GTEST_PROP(ConstFoldAgreement, Gt, ()) { property("Gt"); }
RC_GTEST_PROP(ConstFoldAgreement, Ge, ()) { property("Ge"); }
RC_GTEST_PROP(ConstFoldAgreement, Neg, ()) { property("Neg"); }
RC_GTEST_PROP(ConstFoldAgreement, Not, ()) { property("Not"); }
RC_GTEST_PROP(ConstFoldAgreement, BitNot, ()) { property("BitNot"); }
RC_GTEST_PROP(ConstFoldAgreement, Convert, ()) {
  const S from = *rc::gen::elementOf(kNum), to = *rc::gen::elementOf(kNum);
  std::string d = fold_convert(from, to, *gen_value(from));
  if (!d.empty()) RC_FAIL(d);
}

// ---- every pair of edge operands ----

void report(const std::vector<std::string>& faults) {
  for (size_t i = 0; i < faults.size() && i < 20; ++i) ADD_FAILURE() << faults[i];
  EXPECT_TRUE(faults.empty()) << faults.size() << " disagreements";
}

TEST(ConstFoldAgreement, EveryOperatorOnEdgeOperands) {
  std::vector<std::string> faults;
  for (const Folded& f : kFolded)
    for (S t : f.types)
      for (uint64_t a : edges(t))
        for (uint64_t b : edges(t)) {
          std::string d = fold_binary(f, t, a, b);
          if (!d.empty()) faults.push_back(d);
          if (f.unary) break;
        }
  report(faults);
}

TEST(ConstFoldAgreement, EveryConversionOnEdgeOperands) {
  std::vector<std::string> faults;
  for (S from : kNum)
    for (S to : kNum)
      for (uint64_t a : edges(from)) {
        std::string d = fold_convert(from, to, a);
        if (!d.empty()) faults.push_back(d);
      }
  report(faults);
}

// Outside the types of §4.2 the folder refuses the operator itself (E-OPERATOR); bool never converts (E-CAST).
TEST(ConstFoldAgreement, RefusesOperatorsOutsideTheirTypes) {
  for (const Folded& f : kFolded)
    for (S t : kAll) {
      if (std::find(f.types.begin(), f.types.end(), t) != f.types.end()) continue;
      ConstValue out, one = value_of(t, t == S::F32 ? F32(1.f) : t == S::F64 ? F64(1.0) : 1);
      ConstStatus st = f.unary ? check::const_unary(f.un, one, &out) : check::const_binary(f.bin, one, one, &out);
      EXPECT_EQ(st, ConstStatus::BadOperator) << f.name << " on " << check::scalar_name(t);
    }
  ConstValue out;
  for (S t : kNum) {
    EXPECT_EQ(check::const_convert(value_of(S::Bool, 1), t, &out), ConstStatus::BadCast);
    EXPECT_EQ(check::const_convert(value_of(t, 0), S::Bool, &out), ConstStatus::BadCast);
  }
}

// && and || are not rows of ops.def (the core IR keeps them as short-circuit And/Or): their folds follow §4.2.
TEST(ConstFoldAgreement, LogicalOperatorsOnBool) {
  for (uint64_t a : {0, 1})
    for (uint64_t b : {0, 1}) {
      ConstValue out;
      ASSERT_EQ(check::const_binary(BinOp::And, value_of(S::Bool, a), value_of(S::Bool, b), &out), ConstStatus::Ok);
      EXPECT_EQ(out.bits, a & b);
      ASSERT_EQ(check::const_binary(BinOp::Or, value_of(S::Bool, a), value_of(S::Bool, b), &out), ConstStatus::Ok);
      EXPECT_EQ(out.bits, a | b);
    }
}

}  // namespace
}  // namespace cairn::sem::test
