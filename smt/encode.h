// The encoder of core IR: one call of a function evaluated symbolically over shared inputs (tools.md §3.3).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "semantics/embed.h"
#include "semantics/ir.h"
#include "smt/domain_smt.h"

namespace cairn::smt {

// The model's limits (tools.md §3.10); each one reached gives `unsupported` naming it.
constexpr unsigned kUnrollBound = 16;     // iterations of one loop
constexpr unsigned kWitnessElements = 16; // named elements per view (a model carries storage)
constexpr unsigned kMaxLeaves = 64;       // scalar leaves per value
constexpr size_t kMaxTerms = 12000;       // distinct terms of one function's encoding
constexpr uint64_t kMaxStorageBytes = (uint64_t{1} << 63) - 1;  // bytes a view or Buf input may span (admitted)

// One named scalar input a model gives a value to: a scalar parameter, a view's (or by-value Buf's) length, one
// of its first kWitnessElements elements, or a leaf of a by-value record, sum or array. Names follow the witness
// text: "x", "xs.len", "xs[3]", "p.x", "s.tag", "s.Some".
struct InputLeaf {
  std::string name;
  check::Scalar type = check::Scalar::U64;
  Term term;
};

// How one parameter is built from leaves (so a model's values become embedding-API arguments).
struct ParamInput {
  std::string name;
  const check::Type* type = nullptr;
  bool is_view = false, rw = false;
  bool is_borrow = false;                     // a single borrow ro<T>/rw<T> of a scalar: `leaf` is its value
  check::Scalar scalar = check::Scalar::U64;  // the scalar, or the view's element scalar
  uint32_t leaf = 0;                          // scalar, borrow: its leaf; view: its length leaf
  std::vector<uint32_t> elements;             // view: the leaves of elements 0..kWitnessElements-1
  Term array;                                 // view, Buf: Array(usize -> element) holding the named elements
  // A by-value record, sum or Array[T, N] of scalars: `parts` lists its leaves in the flattening order of
  // §3.3 ("p.x", "p.q.y"; a sum's tag "s.tag" then every variant's payload "s.Some", "s.Ok.x"; "a[2]").
  // Only a top-level sum's tag is constrained (Inputs::admitted) to name a variant.
  bool is_value = false;
  std::vector<uint32_t> parts;
  // A Buf[T] of scalars passed by value: like a view (`leaf` its length, `elements`, `array`) with any length.
  bool is_buf = false;
};

// The symbolic inputs of one signature, built once from the reference and shared by both versions.
struct Inputs {
  std::vector<ParamInput> params;
  std::vector<InputLeaf> leaves;  // in parameter order
  Term admitted;                  // the entry guards not built into the terms (a view's length IS its extent's term)
  std::optional<std::string> unsupported;  // a parameter type outside the fragment, named
  unsigned named = kWitnessElements;       // named elements per view or Buf
};
// Leaf names are the Context's variable names ("xs.rest" is a view's unnamed storage), so one Context holds
// the inputs of one signature.
Inputs make_inputs(Context& c, const check::FnInfo& fn, unsigned named = kWitnessElements);

// A model's bits for a leaf of type t (the low bits of its bit-vector) as the interpreter encodes them
// (ops.h: signed integers sign-extended to 64 bits; bool 0/1).
uint64_t interp_bits(check::Scalar t, uint64_t model_bits);

// The embedding-API arguments of a model (`values`: one per leaf, in leaf order). A view gets its length's
// elements (at most kWitnessElements: more is an internal fault the caller avoids by narrowing), a by-value Buf
// likewise; a record gets its fields as `parts`, an array its elements, a sum its tag as `bits` and the payload
// of the variant it names as its one part (none for a tag-only variant or a tag naming no variant).
std::vector<sem::ArgValue> args_from_values(const Inputs& in, const std::vector<uint64_t>& values);

// One observed part of a call (§3.1): the returned value's scalar leaves, then each rw parameter's final
// contents (a view's storage; a single borrow's value), in parameter order. A value flattens as §3.3 says:
// a record's fields in order, a sum's u32 tag then every variant's payload leaves in variant order, an
// inline array's elements in order; a returned Buf is one array per scalar leaf of its element
// (sem::CallOutcome::ret_leaves gives the interpreter's side in the same order, `written` the parameters').
// Names: "return", "return.x" (a field), "return" (a sum's tag) and "return.Some" (its payload), "return[2]";
// a returned Buf is "return" (scalar elements) or "return#j" (leaf j of its element).
struct Observed {
  std::string name;                 // "return", "return.x", "return.Some", "xs", "p"
  check::Scalar type = check::Scalar::U64;
  bool is_array = false;
  Term relevant;                    // when the leaf is observed: true, or a sum payload's "tag == variant"
  Term value;                       // scalar: the value (meaningful where the call is defined)
  Term array, length;               // array: final storage and its length (usize)
};

// A loop at the top of an encoded function, summarized for a relational proof (encode_call with summarize_loops):
// its state (every scalar or array leaf an iteration may change) at entry, at the head of an arbitrary iteration k
// (fresh constants: the "havocked" state) and after that one iteration. The encoding after the loop continues from
// that iteration, under the inputs that leave the loop in it (condition false, break, return, trap): so whatever
// the loop does in its last iteration, from a head state that satisfies an invariant, is what follows.
struct LoopSummary {
  uint32_t line = 0;           // the loop's line
  const char* kind = "";       // "while", "for", "for-each"
  Term reach;                  // the inputs that reach the loop
  Term k;                      // the iteration number at the head (usize), shared by both versions' loop j
  Term span;                   // for, for-each: k never exceeds it (no null term otherwise)
  Term cont;                   // from the head state, the iteration ends normally and the next one starts
  // Iterations of the loop one summarized step holds (EncodeOptions::loop_factors): the first runs where the
  // loop's condition holds at the head, each further one where it still holds (where it does not, the step
  // idles and the next head leaves the loop), so k counts steps of `factor` iterations.
  unsigned factor = 1;
  uint32_t source = 0;         // the loop's index among the function's top-level loops (a split loop has two)
  bool strict = false;         // a step runs only where all `factor` iterations do (the first phase of a split)
  struct Leaf {
    Term entry, head, post;
    std::string name;          // "c", "xs[*]", "p.x"
  };
  std::vector<Leaf> leaves;
};

// A call of the encoded function to itself (encode_call with abstract_recursion), not inlined: its result and
// whether it traps are fresh constants, to be related by the caller (the regression-verification rule,
// docs/verify-loops.md "Recursion"). Only a function of scalar parameters and a scalar result is abstracted.
struct AbstractCall {
  Term active;              // the inputs that make this call
  std::vector<Term> args;   // its arguments, in parameter order
  Term result;              // fresh: what it returns
  Term trapped;             // fresh: whether it traps (then the caller traps with it)
};

// The encoding of one call under `path` (the inputs that reach it).
struct Encoded {
  Term trapped;                     // the call traps (some guard fails first)
  Term trap_kind;                   // BitVec(8) of the first failing guard's TrapKind (when trapped)
  Term past_bound;                  // some loop (callees included) would start iteration kUnrollBound + 1
  // (the state after such a loop is not modeled: an input where past_bound holds has no meaning elsewhere)
  std::vector<Observed> observed;
  std::optional<std::string> unsupported;  // a construct outside the fragment, named ("recursion: f calls itself")
  // When unsupported, trapped/past_bound are false and observed is empty (terms, never null).
  std::vector<LoopSummary> loops;   // summarize_loops: the function's top-level loops, in execution order
  std::vector<AbstractCall> calls;  // abstract_recursion: the function's calls to itself, in encoding order
  Term loop_facts;                  // what holds of every run the summaries stand for (LoopPlan::twice), else true
};

// How one top-level loop is summarized: `factor` iterations per summarized step (LoopSummary::factor), for a loop
// related k-to-1 with the other version's; with `split` (for and for-each loops), two summaries of the same loop:
// steps of `factor` iterations while that many remain, then single iterations from where those left off (against
// a loop tiled by `factor` and its tail loop).
// With `twice`, the loop is summarized twice over, the second run starting again from the loop's entry state: as the
// loop is deterministic, both runs leave the same state (Encoded::loop_facts says so), and each pairs with one loop
// of the other version (a loop split in two, or two loops fused).
struct LoopPlan {
  unsigned factor = 1;
  bool split = false;
  bool twice = false;
};

// How encode_call treats loops and recursion.
struct EncodeOptions {
  // The function's own top-level loops summarized (LoopSummary) instead of unrolled; loops inside them or in
  // callees are unrolled as always.
  bool summarize_loops = false;
  unsigned unroll = kUnrollBound;  // the iterations of a loop the encoding holds (a deeper search past the bound)
  // summarize_loops: how the function's top-level loop j is summarized (the default where the vector is shorter).
  std::vector<LoopPlan> loop_plans;
  // A call of the function to itself becomes an AbstractCall (else recursion is outside the fragment), once
  // `recursion_depth` calls of it are inlined (where the recursion bottoms out within them, that is exact).
  bool abstract_recursion = false;
  unsigned recursion_depth = 0;
};
// `fn` must be a function of `m` whose signature matches `in` parameter by parameter.
Encoded encode_call(Context& c, const ir::Module& m, const ir::Function& fn, const Inputs& in,
                    const EncodeOptions& options = {});

// Some observed part differs as data (floats by bit pattern; arrays: the lengths, or an element below the
// length; a sum payload only where both tags name its variant). Both must have the same shape (the same
// signature; another shape is std::logic_error, so check the contract first). Arrays use a fresh index
// constant: an existential, to be used positively in satisfiability queries.
Term observations_differ(Context& c, const Encoded& a, const Encoded& b);
// Some observed float (scalar or element below its length, where relevant) is a NaN. Arrays use a fresh
// index constant (an existential: use these terms positively in satisfiability queries only).
Term observes_nan(Context& c, const Encoded& e);

}  // namespace cairn::smt
