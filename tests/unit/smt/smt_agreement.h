// The SMT-vs-eval_op harness: typing classes of ops.def rows, edge values, and a batched two-solver check.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "core/domain_concrete.h"
#include "core/ops.h"
#include "smt/backend.h"
#include "smt/domain_smt.h"

namespace cairn::smt::test {

using check::Scalar;
using check::TrapKind;
using sem::Op;

enum class Operands { Unary, Binary, Count };  // Count: the second operand is a usize shift count
Operands operands_of(Op op);

// The (operand type, result type) pairs a row's typing class admits.
struct Typing {
  Scalar type, result;
};
std::vector<Typing> typings_of(Op op);

std::vector<uint64_t> edge_values(Scalar t);  // 0, 1, -1, min, max; floats: NaNs, infinities, zeros, subnormals...
std::vector<uint64_t> pair_edge_values(Scalar t);  // the subset binary rows take pairwise (floats: 9 values)
std::vector<uint64_t> count_edges();          // shift counts around every width

struct Case {
  uint64_t a, b;
};

// The rule of `op` instantiated with domain D (SmtDomain, or a deliberately broken one in the tests).
template <class D>
OpTerm encode_with(Context& c, Op op, Scalar type, Scalar result, Term a, Term b) {
  D d(c);
  Term v = sem::rules::apply_rule(d, op, type, result, a, b);
  TrapOutcome t = first_failing(c, d.guards);
  return {v, t.trapped, t.kind};
}

// Builds every case of `cases` over variables fixed to the inputs and asks `solver` (1) for a model in
// which each case's trap flag, trap kind and value (when not trapped) are eval_op's, reading them back,
// and (2) whether any case can differ from eval_op, which must be unsat. `enc` is encode_op (the shipped
// domain) or encode_with<D>. Returns "" or a description of the first disagreement.
using Encoder = OpTerm (*)(Context&, Op, Scalar, Scalar, Term, Term);
std::string check_batch(Solver solver, Op op, Typing ty, const std::vector<Case>& cases, Encoder enc);

}  // namespace cairn::smt::test
