// Compiled calls: a direct call evaluates its arguments straight into the callee's frame; other calls go through a
// stack buffer and Interp::invoke. Callees are resolved at compile time.
#include <algorithm>

#include "semantics/interp_code.h"

// GCC's SLP vectorizer would merge a Value's 8-byte fields into 16-byte moves, which stall on store
// forwarding when the fields were just written one by one.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-slp-vectorize")
#endif

namespace cairn::sem {

using check::TypeKind;
using ir::Kind;

namespace {

// The argument values of kids [first, end) in the walker's order and forms.
void eval_args(Interp& in, const CNode* c, Value* args, size_t first) {
  for (size_t i = first; i < c->kids.size(); ++i) {
    const CNode* k = c->kids[i];
    Value& a = args[i - first];
    switch (k->n->kind) {
      case Kind::ArgRef: a.p = k->a->pl(in, k->a); break;
      case Kind::ArgTemp:
        a.p = in.push_temp(k->a->ev(in, k->a));
        break;
      case Kind::ArgView: a = in.view(k->n->kids[0]); break;
      case Kind::Extent: break;
      case Kind::Const: case Kind::Local: case Kind::Deref: case Kind::Field:
      case Kind::Index: case Kind::Unary: case Kind::Binary: case Kind::And: case Kind::Or:
      case Kind::Convert: case Kind::Call: case Kind::CallIndirect: case Kind::Builtin: case Kind::Record:
      case Kind::Variant: case Kind::BufNew: case Kind::ArrayNew: case Kind::String: case Kind::FnRef:
      case Kind::Part: case Kind::Lend: case Kind::Len: case Kind::Take: case Kind::Swap: case Kind::Print:
      case Kind::Format: case Kind::Assert: case Kind::AssertEq: case Kind::Compact: case Kind::Reduce:
      case Kind::Try: case Kind::Block: case Kind::Let: case Kind::Drop: case Kind::Unpack:
      case Kind::Storage: case Kind::Assign: case Kind::Compound: case Kind::If: case Kind::While:
      case Kind::ForRange: case Kind::ForEach: case Kind::Match: case Kind::Arm: case Kind::Return:
      case Kind::Break: case Kind::Continue: case Kind::Defer: case Kind::Eval: case Kind::Release:
      case Kind::Unwind: a = k->ev(in, k); break;
    }
  }
}

// Every form of call: indirect, borrows, views with their part guards, plans (Interp::call, compiled).
Value ev_call_general(Interp& in, const CNode* c) {
  const ir::Node* n = c->n;
  const ir::Function* f = c->fn;
  size_t first = c->imm;
  if (n->kind == Kind::CallIndirect) {
    uint64_t id = c->a->sc(in, c->a);
    if (id == 0 || id > in.mod.fns.size()) in.trap(check::TrapKind::NullFn, n->pos);
    f = &in.mod.fns[id - 1];
  }
  size_t nargs = c->kids.size() - first;
  ArgBuf ab(nargs);
  Value* args = ab.p;
  eval_args(in, c, args, first);
  return in.finish_call(n, f, args, nargs, first);
}

// How run_direct passes an argument (CNode::argk, 4 bits per argument).
enum ArgKind : unsigned { kArgValue, kArgScalar, kArgSlot, kArgConst, kArgMove };
constexpr size_t kArgKinds = 16;  // arguments past these are passed as kArgScalar or kArgValue

// Argument k into the callee's slot `ps` (kNoSlot: an unused parameter; only kArgScalar and kArgValue are
// chosen for those). A slot at rest holds no store (at most a scalar's stale bits): no release.
template <bool Scalars>
inline void pass_arg(Interp& in, const CNode* k, Value* slots, uint32_t ps, unsigned kind) {
  switch (kind) {
    case kArgSlot: slots[ps].b = in.sl_[k->slot].b; return;
    case kArgConst: slots[ps].b = k->imm; return;
    case kArgMove: {  // the caller's local, moved (its last use)
      Value& d = slots[ps];
      Value& src = in.sl_[k->slot];
      d.b = src.b;
      d.n = src.n;
      d.p = src.p;
      d.s.take(src.s);
      src.b = src.n = 0;
      src.p = nullptr;
      return;
    }
    case kArgScalar: {
      uint64_t v = k->sc(in, k);
      if (ps != ir::kNoSlot) slots[ps].b = v;
      return;
    }
    case kArgValue: {
      if (Scalars) return;
      Value v = k->ev(in, k);
      if (ps != ir::kNoSlot) {
        Value& d = slots[ps];
        d.b = v.b;
        d.n = v.n;
        d.p = v.p;
        d.s.take(v.s);
      }
      return;
    }
  }
}

// The arguments, each into its parameter's slot of the frame at `slots` (run_direct).
template <bool Scalars, int N, int K>
[[gnu::always_inline]] inline void pass_args(Interp& in, const CNode* c, Value* slots) {
  if constexpr (N >= 1) pass_arg<Scalars>(in, c->a, slots, c->slot, K >= 0 ? unsigned(K) : c->argk & 15);
  if constexpr (N >= 2) pass_arg<Scalars>(in, c->b, slots, c->slot2, (c->argk >> 4) & 15);
  if constexpr (N < 0) {
    const uint32_t* params = c->fn->param_slots.data();
    const CNode* const* kids = c->kids.data();
    size_t nargs = c->kids.size();
    for (size_t i = 0; i < nargs; ++i) {
      const CNode* k = kids[i];
      unsigned kind = k->scalar ? kArgScalar : kArgValue;
      if (i < kArgKinds) kind = unsigned((c->argk >> (4 * i)) & 15);
      pass_arg<Scalars>(in, k, slots, params[i], kind);
    }
  }
}

// The callee's body: its only statement, or its statements in place when none leaves a temporary and the block
// has nothing to do at its exit (CNode::callee_clean), else run_body.
[[gnu::always_inline]] inline void run_callee(Interp& in, const CNode* c) {
  if (const CNode* st = c->callee_stmt) {
    st->ex(in, st);
  } else if (c->callee_clean) {
    for (const CNode* s : c->callee_body->kids)
      if (s->ex(in, s) != Flow::Normal) break;
  } else if (const CNode* body = c->callee_body) {
    run_body(in, body);
  }
}

// A frame's store slots released at its exit: the usual one or two without the loop.
[[gnu::always_inline]] inline void clear_store_slots(Value* slots, const CNode* c) {
  const uint32_t* ss = c->ss;
  uint32_t nss = c->nss;
  if (nss == 0) return;
  clear_value(slots[ss[0]]);
  if (nss == 1) return;
  clear_value(slots[ss[1]]);
  for (uint32_t i = 2; i < nss; ++i) clear_value(slots[ss[i]]);
}

// A direct call without a plan, its arguments all plain values for by-value parameters. Its frame is taken at
// the top of the slot stack before the arguments are evaluated (calls inside them take the frames above it);
// each argument is evaluated straight into it, then the body runs with its result going to `ret`. The frame
// is given back on every exit, a trap or a `try` unwinding through the call included: its store slots and
// temporaries released, the caller's state restored (unchanged when an argument traps). The caller's state
// is kept in locals, not in an object the normal path would have to fill twice.
// Scalars: every argument is a scalar. N: the number of arguments when 0, 1 or 2 (their parameter slots in
// c->slot, c->slot2), else -1.
// K: the first argument's ArgKind when fixed at compile time (N == 1), else -1.
template <bool Scalars, int N, int K>
[[gnu::always_inline]] inline void run_direct(Interp& in, const CNode* c, Value* ret) {
  Value* const saved_sl = in.sl_;
  Value* const saved_ret = in.ret_;
  const uint32_t depth = in.depth;
  // The frame: at top_ when it fits in the rest of the chunk (top_ and lim_ are then restored as they were
  // with top_ = the frame's start), else at the start of the next chunk.
  Value* const top = in.top_;
  Value* const lim = in.lim_;
  Value* slots = top;
  if (__builtin_expect(c->index > static_cast<size_t>(lim - top), 0)) slots = in.frame_base_chunk(c->index);
  in.top_ = slots + c->index;
  try {
    pass_args<Scalars, N, K>(in, c, slots);
    if (in.too_deep(depth)) in.trap(check::TrapKind::Stack, c->pos);
    in.tick();
    in.sl_ = slots;
    in.ret_ = ret;
    in.depth = depth + 1;
    run_callee(in, c);
  } catch (...) {
    for (uint32_t i = 0; i < c->nss; ++i) clear_value(slots[c->ss[i]]);
    if (in.tlast_ == slots) in.drop_temps_of(slots);  // the callee's temporaries
    in.sl_ = saved_sl;
    in.top_ = top;
    in.lim_ = lim;
    in.ret_ = saved_ret;
    in.depth = depth;
    throw;
  }
  clear_store_slots(slots, c);
  // (none: a normal exit leaves no temporary, every statement releases its own)
  if (__builtin_expect(in.tlast_ == slots, 0)) in.drop_temps_of(slots);
  in.sl_ = saved_sl;
  in.top_ = top;
  if (__builtin_expect(slots != top, 0)) in.lim_ = lim;
  in.ret_ = saved_ret;
  in.depth = depth;
}
template <bool Scalars, int N, int K>
[[gnu::noinline]] void run_direct_outline(Interp& in, const CNode* c, Value* ret) {
  run_direct<Scalars, N, K>(in, c, ret);
}

// The same for a call that makes no further call (CNode::leaf: neither its arguments nor the callee's body
// holds a Call or CallIndirect): nothing reads top_, lim_ or depth until it ends, so its frame is used at top_
// without moving them (the depth limit still checked). A frame that does not fit in the rest of the chunk
// takes run_direct's way.
template <bool Scalars, int N, int K>
[[gnu::always_inline]] inline void run_direct_leaf(Interp& in, const CNode* c, Value* ret) {
  Value* const slots = in.top_;
  if (__builtin_expect(c->index > static_cast<size_t>(in.lim_ - slots), 0))
    return run_direct_outline<Scalars, N, K>(in, c, ret);
  Value* const saved_sl = in.sl_;
  Value* const saved_ret = in.ret_;
  try {
    pass_args<Scalars, N, K>(in, c, slots);
    if (in.too_deep(in.depth)) in.trap(check::TrapKind::Stack, c->pos);
    in.tick();
    in.sl_ = slots;
    in.ret_ = ret;
    run_callee(in, c);
  } catch (...) {
    for (uint32_t i = 0; i < c->nss; ++i) clear_value(slots[c->ss[i]]);
    if (in.tlast_ == slots) in.drop_temps_of(slots);  // the callee's temporaries
    in.sl_ = saved_sl;
    in.ret_ = saved_ret;
    throw;
  }
  clear_store_slots(slots, c);
  if (__builtin_expect(in.tlast_ == slots, 0)) in.drop_temps_of(slots);
  in.sl_ = saved_sl;
  in.ret_ = saved_ret;
}
template <bool Scalars, int N, int K, bool Leaf>
[[gnu::always_inline]] inline void call_into(Interp& in, const CNode* c, Value* ret) {
  if constexpr (Leaf) run_direct_leaf<Scalars, N, K>(in, c, ret);
  else run_direct<Scalars, N, K>(in, c, ret);
}

template <bool Scalars, int N, int K, bool Leaf>
Value ev_call_direct(Interp& in, const CNode* c) {
  Value r;
  call_into<Scalars, N, K, Leaf>(in, c, &r);
  return r;
}
// The result's bits (a scalar result, or the tag of a sum), without building a Value.
template <bool Scalars, int N, int K, bool Leaf>
uint64_t sc_call_direct(Interp& in, const CNode* c) {
  Value r;
  call_into<Scalars, N, K, Leaf>(in, c, &r);
  return r.b;
}

// A scalar result (the call node's type a scalar): written to Interp::scalar_ret_, no Value built per call. It
// starts at zero bits, as a fresh result would.
template <bool Scalars, int N, int K, bool Leaf>
uint64_t sc_call_direct_scalar(Interp& in, const CNode* c) {
  in.scalar_ret_.b = 0;
  call_into<Scalars, N, K, Leaf>(in, c, &in.scalar_ret_);
  return in.scalar_ret_.b;
}

// let slot = a direct call: the result moves from the callee's frame into the caller's slot (the slot's old
// value released after the callee's body and its unwinds). A slot holding no store has nothing to release:
// the callee's `return` writes its whole result there directly (a non-void callee returns on every path, and
// nothing reads the slot between its `return` and the end of the call: the arguments are evaluated before).
template <bool Scalars, int N, int K, bool Leaf>
Flow ex_let_call(Interp& in, const CNode* c) {
  const CNode* call = c->a;
  Value& d = in.sl_[c->slot];
  if (__builtin_expect(!d.s, 1) && c->flag) {
    call_into<Scalars, N, K, Leaf>(in, call, &d);
    return Flow::Normal;
  }
  Value r;
  call_into<Scalars, N, K, Leaf>(in, call, &r);
  d = std::move(r);
  return Flow::Normal;
}

// The closures of a direct call by [all arguments scalars][argument count 0, 1, 2, any], and of a call with
// one argument by [all arguments scalars][its ArgKind].
struct DirectCall {
  EvFn ev;
  ScFn sc;
  ExFn let;
  ScFn sc_scalar;  // sc when the result is a scalar
};
template <bool Scalars, int N, int K = -1, bool Leaf = false>
constexpr DirectCall direct_call() {
  return {&ev_call_direct<Scalars, N, K, Leaf>, &sc_call_direct<Scalars, N, K, Leaf>,
          &ex_let_call<Scalars, N, K, Leaf>, &sc_call_direct_scalar<Scalars, N, K, Leaf>};
}
// [leaf][all arguments scalars][argument count 0, 1, 2, any]
template <bool Leaf>
constexpr DirectCall kDirectOf[2][4] = {
    {direct_call<false, 0, -1, Leaf>(), direct_call<false, 1, -1, Leaf>(), direct_call<false, 2, -1, Leaf>(),
     direct_call<false, -1, -1, Leaf>()},
    {direct_call<true, 0, -1, Leaf>(), direct_call<true, 1, -1, Leaf>(), direct_call<true, 2, -1, Leaf>(),
     direct_call<true, -1, -1, Leaf>()}};
// [leaf][all arguments scalars][the one argument's ArgKind]
template <bool Leaf>
constexpr DirectCall kDirect1Of[2][5] = {
    {direct_call<false, 1, kArgValue, Leaf>(), direct_call<false, 1, kArgScalar, Leaf>(),
     direct_call<false, 1, kArgSlot, Leaf>(), direct_call<false, 1, kArgConst, Leaf>(),
     direct_call<false, 1, kArgMove, Leaf>()},
    {direct_call<true, 1, kArgValue, Leaf>(), direct_call<true, 1, kArgScalar, Leaf>(),
     direct_call<true, 1, kArgSlot, Leaf>(), direct_call<true, 1, kArgConst, Leaf>(),
     direct_call<true, 1, kArgMove, Leaf>()}};
constexpr const DirectCall (*kDirect[2])[4] = {kDirectOf<false>, kDirectOf<true>};
constexpr const DirectCall (*kDirect1[2])[5] = {kDirect1Of<false>, kDirect1Of<true>};

}  // namespace

// c.flag: the callee has a result (it returns a value on every path).
ExFn select_let_call(CNode& c) {
  const check::FnInfo* info = c.a->fn ? c.a->fn->info : nullptr;
  c.flag = info && info->result && info->result->kind != TypeKind::Void;
  for (int leaf = 0; leaf < 2; ++leaf)
    for (int scalars = 0; scalars < 2; ++scalars) {
      for (const DirectCall& d : kDirect[leaf][scalars])
        if (c.a->ev == d.ev) return d.let;
      for (const DirectCall& d : kDirect1[leaf][scalars])
        if (c.a->ev == d.ev) return d.let;
    }
  return nullptr;
}

void select_call(CNode& c) {
  const ir::Node* n = c.n;
  c.sc = &sc_from_ev;
  c.ev = &ev_call_general;
  c.imm = n->kind == Kind::CallIndirect ? 1 : 0;
  // c.fn: the callee and c.body its compiled body, set by the compiler (null: unresolved, or indirect)
  if (n->kind != Kind::Call || !c.fn || c.fn->info->planned) return;
  bool plain = c.fn->param_slots.size() == n->kids.size(), scalars = true;
  for (bool borrow : c.fn->param_borrow)
    if (borrow) plain = false;
  for (const ir::Node* k : n->kids) {
    switch (k->kind) {
      case Kind::ArgRef:
      case Kind::ArgTemp:
      case Kind::ArgView:
      case Kind::Extent: plain = false; break;
      case Kind::Const: case Kind::Local: case Kind::Deref: case Kind::Field:
      case Kind::Index: case Kind::Unary: case Kind::Binary: case Kind::And: case Kind::Or:
      case Kind::Convert: case Kind::Call: case Kind::CallIndirect: case Kind::Builtin: case Kind::Record:
      case Kind::Variant: case Kind::BufNew: case Kind::ArrayNew: case Kind::String: case Kind::FnRef:
      case Kind::Part: case Kind::Lend: case Kind::Len: case Kind::Take: case Kind::Swap: case Kind::Print:
      case Kind::Format: case Kind::Assert: case Kind::AssertEq: case Kind::Compact: case Kind::Reduce:
      case Kind::Try: case Kind::Block: case Kind::Let: case Kind::Drop: case Kind::Unpack:
      case Kind::Storage: case Kind::Assign: case Kind::Compound: case Kind::If: case Kind::While:
      case Kind::ForRange: case Kind::ForEach: case Kind::Match: case Kind::Arm: case Kind::Return:
      case Kind::Break: case Kind::Continue: case Kind::Defer: case Kind::Eval: case Kind::Release:
      case Kind::Unwind:
        if (!k->type || k->type->kind != TypeKind::Scalar) scalars = false;
        break;
    }
  }
  if (!plain) return;
  size_t nargs = c.kids.size();
  const DirectCall& d = kDirect[c.leaf][scalars][nargs < 3 ? nargs : 3];
  c.ev = d.ev;
  c.sc = c.scalar ? d.sc_scalar : d.sc;
  c.index = std::max<uint32_t>(c.fn->slots, 1);  // the callee's frame size (at least one slot, Interp::Temp)
  c.slot = nargs > 0 ? c.fn->param_slots[0] : ir::kNoSlot;
  c.slot2 = nargs > 1 ? c.fn->param_slots[1] : ir::kNoSlot;
  c.argk = 0;
  for (size_t i = 0; i < c.kids.size() && i < kArgKinds; ++i) {
    const CNode* k = c.kids[i];
    bool used = c.fn->param_slots[i] != ir::kNoSlot;
    unsigned kind = k->scalar ? kArgScalar : kArgValue;
    if (used && k->scalar && operand_kind(k) == 1) kind = kArgSlot;
    if (used && k->scalar && operand_kind(k) == 2) kind = kArgConst;
    if (used && !k->scalar && k->n->kind == Kind::Local && k->flag) kind = kArgMove;
    c.argk |= uint64_t{kind} << (4 * i);
  }
  if (nargs == 1) {
    const DirectCall& d1 = kDirect1[c.leaf][scalars][c.argk & 15];
    c.ev = d1.ev;
    c.sc = c.scalar ? d1.sc_scalar : d1.sc;
  }
}

void link_calls(Code& code) {
  for (CNode& c : code.nodes) {
    if (c.body) c.callee_body = *c.body;
    if (const CNode* b = c.callee_body) {
      c.callee_stmt = b->only;
      auto clean = [](const CNode* s) { return s->no_temps; };
      c.callee_clean = b->imm && std::all_of(b->kids.begin(), b->kids.end(), clean);
    }
    if (c.store_slots) {
      c.ss = c.store_slots->data();
      c.nss = static_cast<uint32_t>(c.store_slots->size());
    }
  }
}

}  // namespace cairn::sem
