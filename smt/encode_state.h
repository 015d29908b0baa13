// The encoder's internal state: symbolic values, storage cells and places, frames, and the Encoder walker.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "smt/encode.h"

namespace cairn::smt::enc {

using check::Type;
using check::TypeKind;
using ir::Kind;
using ir::Node;

// A construct outside the modeled fragment (or a model limit): thrown inside the encoder, caught by
// encode_call, which turns it into Encoded::unsupported. Never escapes the encoder.
struct Unsupported {
  std::string what;
};
[[noreturn]] void refuse(const std::string& what);

// One step of a place below its cell: a record field, or an element of a Store at a usize index term.
struct Step {
  bool is_index = false;
  uint32_t field = 0;
  Term at;
};
// A place: a cell (a frame slot, an input's storage, a temporary) and the steps below it.
struct Loc {
  uint32_t cell = 0;
  std::vector<Step> steps;
};

// A symbolic value of the model (tools.md §3.3).
struct SVal {
  enum class K : uint8_t { None, Scalar, Record, Sum, Store, View, Borrow };
  K k = K::None;
  Term t;                      // Scalar: its value; Sum: its u32 tag; Store: its length; View: its offset
  Term len;                    // View: its length
  std::vector<SVal> parts;     // Record: fields in order; Sum: one payload per variant (None: no payload)
  std::vector<Term> arrays;    // Store: one Array(usize -> leaf) per scalar leaf of `elem`
  const Type* elem = nullptr;  // Store: the element type
  Loc loc;                     // View: the place of its Store; Borrow: its target
};

SVal scalar_val(Term t);
// The place of element `i` of a view (its offset added).
Loc element_of(const SVal& view, Term i);

// The scalar leaves a type flattens into (§3.3): a record's fields in order, a sum's u32 tag then every
// variant's payload leaves; an inline array's elements only where `arrays_inline` (observations).
void leaf_scalars(const check::Program& p, const Type* t, std::vector<check::Scalar>& out, bool arrays_inline);
// An owner (Buf) anywhere inside t; a record or sum holding one is outside the fragment (refused).
bool holds_owner(const check::Program& p, const Type* t);
void refuse_nested_owner(const check::Program& p, const Type* t);
// A sum's payload type of variant `k` (generic payloads substituted), nullptr for none.
const Type* payload_type(const check::Program& p, const Type* sum, size_t k);

// Small constant folds of usize arithmetic, so literal loop bounds and extents stay literals.
Term k_add(Term a, Term b);
Term k_sub(Term a, Term b);
Term k_ult(Term a, Term b);
Term usize_lit(Context& c, uint64_t v);

// What a loop evaluates once before its first iteration (encode_loop.cpp).
struct LoopHead {
  Term lo, nonempty, span;  // for: the first index, lo < hi, hi - lo
  SVal view;                // for-each: the view walked
};
const Node* loop_body_of(const Node* n);

// The symbolic walker over the IR, mirroring the interpreter's walker (interp_exec.cpp, interp_eval.cpp). It keeps
// ONE state instead of forking paths: `active` is the condition under which control reaches the current point,
// every write is ite(active, new, old), a branch runs each arm under its own condition and joins them, and a
// guard both records (active && fails, kind) and removes the failing inputs from `active`. So recorded guards
// exclude each other and fire in the interpreter's order, and branches cost terms, not paths.
class Encoder {
 public:
  Encoder(Context& c, const ir::Module& m);

  Context& c;
  const ir::Module& m;
  const check::Program& prog;
  SmtDomain dom;
  Term active;          // the inputs on which control reaches the current point without trapping
  Term past_bound;      // some loop would start iteration unroll + 1
  unsigned unroll = kUnrollBound;  // iterations of one loop the encoding holds
  std::vector<SVal> cells;
  size_t term_base = 0;

  struct LoopCtx {
    Term brk, cont;
  };
  struct Frame {
    const ir::Function* fn = nullptr;
    uint32_t base = 0;   // cell of slot 0
    Term returned;       // the inputs that returned from this frame
    SVal ret;
    std::vector<LoopCtx> loops;
  };
  std::vector<Frame> frames;

  // encode_value.cpp: values and places.
  SVal zero(const Type* t);
  SVal zero_store(const Type* elem, Term length);  // zeroed storage of `length` elements
  SVal merge(Term cnd, const SVal& a, const SVal& b);
  SVal read_elem(const SVal& store, Term i);
  void store_elem(SVal& store, Term i, const SVal& v);
  SVal read(const Loc& l);
  void write(const Loc& l, const SVal& v);  // under `active`
  uint32_t new_cell(SVal v);
  uint32_t cell_of(uint32_t slot) const { return frames.back().base + slot; }
  void set_slot(uint32_t slot, SVal v);      // unconditionally (a binding: read only where it ran)

  // Guards: recorded under `active` in evaluation order, then `active` excludes the inputs that trap.
  void guard(Term fails, check::TrapKind kind);
  Term apply(sem::Op op, check::Scalar t, check::Scalar r, Term a, Term b);
  void check_limits();

  // encode_expr.cpp
  SVal eval(const Node* n);
  Term scalar(const Node* n);
  SVal eval_try(const Node* n);
  SVal eval_kind(const Node* n);

  // encode_place.cpp
  Loc place(const Node* n);
  void pre_indexes(const Node* n, std::vector<Term>& out);
  Loc resolve(const Node* n, const std::vector<Term>& idx, size_t& k);
  SVal view(const Node* n);
  Loc temp(SVal v) { return Loc{new_cell(std::move(v)), {}}; }

  // encode_stmt.cpp
  void exec(const Node* n);
  void exec_block(const Node* n);
  void run_unwind(const Node* exit);
  void exec_assign(const Node* n);
  void exec_compound(const Node* n);
  void exec_if(const Node* n);
  void exec_match(const Node* n);
  void exec_return(const Node* n);
  void exec_jump(const Node* n, bool is_break);

  // encode_loop.cpp
  void exec_loop(const Node* n);  // while, for, for-each
  LoopHead loop_head(const Node* n);
  Term loop_condition(const Node* n, const LoopHead& h, Term k);
  void loop_bind(const Node* n, const LoopHead& h, Term k);
  SVal eval_reduce(const Node* n);
  SVal eval_compact(const Node* n);
  void loop_body(const Node* body);

  // encode_summary.cpp: with `summarize`, each loop at the top of the encoded function (not inside another loop
  // or a callee) becomes one iteration from a havocked state, recorded in `summaries` (encode.h LoopSummary).
  bool summarize = false;
  std::vector<LoopPlan> loop_plans;  // EncodeOptions::loop_plans, by source loop
  size_t source_loops = 0;           // top-level loops summarized so far
  Term loop_facts;                   // Encoded::loop_facts
  std::vector<LoopSummary> summaries;
  std::map<uint32_t, std::string> cell_names;  // an input's cell: its parameter's name
  void summarize_loop(const Node* n);
  struct Phase {
    size_t source;     // the loop's index among the function's top-level loops
    unsigned factor;   // iterations per summarized step
    bool strict;       // a step runs only where all `factor` iterations do (else the loop leaves this phase)
    Term offset;       // the iteration number of the phase's first iteration
  };
  struct PhaseEnd {
    Term k, exits, brk;  // the phase's step count at its last head; the inputs that leave it by condition, by break
  };
  PhaseEnd summarize_phase(const Node* n, const LoopHead& h, const Phase& ph);
  void summarize_twice(const Node* n, const LoopHead& h, size_t source);

  // encode_call.cpp. With `abstract_recursion`, a call of the encoded function (frame 0) to itself is an
  // AbstractCall recorded in `abstract_calls`.
  bool abstract_recursion = false;
  unsigned recursion_depth = 0;  // calls of the encoded function inlined before one is abstracted
  std::vector<AbstractCall> abstract_calls;
  SVal abstract_call(const ir::Function& f, const std::vector<SVal>& args);
  SVal call(const Node* n);
  SVal invoke(const ir::Function& f, std::vector<SVal> args);
  const ir::Function* dispatch(const ir::Function* f, std::vector<SVal>& args, bool& split, Term& take);
};

}  // namespace cairn::smt::enc
