// Relational loop proofs: the two versions' top-level loops paired in order and run in lockstep, each pair proved
// equivalent for every trip count by an inductive coupling invariant (Houdini over candidates drawn from both
// states), every obligation re-checked by each chosen solver (docs/verify-loops.md).
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "smt/encode.h"
#include "verify/solve.h"
#include "verify/stages.h"

namespace cairn::smt {

struct LoopProof {
  bool proved = false;
  std::string reason;                  // when not proved: which loops could not be related, and why
  int failed_pair = -1;                // when not proved: the index of the loop pair that was not related, if any
  Term assumption;                     // proved: for each loop pair, "reached -> its invariant at the head"
  nlohmann::ordered_json invariants = nlohmann::ordered_json::array();  // per pair: lines, kind, invariant text
};

struct LoopProofJob {
  Context* ctx = nullptr;
  const Encoded* ref = nullptr;   // summarized encodings (encode_call with summarize_loops)
  const Encoded* cand = nullptr;
  Term domain;                    // the admitted inputs on which the precondition holds
  SolverSet solvers;              // every obligation is asked of each; the first chosen one infers
  unsigned timeout_ms = 3000;
  nlohmann::ordered_json* queries = nullptr;  // the record's query entries grow by the obligations' answers
  // A pair Houdini does not relate is put to Spacer (induction_horn.h). With `goal` (a single pair only): a
  // difference after the loops its invariant must also rule out where both leave, asked of Spacer even when
  // Houdini's invariant relates the pair (the two are then conjoined).
  Term goal;
};

LoopProof prove_loops(const LoopProofJob& job);

// The iterations a k-to-1 alignment would put in one step of the other version's loop: the literal step (2..16)
// by which a 64-bit leaf of `l` advances in an iteration (`i += 4`), else 1.
unsigned literal_stride(const LoopSummary& l);

}  // namespace cairn::smt
