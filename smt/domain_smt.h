// The SMT value domain: the generic rules of core/ops_rules.h instantiated with terms.
#pragma once
#include <vector>

#include "core/ops.h"
#include "core/ops_rules.h"
#include "smt/term_ops.h"

namespace cairn::smt {

using check::Scalar;
using check::TrapKind;

// Values follow ops.h bit for bit: bool is Bool; an integer is a BitVec of its own width; f32/f64 are
// BitVec(32)/BitVec(64) holding the IEEE pattern, so NaN payloads survive moves, neg, abs, to_bits and
// from_bits exactly as in the interpreter (language.md §5.4). Float arithmetic goes through the FP sort
// (float_sort) and back through FpToBits; a NaN result has any pattern there, and the rules' canon()
// makes it the canonical NaN. FpToBits needs no assertion from the caller: the backends and the SMT-LIB
// printer add its definition.
Sort scalar_sort(Context& c, Scalar t);
Sort float_sort(Context& c, Scalar t);  // FloatingPoint 8 24 / 11 53

// A guard site: the operation traps with `kind` when `fails` holds (already conjoined with the path).
struct Guard {
  Term fails;
  TrapKind kind;
};

// The domain of ops_rules.h. guard() records (path && fails, kind) in evaluation order, skipping only a
// guard that folds to false: the trap outcome is first_failing(guards). Where the concrete domain gives "any value" (division
// by zero, MIN / -1, a shift count >= the width, float -> integer out of range) this domain gives the
// total SMT-LIB operation's value (bvudiv by 0 is all ones, the count's low bits, fp.to_sbv's
// unspecified value): the same rule recorded the failing guard, so the value is only ever read under
// "not trapped" (OpTerm::value is meaningless when OpTerm::trapped holds, as eval_op's bits are 0).
class SmtDomain {
 public:
  using Val = Term;
  using Pred = Term;

  explicit SmtDomain(Context& c) : ctx(c), path(c.boolean(true)) {}

  Context& ctx;
  Term path;                  // the path condition under which guards are recorded
  std::vector<Guard> guards;  // in evaluation order

  void guard(Pred fails, TrapKind kind);
  Val lit(Scalar t, uint64_t bits) const;
  Pred pnot(Pred p) const { return !p; }
  Pred pand(Pred p, Pred q) const { return p && q; }
  Pred por(Pred p, Pred q) const { return p || q; }
  Val as_bool(Pred p) const { return p; }
  Pred is_true(Val v) const { return v; }
  Val ite(Pred p, Val x, Val y) const { return smt::ite(p, x, y); }

  Pred eq(Scalar t, Val a, Val b) const;
  Pred lt(Scalar t, Val a, Val b) const;
  Pred le(Scalar t, Val a, Val b) const;

  Val add(Scalar, Val a, Val b) const { return a + b; }
  Val sub(Scalar, Val a, Val b) const;  // a - b (a planted test defect may change it: planted_defect.h)
  Val mul(Scalar, Val a, Val b) const { return a * b; }
  Val neg(Scalar, Val a) const { return -a; }
  Pred add_overflows(Scalar t, Val a, Val b) const;
  Pred sub_overflows(Scalar t, Val a, Val b) const;
  Pred mul_overflows(Scalar t, Val a, Val b) const;
  Val div(Scalar t, Val a, Val b) const;
  Val rem(Scalar t, Val a, Val b) const;
  Val bnot(Scalar, Val a) const { return ~a; }
  Val band(Scalar, Val a, Val b) const { return a & b; }
  Val bor(Scalar, Val a, Val b) const { return a | b; }
  Val bxor(Scalar, Val a, Val b) const;  // a ^ b (a planted test defect may change it)
  Val shl(Scalar t, Val a, Val k) const;
  Val lshr(Scalar t, Val a, Val k) const;

  Val fadd(Scalar t, Val a, Val b) const;
  Val fsub(Scalar t, Val a, Val b) const;
  Val fmul(Scalar t, Val a, Val b) const;
  Val fdiv(Scalar t, Val a, Val b) const;
  Val fsqrt(Scalar t, Val a) const;
  Val fround(Scalar t, Val a, sem::rules::Round mode) const;
  Val fneg(Scalar t, Val a) const;
  Val fabs(Scalar t, Val a) const;
  Pred is_nan(Scalar t, Val a) const;

  Val int_resize(Scalar from, Scalar to, Val a) const;
  Val int_to_float(Scalar from, Scalar to, Val a) const;
  Val float_to_int(Scalar from, Scalar to, Val a) const;
  Val float_resize(Scalar from, Scalar to, Val a) const;
  Val to_bits(Scalar, Val a) const { return a; }
  Val from_bits(Scalar, Val a) const { return a; }

 private:
  Term fp(Scalar t, Term bits) const { return fp_from_bits(bits, float_sort(ctx, t)); }
};

// The trap kind as a term: BitVec(8) holding the TrapKind's index in traps.def.
Term trap_kind_term(Context& c, TrapKind k);

// The outcome of guards in evaluation order: whether any fails, and the kind of the first that does
// (`kind` is meaningful only when `trapped` holds).
struct TrapOutcome {
  Term trapped;
  Term kind;
};
TrapOutcome first_failing(Context& c, const std::vector<Guard>& guards);

// eval_op's SMT counterpart: the rule of `op` applied to a (and b: a usize count for ShlWrap/Shr,
// unused by unary rows) of the sorts scalar_sort gives. `value` is meaningful only when !trapped.
struct OpTerm {
  Term value;
  Term trapped;
  Term trap;
};
OpTerm encode_op(Context& c, sem::Op op, Scalar type, Scalar result, Term a, Term b = {});

}  // namespace cairn::smt
