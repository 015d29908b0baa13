// The inductive queries of `cairn fuzz --smt` (docs/verify-loops.md): a generated function's top-level loops
// summarized and related to themselves by induction (verify/induction.h), then, for each drawn input the
// interpreter runs, the question whether that run is among the summarized encoding's outcomes under the proved
// invariants. It must be (the real last iteration starts from a state the invariant allows): an unsat is a
// soundness fault of the loop summaries or of the invariant search.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "semantics/embed.h"
#include "smt/encode.h"
#include "verify/load.h"
#include "verify/solve.h"

namespace cairn::fuzz {

struct InductiveEncoding {
  smt::Encoded enc;   // summarized (encode_call with summarize_loops)
  smt::Term assumed;  // the invariants at the loops' last heads, and that no further iteration starts
};

// Nothing when the function has no top-level loop, is outside the fragment summarized, or its loops are not related;
// `timed_out` is set when they were not related because a query ran out of time (the record counts it as a
// timeout: which functions get inductive checks then moves with the machine's load).
std::optional<InductiveEncoding> inductive_encoding(smt::Context& c, const smt::Side& side, const check::FnInfo& fn,
                                                    const smt::Inputs& in, const smt::SolverSet& solvers,
                                                    unsigned timeout_ms, bool* timed_out = nullptr);

struct InductiveMiss {
  std::string solver, detail;
};
// The run (which must have ended: no step budget, no alloc trap, no loop past the bound in the unrolled encoding)
// against the inductive encoding with the inputs fixed; the first solver that answers unsat. Nothing either when
// the run is not expressible (a float in what it observes: NaN payloads) or every solver finds it.
std::optional<InductiveMiss> check_inductive(smt::Context& c, const smt::Inputs& in, const InductiveEncoding& ind,
                                             const std::vector<uint64_t>& values, const sem::CallOutcome& run,
                                             const smt::SolverSet& solvers, unsigned timeout_ms);

}  // namespace cairn::fuzz
