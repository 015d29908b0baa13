// The interpreter's compact form: every IR node compiled once into a closure node with pre-resolved operands.
#pragma once
#include <cstdint>
#include <deque>
#include <new>
#include <unordered_set>
#include <vector>

#include "semantics/interp.h"

namespace cairn::sem {

// A compiled node. Each node carries the entry points its IR node can be used through (an expression:
// `sc` and `ev`, and `pl` when it is a place; a statement: `ex`), each a function chosen at compile time
// for the node's shape: operand kinds, scalar types and operator are resolved then, not per evaluation.
// Rare node kinds keep the IR walker (Interp::eval/exec/place) as their closure.
struct CNode;
using Flow = Interp::Flow;
using ScFn = uint64_t (*)(Interp&, const CNode*);  // the scalar bits of the value (eval(n).b)
using EvFn = Value (*)(Interp&, const CNode*);     // the value
using PlFn = Value* (*)(Interp&, const CNode*);    // the place
using ExFn = Flow (*)(Interp&, const CNode*);      // a statement

struct CNode {
  ScFn sc = nullptr;
  EvFn ev = nullptr;
  PlFn pl = nullptr;
  ExFn ex = nullptr;
  const ir::Node* n = nullptr;        // the IR node: types, position, the walker's input
  const CNode* a = nullptr;           // kid 0 (compiled); Block: its only statement, when it has one
  const CNode* b = nullptr;           // kid 1
  const CNode* c = nullptr;           // kid 2
  std::vector<const CNode*> kids;     // every kid: block statements, call arguments, constructor fields
  std::vector<const CNode*> arms_by_tag;  // Match: the arm of each tag, by tag
  const CNode* only = nullptr;        // Block: its only statement when running the block is running just it (no
                                      // temporaries, nothing at its exit: run_body calls it directly), else null
  const CNode* exit = nullptr;        // Block (its end), Return, Break, Continue: the compiled Unwind (kids:
                                      // its placed deferred calls and releases), null when it runs nothing
  ExFn inner = nullptr;               // Return, Break, Continue with an exit: the statement before its unwind
  uint32_t slot = ir::kNoSlot;        // Local/Deref/Let/loop slot; Arm: its binder
  uint32_t slot2 = ir::kNoSlot;       // ForEach: the index slot; Assign/Compound to a local: its slot
  uint32_t index = 0;                 // Field: the field; Variant: the variant; Arm: the variant it matches;
                                      // direct Call: the callee's frame size (slot, slot2: its first two
                                      // parameters' slots)
  uint64_t imm = 0;                   // Const bits; Call: leading kids that are not arguments; Block: 1 when
                                      // it has no exit to run, no try and nothing to release at its end
  Pos pos;
  bool flag = false;                  // Block: a statement may `try`; Variant: a payload type; Local: a move
                                      // Let of a direct call: the callee has a result
  bool deep = false;                  // reading the value copies its store (a Copy record, sum or Array)
  bool no_temps = false;              // evaluating it (an expression, or a statement's own expressions)
                                      // never leaves a temporary in the frame: end_statement has nothing to do
  bool scalar = false;                // an expression of a scalar type (sc gives its value); Arm: a scalar binder
  bool leaf = false;                  // direct Call: neither its arguments nor the callee's body (its unwinds
                                      // included) holds a Call or CallIndirect: it makes no further call
  PayloadRep rep = PayloadRep::None;  // Variant, Arm: how the sum holds the variant's payload
  const ir::Function* fn = nullptr;   // Call: the callee
  const CNode* const* body = nullptr; // Call: where the callee's compiled body is (Code::bodies)
  const CNode* callee_body = nullptr; // Call: *body, copied by link_calls once every body is compiled
  const CNode* callee_stmt = nullptr; // Call: callee_body->only (link_calls)
  bool callee_clean = false;          // Call: the callee's body runs its statements in place (imm) and none of
                                      // them leaves a temporary (link_calls)
  uint64_t argk = 0;                  // direct Call: how each argument is passed (interp_code_call.cpp)
  const std::vector<uint32_t>* store_slots = nullptr;  // Call: the callee's Code::store_slots
  const uint32_t* ss = nullptr;       // Call: the same slots, `nss` of them (set by link_calls)
  uint32_t nss = 0;
  sem::Op op = sem::Op::Add;          // scalar operator: op on operands of s1 with result s2 (Convert: s1 -> s2)
  check::Scalar s1 = check::Scalar::U64, s2 = check::Scalar::U64;
};

// The compiled module: a closure tree per function body.
struct Code {
  std::deque<CNode> nodes;
  std::vector<const CNode*> bodies;  // per Module::fns index: the body compiled as a block (null: none)
  std::vector<std::vector<uint32_t>> store_slots;  // per Module::fns index: store_slots(f)
};

std::unique_ptr<Code> compile_module(const ir::Module& m);
// The slots of f that may hold a store: a compiled call's popped frame releases these, not its scalar-only
// slots (interp_frame_slots.cpp).
std::vector<uint32_t> store_slots(const ir::Function& f);
// The payload of variant `variant` of sum type t is a scalar.
bool payload_is_scalar(const check::Type* t, uint32_t variant);
// The Local reads of f that are last uses of a record or sum: compiled as moves (interp_last_use.cpp).
void find_last_uses(const ir::Function& f, std::unordered_set<const ir::Node*>& out);
// A Copy record or sum of scalars, records and sums (no view, owner or generic part): its stores are never
// shared with a view or borrow and hold no counted heap bytes.
bool flat_copy_type(const check::Type* t);

// Closure selection (each in the file that implements the closures).
// Scalar operators: Unary/Binary/Builtin/Convert and Compound, instantiated per (op, scalar) from ops_rules.h.
void select_op(CNode& c);
ExFn select_compound_local(CNode& c);
ExFn select_branch_cmp(const CNode& c);  // If/While on a comparison of slots and constants; null: none
ExFn select_stmt_op(const CNode& c);     // Let/Assign to a local/Return of a scalar binary operator; null: none
void select_expr(CNode& c);   // every other expression kind
ExFn select_return_ctor(const CNode& c);  // `return` of a record or variant constructor; null: none
void select_call(CNode& c);   // Call, CallIndirect
ExFn select_let_call(CNode& c);  // `let` of a direct call's value; null: none
void link_calls(Code& code);  // after every body is compiled: each direct call's body
void select_stmt(CNode& c);   // statements; blocks (each sets no_temps after choosing its closures)
ExFn select_match(CNode& c);  // Match (interp_code_match.cpp): its arm table and closure
ExFn block_closure(CNode& c);
Flow ex_exit(Interp& in, const CNode* c);  // return/break/continue with an unwind: c->inner, then c->exit

// Shared closures.
Value copy_deep(const Value& v);  // a copy of a Copy aggregate: its store cloned
inline Value copy_value(const CNode* c, const Value& v) { return c->deep && v.s ? copy_deep(v) : v; }
uint64_t sc_from_ev(Interp& in, const CNode* c);
Value ev_from_sc(Interp& in, const CNode* c);
// The slot of a local of a scalar type (a `let`, an assigned local, a scalar match binder): it only ever
// holds that local's bits (its other fields stay zero: a frame at rest holds no store, and a slot's other
// uses in other functions are cleared when their frames are popped), so the bits are the whole value.
inline void set_scalar_local(Value& d, uint64_t bits) { d.b = bits; }
inline void set_scalar(Value& d, uint64_t bits) {
  d.b = bits;
  if (d.s || d.n || d.p) {
    d.s.reset();
    d.n = 0;
    d.p = nullptr;
  }
}

// Operand kinds a closure may read without a call: any expression, a scalar slot (a Local that is not a
// move), a constant.
struct KAny {
  static uint64_t get(Interp& in, const CNode* k) { return k->sc(in, k); }
};
struct KLoc {
  static uint64_t get(Interp& in, const CNode* k) { return in.sl_[k->slot].b; }
};
struct KCon {
  static uint64_t get(Interp&, const CNode* k) { return k->imm; }
};
struct KFld {  // a field of a record held in a slot (the Field node's closure is sc_field_of_local)
  static uint64_t get(Interp& in, const CNode* k) { return in.sl_[k->a->slot].s->e[k->index].b; }
};
// 0: any expression, 1: a scalar slot read, 2: a constant.
int operand_kind(const CNode* k);
bool is_field_of_local(const CNode* k);  // k reads a field of a slot's record as KFld does

// Element i of a view (View) or of a Buf/Array value, after the bounds guard naming `pos`.
template <bool View>
inline Value* element_at(Interp& in, Value* base, uint64_t i, Pos pos) {
  if constexpr (View) {
    if (i >= base->n) in.trap(check::TrapKind::Bounds, pos);
    return &base->s->e[base->b + i];
  } else {
    uint64_t len = base->s ? base->s->e.size() : 0;
    if (i >= len) in.trap(check::TrapKind::Bounds, pos);
    return &base->s->e[i];
  }
}

inline void end_statement(Interp& in) {
  if (__builtin_expect(in.has_temps(), 0)) in.drop_temps();
}
// One statement of a block, its temporaries released after it.
[[gnu::always_inline]] inline Flow run_statement(Interp& in, const CNode* s) {
  if (s->no_temps) return s->ex(in, s);  // a tail call where this is the caller's last step
  Flow f = s->ex(in, s);
  end_statement(in);
  return f;
}
// A loop's or branch's body: its statements run here when the block has nothing to do at its exit
// (b->imm 1: no exit to run, no try, nothing released), else through the block's closure. b->only, b->a: its
// only statement, if it has one. All inline: a loop's body (no call per iteration).
[[gnu::always_inline]] inline Flow run_body_inline(Interp& in, const CNode* b) {
  if (const CNode* s = b->only) return s->ex(in, s);
  if (!b->imm) return b->ex(in, b);
  if (const CNode* s = b->a) return run_statement(in, s);
  Flow f = Flow::Normal;
  for (const CNode* s : b->kids) {
    f = run_statement(in, s);
    if (f != Flow::Normal) break;
  }
  return f;
}
Flow run_body_rest(Interp& in, const CNode* b);  // run_body_inline, out of line (interp_code_stmt.cpp)
// The same with only the `only` case inline: a branch's or arm's closure then saves no registers for the rest.
[[gnu::always_inline]] inline Flow run_body(Interp& in, const CNode* b) {
  if (const CNode* s = b->only) return s->ex(in, s);
  return run_body_rest(in, b);
}

// A call's argument values: on the C++ stack for the usual few arguments (no heap allocation per call).
struct ArgBuf {
  static constexpr size_t kInline = 6;
  alignas(Value) unsigned char raw[kInline * sizeof(Value)];
  std::vector<Value> heap;
  Value* p;
  size_t n;
  explicit ArgBuf(size_t count) : n(count) {
    if (n <= kInline) {
      p = reinterpret_cast<Value*>(raw);
      for (size_t i = 0; i < n; ++i) new (p + i) Value();
    } else {
      heap.resize(n);
      p = heap.data();
    }
  }
  ~ArgBuf() {
    if (n <= kInline)
      for (size_t i = 0; i < n; ++i) p[i].~Value();
  }
  ArgBuf(const ArgBuf&) = delete;
  ArgBuf& operator=(const ArgBuf&) = delete;
};

}  // namespace cairn::sem
