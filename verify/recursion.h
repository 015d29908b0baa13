// Recursion related by the regression-verification rule: each version's calls to itself are abstracted
// (encode.h AbstractCall) as calls of ONE unknown function, consistent on equal arguments across both versions;
// equal bodies under that hypothesis make the versions agree wherever both terminate. A decreasing measure the
// solvers check upgrades that to every input (docs/verify-loops.md "Recursion").
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "smt/encode.h"
#include "verify/solve.h"

namespace cairn::smt {

struct RecursionJob {
  Context* ctx = nullptr;
  const Inputs* in = nullptr;
  const Encoded* ref = nullptr;  // encoded with abstract_recursion
  const Encoded* cand = nullptr;
  const ir::Module* ref_module = nullptr;  // the versions themselves, unfolded once at each of their calls
  const ir::Function* ref_fn = nullptr;
  const ir::Module* cand_module = nullptr;
  const ir::Function* cand_fn = nullptr;
  const ir::Module* pre_module = nullptr;  // the precondition, when there is one: a call's hypothesis holds only
  const ir::Function* pre = nullptr;       // where it admits the call's arguments
  bool totality = true;  // reference totality is asked: the reference's admitted calls are assumed not to trap
  SolverSet solvers;
  unsigned timeout_ms = 3000;
  nlohmann::ordered_json* queries = nullptr;  // the termination queries' entries
};

// The induction hypothesis over the abstracted calls of both versions. A call made (its `active` holds) is one a
// run makes: it is its version's body at its arguments (unfolded once, the calls inside abstracted in turn); a
// reference call and a candidate call made on equal admitted arguments agree (the versions agree below the
// input at hand); with `totality`, a reference call made on admitted arguments does not trap. Calls of one
// version on equal arguments agree whether made or not (one function).
Term recursion_hypothesis(const RecursionJob& job);

// The inputs with the parameters' leaves set to `args` (a call's arguments).
Inputs inputs_at(const Inputs& in, const std::vector<Term>& args);
// Where the precondition (none: everywhere) admits the inputs `at`.
Term admits(Context& c, const ir::Module* pre_module, const ir::Function* pre, const Inputs& at);
// Two calls of one function on equal arguments (and where `when` holds, when not null) trap alike and return alike.
Term agree_on_equal_args(const AbstractCall& x, const AbstractCall& y, Term when = {});

// Whether both versions terminate on every input: a measure per recursive version (a parameter, or a pair in
// lexicographic order, that moves strictly in one direction at every call to itself) checked by every chosen
// solver, with no loop of the body past the unrolling bound.
struct Termination {
  bool proved = false;
  nlohmann::ordered_json measures = nlohmann::ordered_json::object();  // per version: the measure, or why none
};
Termination termination(const RecursionJob& job);

}  // namespace cairn::smt
