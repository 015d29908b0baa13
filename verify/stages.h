// The six obligations of tools.md §3.4 as queries over one Context: both versions (and the precondition)
// encoded over the same inputs.
#pragma once
#include <optional>

#include "smt/backend.h"
#include "smt/encode.h"
#include "verify/rules.h"

namespace cairn::smt {

// What the queries are built from. `pre` is the precondition's encoding (absent: "true").
struct Encodings {
  const Inputs* in = nullptr;
  const Encoded* ref = nullptr;
  const Encoded* cand = nullptr;
  const Encoded* pre = nullptr;
  Term assumed;               // loop invariants the versions' encodings rest on (null: none)
  // The assumption is a recursion's induction hypothesis (recursion.h), about what the versions observe: asked from
  // reference-totality on, not of the domain and loop-unrolling stages (which it cannot help).
  bool assumed_from_totality = false;
  bool within_bound = false;  // only the inputs on which no loop runs past the unrolling bound
  Term pinned;                // a narrower search: inputs fixed in part (the deep search's element patterns); null: none
};

// The domain D: admitted, and the precondition defined and true.
Term domain(Context& c, const Encodings& e);

// The query of one stage (its wanted terms: every input leaf, in leaf order).
Query stage_query(Context& c, Stage stage, const Encodings& e, unsigned timeout_ms);

// The stages asked, in order: reference-totality is left out when reference traps are allowed.
std::vector<Stage> stages_asked(bool allow_reference_traps);

}  // namespace cairn::smt
