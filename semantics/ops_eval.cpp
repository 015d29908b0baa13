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

}  // namespace cairn::sem
