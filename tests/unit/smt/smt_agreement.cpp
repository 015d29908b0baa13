// The SMT-vs-eval_op harness: typing classes, edge values, and the batched sat + uniqueness check.
#include "smt_agreement.h"

#include <algorithm>
#include <cstring>
#include <sstream>

namespace cairn::smt::test {

namespace {

using S = Scalar;
const std::vector<S> kUint = {S::U8, S::U16, S::U32, S::U64, S::Usize};
const std::vector<S> kSint = {S::I8, S::I16, S::I32, S::I64};
const std::vector<S> kFloat = {S::F32, S::F64};

std::vector<S> join(std::vector<S> a, const std::vector<S>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}
std::vector<Typing> same(const std::vector<S>& ts, bool to_bool) {
  std::vector<Typing> out;
  for (S t : ts) out.push_back({t, to_bool ? S::Bool : t});
  return out;
}
bool compares(Op op) {
  return op == Op::Eq || op == Op::Ne || op == Op::Lt || op == Op::Le || op == Op::Gt || op == Op::Ge;
}
uint64_t f32(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
uint64_t f64(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}

std::string hex(uint64_t v) {
  std::ostringstream s;
  s << "0x" << std::hex << v;
  return s.str();
}

}  // namespace

Operands operands_of(Op op) {
  switch (op) {
    case Op::Neg: case Op::BitNot: case Op::Not: case Op::Abs: case Op::Sqrt: case Op::Floor: case Op::Ceil:
    case Op::Trunc: case Op::ToBits: case Op::FromBits: case Op::Convert:
      return Operands::Unary;
    case Op::ShlWrap: case Op::Shr:
      return Operands::Count;
    case Op::Add: case Op::Sub: case Op::Mul: case Op::Div: case Op::Rem: case Op::BitAnd: case Op::BitOr:
    case Op::BitXor: case Op::Eq: case Op::Ne: case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge:
    case Op::AddWrap: case Op::SubWrap: case Op::MulWrap: case Op::Min: case Op::Max:
      return Operands::Binary;
  }
  return Operands::Binary;
}

std::vector<Typing> typings_of(Op op) {
  const std::vector<S> ints = join(kUint, kSint), nums = join(ints, kFloat);
  switch (sem::op_row(op).typing) {
    case sem::Typing::Num: return same(nums, compares(op));
    case sem::Typing::SNum: return same(join(kSint, kFloat), false);
    case sem::Typing::Int: return same(ints, false);
    case sem::Typing::UInt: return same(kUint, false);
    case sem::Typing::SInt: return same(kSint, false);
    case sem::Typing::Float: return same(kFloat, false);
    case sem::Typing::Bool: return same({S::Bool}, false);
    case sem::Typing::Eq: return same(join(nums, {S::Bool}), true);
    case sem::Typing::Bits:
      if (op == Op::ToBits) return {{S::F32, S::U32}, {S::F64, S::U64}};
      return {{S::U32, S::F32}, {S::U64, S::F64}};
    case sem::Typing::Conv: break;
  }
  std::vector<Typing> out;  // conv: every numeric pair
  for (S from : nums)
    for (S to : nums) out.push_back({from, to});
  return out;
}

std::vector<uint64_t> edge_values(S t) {
  std::vector<uint64_t> v;
  if (t == S::Bool) return {0, 1};
  if (t == S::F32) {
    v = {f32(0.f), f32(-0.f), f32(1.f), f32(-1.f), f32(0.5f), f32(-2.5f), 0x7F800000u, 0xFF800000u, 0x7FC00000u,
         0xFFC00001u, 0x7F800001u, 1u, 0x007FFFFFu, 0x80000001u, 0x00800000u, 0x7F7FFFFFu, f32(2147483648.f),
         f32(-2147483648.f), f32(4294967296.f), f32(9223372036854775808.f), f32(18446744073709551616.f),
         f32(255.5f), f32(-0.5f), f32(-128.7f)};
  } else if (t == S::F64) {
    v = {f64(0.0), f64(-0.0), f64(1.0), f64(-1.0), f64(0.5), f64(-2.5), 0x7FF0000000000000ull,
         0xFFF0000000000000ull, 0x7FF8000000000000ull, 0xFFF8000000000001ull, 0x7FF0000000000001ull, 1ull,
         0x000FFFFFFFFFFFFFull, 0x8000000000000001ull, 0x0010000000000000ull, 0x7FEFFFFFFFFFFFFFull,
         f64(2147483647.5), f64(-2147483648.5), f64(4294967295.5), f64(9223372036854775808.0),
         f64(-9223372036854775808.0), f64(18446744073709549568.0), f64(18446744073709551616.0), f64(-0.5),
         f64(65535.9), f64(1e300), f64(3.4028235677973366e38)};
  } else {
    uint64_t min = sem::rules::int_min_bits(t), ones = sem::rules::all_ones_bits(t);
    v = {0, 1, ~uint64_t{0}, min, check::scalar_is_signed(t) ? ~min : ones, 2, min + 1, ones >> 1};
  }
  for (uint64_t& x : v) x = sem::ConcreteDomain::norm(t, x);
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

// The pair set of binary float rows is smaller (cvc5 spends 10-60 ms per float result proving it unique):
// both zeros, one, both infinities, both NaN kinds, a subnormal, the largest finite.
std::vector<uint64_t> pair_edge_values(S t) {
  if (!sem::rules::is_float(t)) return edge_values(t);
  if (t == S::F32)
    return {f32(0.f), f32(-0.f), f32(1.f), 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00001u, 1u,
            0x7F7FFFFFu};
  return {f64(0.0), f64(-0.0), f64(1.0), 0x7FF0000000000000ull, 0xFFF0000000000000ull,
          0x7FF8000000000000ull, 0xFFF8000000000001ull, 1ull, 0x7FEFFFFFFFFFFFFFull};
}

std::vector<uint64_t> count_edges() { return {0, 1, 7, 8, 9, 15, 16, 31, 32, 33, 63, 64, 65, 1ull << 32, ~0ull}; }

std::string check_batch(Solver solver, Op op, Typing ty, const std::vector<Case>& cases, Encoder enc) {
  Context c;
  SmtDomain lits(c);
  Operands shape = operands_of(op);
  S btype = shape == Operands::Count ? S::Usize : ty.type;
  std::vector<Term> inputs, mismatch, wanted, matches;
  std::vector<sem::OpOutcome> want;
  for (size_t i = 0; i < cases.size(); ++i) {
    Term a = c.var("a" + std::to_string(i), scalar_sort(c, ty.type)), b;
    inputs.push_back(eq(a, lits.lit(ty.type, cases[i].a)));
    if (shape != Operands::Unary) {
      b = c.var("b" + std::to_string(i), scalar_sort(c, btype));
      inputs.push_back(eq(b, lits.lit(btype, cases[i].b)));
    }
    OpTerm o = enc(c, op, ty.type, ty.result, a, b);
    sem::OpOutcome w = sem::eval_op(op, ty.type, ty.result, cases[i].a, shape == Operands::Unary ? 0 : cases[i].b);
    want.push_back(w);
    Term match = w.trapped ? (o.trapped && eq(o.trap, trap_kind_term(c, w.trap)))
                           : (!o.trapped && eq(o.value, lits.lit(ty.result, w.bits)));
    matches.push_back(match);
    mismatch.push_back(!match);
    wanted.insert(wanted.end(), {o.trapped, o.trap, o.value});
  }
  auto describe = [&](size_t i, const std::vector<uint64_t>& got) {
    std::string s = std::string(solver_name(solver)) + ": " + sem::op_row(op).name + " " +
                    check::scalar_name(ty.type) + "->" + check::scalar_name(ty.result) + " a=" + hex(cases[i].a) +
                    (shape != Operands::Unary ? " b=" + hex(cases[i].b) : "") + ": eval_op ";
    s += want[i].trapped ? std::string("traps ") + check::trap_name(want[i].trap) : "gives " + hex(want[i].bits);
    if (got.empty()) return s;
    s += ", SMT ";
    if (got[3 * i]) return s + "traps kind #" + std::to_string(got[3 * i + 1]);
    return s + "gives " + hex(sem::ConcreteDomain::norm(ty.result, got[3 * i + 2]));
  };
  auto agrees = [&](size_t i, const std::vector<uint64_t>& got) {
    bool trapped = got[3 * i] != 0;
    return trapped == want[i].trapped &&
           (trapped ? got[3 * i + 1] == static_cast<uint64_t>(want[i].trap)
                    : sem::ConcreteDomain::norm(ty.result, got[3 * i + 2]) == want[i].bits);
  };
  // (1) A model exists in which every case gives eval_op's outcome, and its values say so. (Asserting the
  // expected outcome keeps cvc5 from solving to_fp(bits) = x for each float result; together with (2)
  // this is "every model agrees".) When there is none, a model of the inputs alone shows the difference.
  Query sat{inputs, wanted, 20000, ""};
  sat.assertions.insert(sat.assertions.end(), matches.begin(), matches.end());
  CheckResult r = check(solver, sat);
  if (r.answer == Answer::Unsat) {
    r = check(solver, Query{inputs, wanted, 20000, ""});
    for (size_t i = 0; r.answer == Answer::Sat && i < cases.size(); ++i)
      if (!agrees(i, r.values)) return describe(i, r.values) + " (model)";
    if (r.answer == Answer::Sat) return std::string(solver_name(solver)) + ": agreeing model found only without asking";
  }
  if (r.answer != Answer::Sat)
    return std::string(solver_name(solver)) + ": model query answered " + answer_name(r.answer) + " " + r.reason;
  for (size_t i = 0; i < cases.size(); ++i)
    if (!agrees(i, r.values)) return describe(i, r.values) + " (model value read back wrong)";
  // (2) No model gives any case another outcome.
  Query unique{inputs, matches, 20000, ""};
  unique.assertions.push_back(any_of(c, mismatch));
  r = check(solver, unique);
  if (r.answer == Answer::Unsat) return "";
  if (r.answer != Answer::Sat)
    return std::string(solver_name(solver)) + ": uniqueness query answered " + answer_name(r.answer) + " " + r.reason;
  for (size_t i = 0; i < cases.size(); ++i)
    if (!r.values[i]) return describe(i, {}) + " (another model differs: the encoding is not determined)";
  return std::string(solver_name(solver)) + ": uniqueness query sat without a differing case";
}

}  // namespace cairn::smt::test
