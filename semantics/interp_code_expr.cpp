// Compiled expressions: slot reads and moves, fields, indexing with its bounds guard, constructors.
#include "semantics/interp_code.h"
#include "core/closed_set.h"

// GCC's SLP vectorizer would merge a Value's 8-byte fields into 16-byte moves, which stall on store
// forwarding when the fields were just written one by one.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-tree-slp-vectorize")
#endif

namespace cairn::sem {

using check::TypeKind;
using ir::Kind;

uint64_t sc_from_ev(Interp& in, const CNode* c) { return c->ev(in, c).b; }
Value ev_from_sc(Interp& in, const CNode* c) { return Value{c->sc(in, c), 0, nullptr, nullptr}; }

namespace {

// The walker, for the kinds that are not compiled.
uint64_t sc_walk(Interp& in, const CNode* c) { return in.scalar(c->n); }
Value ev_walk(Interp& in, const CNode* c) { return in.eval(c->n); }
Value* pl_walk(Interp& in, const CNode* c) { return in.place(c->n); }
// A value that is not a place: held in the frame's temporaries for the rest of the statement.
Value* pl_temp(Interp& in, const CNode* c) {
  return in.push_temp(c->ev(in, c));
}

uint64_t sc_const(Interp&, const CNode* c) { return c->imm; }

uint64_t sc_local(Interp& in, const CNode* c) { return in.sl_[c->slot].b; }
Value ev_local_copy(Interp& in, const CNode* c) { return copy_value(c, in.sl_[c->slot]); }
Value ev_local_move(Interp& in, const CNode* c) {
  Value& s = in.sl_[c->slot];
  Value v{s.b, s.n, std::move(s.s), s.p};
  s.b = s.n = 0;
  s.p = nullptr;
  return v;
}
Value* pl_local(Interp& in, const CNode* c) { return &in.sl_[c->slot]; }

uint64_t sc_deref(Interp& in, const CNode* c) { return in.sl_[c->slot].p->b; }
Value ev_deref(Interp& in, const CNode* c) { return copy_value(c, *in.sl_[c->slot].p); }
Value* pl_deref(Interp& in, const CNode* c) { return in.sl_[c->slot].p; }

Value* pl_field(Interp& in, const CNode* c) { return &c->a->pl(in, c->a)->s->e[c->index]; }
uint64_t sc_field(Interp& in, const CNode* c) { return c->a->pl(in, c->a)->s->e[c->index].b; }
uint64_t sc_field_of_local(Interp& in, const CNode* c) { return in.sl_[c->a->slot].s->e[c->index].b; }
Value ev_field(Interp& in, const CNode* c) { return copy_value(c, *pl_field(in, c)); }
// A field of a value that is not a place: the rest of the value is dropped.
Value ev_field_of_value(Interp& in, const CNode* c) {
  Value b = c->a->ev(in, c->a);
  return std::move(b.s->e[c->index]);
}

// kid0 [ kid1 ] with kid0 a view held in a slot (a local, or through a single borrow).
template <bool Deref, class I>
Value* pl_index_view(Interp& in, const CNode* c) {
  const Value* vr = Deref ? in.sl_[c->a->slot].p : &in.sl_[c->a->slot];
  Store* vs = vr->s.get();
  uint64_t vb = vr->b, vn = vr->n;
  uint64_t i = I::get(in, c->b);
  if (i >= vn) in.trap(check::TrapKind::Bounds, c->pos);
  return &vs->e[vb + i];
}
// kid0 [ kid1 ] with kid0 a Buf or Array place.
template <class I>
Value* pl_index_owner(Interp& in, const CNode* c) {
  Value* base = c->a->pl(in, c->a);
  uint64_t i = I::get(in, c->b);
  return element_at<false>(in, base, i, c->pos);
}
// The same, read as scalar bits (one closure less per element read).
template <bool Deref, class I>
uint64_t sc_index_view(Interp& in, const CNode* c) {
  return pl_index_view<Deref, I>(in, c)->b;
}
template <class I>
uint64_t sc_index_owner(Interp& in, const CNode* c) {
  return pl_index_owner<I>(in, c)->b;
}
uint64_t sc_index(Interp& in, const CNode* c) { return c->pl(in, c)->b; }
Value ev_index(Interp& in, const CNode* c) { return copy_value(c, *c->pl(in, c)); }

uint64_t sc_and(Interp& in, const CNode* c) {
  if (!c->a->sc(in, c->a)) return 0;
  return c->b->sc(in, c->b) ? 1u : 0u;
}
uint64_t sc_or(Interp& in, const CNode* c) {
  if (c->a->sc(in, c->a)) return 1;
  return c->b->sc(in, c->b) ? 1u : 0u;
}

// A component appended to a store's components: a scalar's bits without the Value round trip of its `ev`.
inline void append_component(Interp& in, const CNode* k, std::vector<Value>& e) {
  if (k->scalar) {
    uint64_t bits = k->sc(in, k);
    e.emplace_back().b = bits;
  } else {
    e.push_back(k->ev(in, k));
  }
}
// A constructor's value built in `v` (empty): its store made first, then its components left to right.
// A trap part way leaves `v` a valid value holding the components built so far.
inline void build_record(Interp& in, const CNode* c, Value& v) {
  StoreRef st = make_store();
  v.s.take(st);
  std::vector<Value>& e = v.s->e;
  if (e.capacity() < c->kids.size()) e.reserve(c->kids.size());  // a pooled store keeps its capacity
  for (const CNode* k : c->kids) append_component(in, k, e);
}
Value ev_record(Interp& in, const CNode* c);
inline void build_variant(Interp& in, const CNode* c, Value& v) {
  v.b = c->index;
  switch (c->rep) {
    case PayloadRep::Scalar:  // the payload's bits (zero bits when no payload is given)
      if (c->a) v.n = c->a->sc(in, c->a);
      return;
    case PayloadRep::Record:  // the record's store becomes the sum's (a constructor's: built in it)
      if (c->a) {
        if (c->a->ev == &ev_record) return build_record(in, c->a, v);
        Value p = c->a->ev(in, c->a);
        v.s.take(p.s);
      }
      return;
    case PayloadRep::Boxed: {  // a payload, or a payload type with no payload given (zero bits)
      if (!c->a && !c->flag) return;
      StoreRef st = make_store();
      v.s.take(st);
      if (c->a) append_component(in, c->a, v.s->e);
      else v.s->e.emplace_back();
      return;
    }
    case PayloadRep::None: return;
  }
}
Value ev_record(Interp& in, const CNode* c) {
  Value v;
  build_record(in, c, v);
  return v;
}
Value ev_variant(Interp& in, const CNode* c) {
  Value v;
  build_variant(in, c, v);
  return v;
}
// return Record(...) / return Variant(...): built in the call's result (*Interp::ret_, made empty first: it
// holds no store, but may hold the stale bits of a caller's `let` slot, ex_let_call).
inline Value& empty_result(Interp& in) {
  Value& r = *in.ret_;
  if (r.s) r.s.reset();
  r.b = r.n = 0;
  r.p = nullptr;
  return r;
}
Flow ex_return_record(Interp& in, const CNode* c) {
  build_record(in, c->a, empty_result(in));
  return Flow::Return;
}
Flow ex_return_variant(Interp& in, const CNode* c) {
  build_variant(in, c->a, empty_result(in));
  return Flow::Return;
}
// The same for a variant whose payload is a record constructor (PayloadRep::Record): built in the result.
Flow ex_return_variant_record(Interp& in, const CNode* c) {
  const CNode* v = c->a;
  Value& r = empty_result(in);
  r.b = v->index;
  build_record(in, v->a, r);
  return Flow::Return;
}
// The same for a variant whose payload is held in Value::n (PayloadRep::Scalar, given) or that has none
// (PayloadRep::None): the payload evaluated first, then the result written whole.
template <bool Payload>
Flow ex_return_variant_bits(Interp& in, const CNode* c) {
  const CNode* v = c->a;
  uint64_t bits = 0;
  if constexpr (Payload) bits = v->a->sc(in, v->a);
  Value& r = *in.ret_;
  if (r.s) r.s.reset();
  r.b = v->index;
  r.n = bits;
  r.p = nullptr;
  return Flow::Return;
}

Value ev_zero(Interp& in, const CNode* c) { return in.zero(c->n->type); }

uint64_t sc_len_local(Interp& in, const CNode* c) { return in.sl_[c->a->slot].n; }
uint64_t sc_len_deref(Interp& in, const CNode* c) { return in.sl_[c->a->slot].p->n; }
uint64_t sc_len_view(Interp& in, const CNode* c) { return in.view(c->a->n).n; }

bool is_place(const ir::Node* n) {
  return n->kind == Kind::Local || n->kind == Kind::Deref || n->kind == Kind::Index ||
         (n->kind == Kind::Field && is_place(n->kids[0]));
}
bool is_view(const ir::Node* n) { return n->type && n->type->kind == TypeKind::View; }
// view_ref(n) in the walker: a view held in a slot, read without a copy.
int view_in_slot(const ir::Node* n) {
  if (!is_view(n)) return 0;
  if (n->kind == Kind::Local && !n->moves) return 1;
  if (n->kind == Kind::Deref) return 2;
  return 0;
}

void select_index(CNode& c) {
  bool loc = operand_kind(c.b) == 1;
  const ir::Node* base = c.a->n;
  c.pl = &pl_walk;
  c.sc = &sc_index;
  c.ev = &ev_index;
  if (is_view(base)) {
    int k = view_in_slot(base);
    if (k == 1) {
      c.pl = loc ? &pl_index_view<false, KLoc> : &pl_index_view<false, KAny>;
      c.sc = loc ? &sc_index_view<false, KLoc> : &sc_index_view<false, KAny>;
    }
    if (k == 2) {
      c.pl = loc ? &pl_index_view<true, KLoc> : &pl_index_view<true, KAny>;
      c.sc = loc ? &sc_index_view<true, KLoc> : &sc_index_view<true, KAny>;
    }
  } else if (is_place(base)) {
    c.pl = loc ? &pl_index_owner<KLoc> : &pl_index_owner<KAny>;
    c.sc = loc ? &sc_index_owner<KLoc> : &sc_index_owner<KAny>;
  }
}


// Whether the closures chosen for c leave temporaries in the frame (a value held as a place, a call with
// borrowed temporaries, the walker): only the forms below, with kids of the same kind, never do.
bool expr_no_temps(const CNode& c) {
  for (const CNode* k : c.kids)
    if (!k->no_temps) return false;
  switch (c.n->kind) {
    case Kind::Const: case Kind::Local: case Kind::Deref: case Kind::FnRef: case Kind::ArrayNew:
    case Kind::Unary: case Kind::Binary: case Kind::Builtin: case Kind::Convert: case Kind::And: case Kind::Or:
    case Kind::Record: case Kind::Variant: case Kind::Field: return true;
    case Kind::Index: return c.pl != &pl_walk;
    case Kind::Len: return c.sc != &sc_len_view;
    case Kind::Call: return c.sc != &sc_from_ev;  // a direct call: its arguments are the kids
    case Kind::CallIndirect: case Kind::BufNew: case Kind::String: case Kind::Part: case Kind::Lend:
    case Kind::Take: case Kind::Swap: case Kind::Print: case Kind::Format: case Kind::Assert:
    case Kind::AssertEq: case Kind::Compact: case Kind::Reduce: case Kind::Try: case Kind::ArgRef:
    case Kind::ArgTemp: case Kind::ArgView: case Kind::Extent: case Kind::Block:
    case Kind::Let: case Kind::Drop: case Kind::Unpack: case Kind::Storage: case Kind::Assign:
    case Kind::Compound: case Kind::If: case Kind::While: case Kind::ForRange: case Kind::ForEach:
    case Kind::Match: case Kind::Arm: case Kind::Return: case Kind::Break: case Kind::Continue:
    case Kind::Defer: case Kind::Eval: case Kind::Release: case Kind::Unwind: return false;
  }
  outside_closed_set("Kind");
}

void select_expr_closures(CNode& c);

}  // namespace

bool is_field_of_local(const CNode* k) { return k->sc == &sc_field_of_local; }

ExFn select_return_ctor(const CNode& c) {
  if (c.a->ev == &ev_record) return &ex_return_record;
  if (c.a->ev == &ev_variant) {
    if (c.a->rep == PayloadRep::Scalar && c.a->a) return &ex_return_variant_bits<true>;
    if (c.a->rep == PayloadRep::None && !c.a->a) return &ex_return_variant_bits<false>;
    if (c.a->rep == PayloadRep::Record && c.a->a && c.a->a->ev == &ev_record) return &ex_return_variant_record;
    return &ex_return_variant;
  }
  return nullptr;
}

void select_expr(CNode& c) {
  select_expr_closures(c);
  c.no_temps = expr_no_temps(c);
}

namespace {

void select_expr_closures(CNode& c) {
  const ir::Node* n = c.n;
  bool scalar = n->type && n->type->kind == TypeKind::Scalar;
  c.sc = &sc_walk;
  c.ev = &ev_walk;
  c.pl = &pl_temp;
  switch (n->kind) {
    case Kind::Const:
      c.sc = &sc_const;
      c.ev = &ev_from_sc;
      return;
    case Kind::Local:
      c.pl = &pl_local;
      if (c.flag) {  // a move (the IR's, or a last use)
        c.ev = &ev_local_move;
        c.sc = &sc_from_ev;
      } else {
        c.sc = &sc_local;
        c.ev = scalar ? &ev_from_sc : &ev_local_copy;
      }
      return;
    case Kind::Deref:
      c.pl = &pl_deref;
      c.sc = &sc_deref;
      c.ev = &ev_deref;
      return;
    case Kind::Field:
      c.index = n->index;
      if (is_place(n->kids[0])) {
        c.pl = &pl_field;
        c.sc = n->kids[0]->kind == Kind::Local ? &sc_field_of_local : &sc_field;
        c.ev = &ev_field;
      } else {
        c.ev = &ev_field_of_value;
        c.sc = &sc_from_ev;
      }
      return;
    case Kind::Index: select_index(c); return;
    case Kind::Unary:
    case Kind::Binary:
    case Kind::Builtin:
    case Kind::Convert: select_op(c); return;
    case Kind::And:
    case Kind::Or:
      c.sc = n->kind == Kind::And ? &sc_and : &sc_or;
      c.ev = &ev_from_sc;
      return;
    case Kind::Call:
    case Kind::CallIndirect: select_call(c); return;
    case Kind::Record:
      c.ev = &ev_record;
      c.sc = &sc_from_ev;
      return;
    case Kind::Variant:
      c.index = n->index;
      c.flag = n->type && n->type->kind == TypeKind::Sum && n->index < n->type->sum->variants.size() &&
               n->type->sum->variants[n->index].payload;
      c.rep = payload_rep(n->type, n->index);
      c.ev = &ev_variant;
      c.sc = &sc_from_ev;
      return;
    case Kind::ArrayNew:
      c.ev = &ev_zero;
      c.sc = &sc_from_ev;
      return;
    case Kind::FnRef:
      c.imm = n->callee != ir::kNoSlot ? static_cast<uint64_t>(n->callee) + 1 : 0;
      c.sc = &sc_const;
      c.ev = &ev_from_sc;
      return;
    case Kind::Len: {
      int k = view_in_slot(n->kids[0]);
      c.sc = k == 1 ? &sc_len_local : k == 2 ? &sc_len_deref : &sc_len_view;
      c.ev = &ev_from_sc;
      return;
    }
    case Kind::BufNew: case Kind::String: case Kind::Part: case Kind::Lend: case Kind::Take: case Kind::Swap:
    case Kind::Print: case Kind::Format: case Kind::Assert: case Kind::AssertEq: case Kind::Compact:
    case Kind::Reduce: case Kind::Try: case Kind::ArgRef: case Kind::ArgTemp: case Kind::ArgView:
    case Kind::Extent: case Kind::Block: case Kind::Let: case Kind::Drop: case Kind::Unpack:
    case Kind::Storage: case Kind::Assign: case Kind::Compound: case Kind::If: case Kind::While:
    case Kind::ForRange: case Kind::ForEach: case Kind::Match: case Kind::Arm: case Kind::Return:
    case Kind::Break: case Kind::Continue: case Kind::Defer: case Kind::Eval: case Kind::Release:
    case Kind::Unwind: return;
  }
}

}  // namespace

}  // namespace cairn::sem
