// A recursion against a loop: one version calls itself and has no loop, the other runs one top-level loop past the
// unrolling bound and does not call itself. The loop is proved to compute the recursive function by an invariant
// that applies it to the loop's state (Houdini over candidates such as `s + sum(i) == sum(n)`): each application is
// an instance of the function, its body unfolded once at those arguments with the calls inside abstracted, all
// instances agreeing on equal arguments. That reading is exact only where the recursive function ends on every
// argument, so the caller asks for its termination measure first (docs/verify-loops.md "A recursion against a loop").
#pragma once
#include <string>

#include "smt/encode.h"
#include "verify/induction.h"

namespace cairn::smt {

struct LoopRecursionJob {
  LoopProofJob loops;  // ctx, domain, solvers, timeout, queries; ref and cand: both versions encoded with summarized
                       // loops and abstracted calls to themselves
  int rec_side = 0;    // 0: the reference calls itself, 1: the candidate
  const Inputs* in = nullptr;
  const ir::Module* rec_module = nullptr;
  const ir::Function* rec_fn = nullptr;
  bool totality = true;  // the reference's own calls on admitted inputs are assumed not to trap (as recursion.h)
  const ir::Module* pre_module = nullptr;  // the precondition, when there is one
  const ir::Function* pre = nullptr;
};

// Proved: `assumption` holds the instances' hypothesis, the invariant at the head of the last iteration and that
// the loop leaves there; `invariants` the one entry for the record.
LoopProof prove_loop_against_recursion(const LoopRecursionJob& job);

}  // namespace cairn::smt
