// Witness narrowing (tools.md §3.6 steps 1-2): a sat model made small enough to replay and to read.
#pragma once
#include <string>
#include <vector>

#include "smt/backend.h"
#include "smt/encode.h"
#include "verify/solve.h"

namespace cairn::smt {

// Each small-number query is bounded by its solver's narrowing work (solvers.def), so the witness a run reports
// does not depend on how loaded the machine is; kNarrowTimeoutMs is only a safety net above that bound.
constexpr unsigned kNarrowTimeoutMs = 10000;
constexpr uint64_t kIntegerBounds[] = {16, 256, 65536};    // tried in turn

// Every view's length is at most kWitnessElements (so the model names all its storage). True when no view.
Term storage_bound(Context& c, const Inputs& in);
// Every integer input (view lengths and elements included) lies within ±bound of zero.
Term integer_bound(Context& c, const Inputs& in, uint64_t bound);

struct Narrowed {
  bool ok = false;
  std::vector<uint64_t> values;  // one per input leaf (the query's wanted terms)
  std::string reason;            // when !ok: "No counterexample lends 16 elements or fewer"
};

// Narrows the sat `first` of `solver` on `query`: step 1 (storage, under the query's own limit; asked again
// only when the inputs hold a view), then step 2 (each bound on its own solver, under narrowing_work(solver);
// the first sat gives the values, else step 1's stand). `ask` answers one query on one solver (solve() in cairn; tests
// may pass a direct check).
using AskFn = CheckResult (*)(Solver, const Query&);
Narrowed narrow(Context& c, const Query& query, const Inputs& in, Solver solver, const CheckResult& first,
                AskFn ask);

// The default `ask`: the query on the one solver, in a child process.
CheckResult ask_in_child(Solver solver, const Query& query);

}  // namespace cairn::smt
