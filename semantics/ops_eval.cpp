// The operator table's rows and eval_op: the concrete instantiation of the generic rules.
#include "semantics/domain_concrete.h"
#include "semantics/ops.h"
#include "semantics/ops_rules.h"

namespace cairn::sem {

namespace {
const OpRow kRows[] = {
#define OP(k, spelling, typing, traps, runtime) {#k, spelling, #typing, traps, runtime},
#include "semantics/ops.def"
#undef OP
};
}  // namespace

const OpRow& op_row(Op op) { return kRows[static_cast<size_t>(op)]; }

size_t op_count() { return sizeof kRows / sizeof kRows[0]; }

OpOutcome eval_op(Op op, check::Scalar type, check::Scalar result, uint64_t a, uint64_t b) {
  ConcreteDomain d;
  OpOutcome out;
  out.bits = rules::apply_rule(d, op, type, result, a, b);
  out.trapped = d.trapped;
  out.trap = d.trap;
  if (out.trapped) out.bits = 0;
  return out;
}

uint64_t reduce_identity(uint64_t fold, check::Scalar type) {
  unsigned w = check::scalar_bits(type);
  uint64_t mask = w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
  bool sgn = check::scalar_is_signed(type) && check::scalar_is_int(type);
  switch (fold) {
    case 1: return type == check::Scalar::F64 ? 0x3FF0000000000000ull : type == check::Scalar::F32 ? 0x3F800000ull : 1;
    case 3: return 1;
    case 4: return mask;
    case 7: return sgn ? mask >> 1 : mask;
    case 8: return sgn ? ~(mask >> 1) : 0;
    case 9: return 1;
    default: return 0;
  }
}

}  // namespace cairn::sem
