// The operator table's rows and eval_op: the concrete instantiation of the generic rules.
#include "core/domain_concrete.h"
#include "core/ops.h"
#include "core/ops_rules.h"

namespace cairn::sem {

const char* typing_name(Typing t) {
  switch (t) {
    case Typing::Int: return "int";
    case Typing::UInt: return "uint";
    case Typing::SInt: return "sint";
    case Typing::Float: return "float";
    case Typing::Num: return "num";
    case Typing::SNum: return "snum";
    case Typing::Bool: return "bool";
    case Typing::Eq: return "eq";
    case Typing::Conv: return "conv";
    case Typing::Bits: return "bits";
  }
  return "?";
}

OpOutcome eval_op(Op op, check::Scalar type, check::Scalar result, uint64_t a, uint64_t b) {
  ConcreteDomain d;
  OpOutcome out;
  out.bits = rules::apply_rule(d, op, type, result, a, b);
  out.trapped = d.trapped;
  out.trap = d.trap;
  if (out.trapped) out.bits = 0;
  return out;
}

const FoldRow& fold_row(Fold f) {
  static constexpr FoldRow kRows[] = {
#define REDUCE_FOLD(k, spelling, op) {spelling, Op::op, Fold::k == Fold::And || Fold::k == Fold::Or},
#include "core/reduce_folds.def"
#undef REDUCE_FOLD
  };
  return kRows[static_cast<size_t>(f)];
}

uint64_t reduce_identity(Fold fold, check::Scalar type) {
  unsigned w = check::scalar_bits(type);
  uint64_t mask = w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
  bool sgn = check::scalar_is_signed(type) && check::scalar_is_int(type);
  switch (fold) {
    case Fold::Add: case Fold::AddWrap: case Fold::BitOr: case Fold::BitXor: case Fold::Or: return 0;
    case Fold::Mul: return type == check::Scalar::F64 ? 0x3FF0000000000000ull : type == check::Scalar::F32 ? 0x3F800000ull : 1;
    case Fold::MulWrap: return 1;
    case Fold::BitAnd: return mask;
    case Fold::Min: return sgn ? mask >> 1 : mask;
    case Fold::Max: return sgn ? ~(mask >> 1) : 0;
    case Fold::And: return 1;
  }
  return 0;
}

}  // namespace cairn::sem
