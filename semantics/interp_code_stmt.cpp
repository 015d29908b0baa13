// Compiled statements: blocks and exits (their unwinds), assignment, loops, match, return.
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

namespace {

inline void release(Interp& in, const CNode* c) {
  for (uint32_t slot : c->n->slots) in.sl_[slot] = Value{};
}

// An exit's unwind: its deferred calls and releases in order. A function's result survives them.
void run_exit(Interp& in, const CNode* u) {
  Value ret = std::move(*in.ret_);
  for (const CNode* s : u->kids) run_statement(in, s);
  *in.ret_ = std::move(ret);
}

// A block; Try: a statement may end the function through `try`. Falling off its end runs its exit.
template <bool Try>
Flow ex_block(Interp& in, const CNode* c) {
  Flow f = Flow::Normal;
  for (const CNode* s : c->kids) {
    if constexpr (Try) {
      try {
        f = s->ex(in, s);
      } catch (const TryReturn&) {
        f = Flow::Return;
      }
      end_statement(in);
    } else {
      f = run_statement(in, s);
    }
    if (f != Flow::Normal) break;
  }
  if (f == Flow::Normal && c->exit) run_exit(in, c->exit);
  release(in, c);
  return f;
}
// Statements with nothing to release, no exit to run, no try.
Flow ex_block_statements(Interp& in, const CNode* c) { return run_body_inline(in, c); }
// One statement, nothing released, no try.
Flow ex_block_one(Interp& in, const CNode* c) { return run_statement(in, c->kids[0]); }

Flow ex_walk(Interp& in, const CNode* c) { return in.exec(c->n); }
Flow ex_normal(Interp&, const CNode*) { return Flow::Normal; }
Flow ex_break(Interp&, const CNode*) { return Flow::Break; }
Flow ex_continue(Interp&, const CNode*) { return Flow::Continue; }
Flow ex_release(Interp& in, const CNode* c) {
  in.sl_[c->slot] = Value{};
  return Flow::Normal;
}

Flow ex_let(Interp& in, const CNode* c) {
  Value v = c->a->ev(in, c->a);
  in.sl_[c->slot] = std::move(v);
  return Flow::Normal;
}
Flow ex_let_scalar(Interp& in, const CNode* c) {
  uint64_t r = c->a->sc(in, c->a);
  set_scalar_local(in.sl_[c->slot], r);
  return Flow::Normal;
}
Flow ex_eval(Interp& in, const CNode* c) {
  c->a->ev(in, c->a);
  return Flow::Normal;
}

// place = value: a local (slot2 its slot).
Flow ex_assign_local(Interp& in, const CNode* c) {
  Value v = c->b->ev(in, c->b);
  in.sl_[c->slot2] = std::move(v);
  return Flow::Normal;
}
Flow ex_assign_local_scalar(Interp& in, const CNode* c) {
  uint64_t r = c->b->sc(in, c->b);
  set_scalar_local(in.sl_[c->slot2], r);
  return Flow::Normal;
}
// base[i] = value with base a view or Buf/Array in a slot (Deref: through a single borrow). As the walker:
// the index, then the value, then the bounds guard.
template <bool Deref, bool View, bool Scalar, class I>
Flow ex_assign_index(Interp& in, const CNode* c) {
  const CNode* p = c->a;
  uint64_t i = I::get(in, p->b);
  Value v;
  uint64_t r = 0;
  if constexpr (Scalar) r = c->b->sc(in, c->b);
  else v = c->b->ev(in, c->b);
  Value* base = Deref ? in.sl_[p->a->slot].p : &in.sl_[p->a->slot];
  Value* e = element_at<View>(in, base, i, p->pos);
  if constexpr (Scalar) set_scalar(*e, r);
  else *e = std::move(v);
  return Flow::Normal;
}

// base[i] op= value, as the walker: the index, the value, the bounds guard, then the operator's guard.
template <bool Deref, bool View>
Flow ex_compound_index(Interp& in, const CNode* c) {
  const CNode* p = c->a;
  uint64_t i = p->b->sc(in, p->b);
  uint64_t v = c->b->sc(in, c->b);
  Value* base = Deref ? in.sl_[p->a->slot].p : &in.sl_[p->a->slot];
  Value* e = element_at<View>(in, base, i, p->pos);
  e->b = in.op(c->n, c->n->op, c->n->sc, c->n->sc, e->b, v);
  return Flow::Normal;
}

Flow ex_if(Interp& in, const CNode* c) {
  if (c->a->sc(in, c->a)) return run_body(in, c->b);
  if (c->c) return run_body(in, c->c);
  return Flow::Normal;
}
Flow ex_while(Interp& in, const CNode* c) {
  while (c->a->sc(in, c->a)) {
    in.tick();
    Flow f = run_body_inline(in, c->b);
    if (f == Flow::Break) break;
    if (f == Flow::Return) return f;
  }
  return Flow::Normal;
}
Flow ex_for_range(Interp& in, const CNode* c) {
  uint64_t lo = c->a->sc(in, c->a);
  uint64_t hi = c->b->sc(in, c->b);
  const CNode* body = c->c;
  for (uint64_t i = lo; i < hi; ++i) {
    in.tick();
    if (c->slot != ir::kNoSlot) in.sl_[c->slot].b = i;
    Flow f = run_body_inline(in, body);
    if (f == Flow::Break) break;
    if (f == Flow::Return) return f;
  }
  return Flow::Normal;
}
// The same when the body runs its statements in place and none leaves a temporary (for_body_clean): they run
// here without run_body's checks.
Flow ex_for_range_clean(Interp& in, const CNode* c) {
  uint64_t lo = c->a->sc(in, c->a);
  uint64_t hi = c->b->sc(in, c->b);
  const CNode* const* first = c->c->kids.data();
  const CNode* const* last = first + c->c->kids.size();
  for (uint64_t i = lo; i < hi; ++i) {
    in.tick();
    if (c->slot != ir::kNoSlot) in.sl_[c->slot].b = i;
    Flow f = Flow::Normal;
    for (const CNode* const* s = first; s != last; ++s) {
      f = (*s)->ex(in, *s);
      if (f != Flow::Normal) break;
    }
    if (f == Flow::Break) break;
    if (f == Flow::Return) return f;
  }
  return Flow::Normal;
}
bool for_body_clean(const CNode* b) {
  if (!b || b->imm != 1) return false;
  for (const CNode* s : b->kids)
    if (!s->no_temps) return false;
  return true;
}

// for x in view: the element's copy in `slot`, its index in `slot2`; flag: scalar elements.
Flow ex_for_each(Interp& in, const CNode* c) {
  Value v = in.view(c->a->n);
  const check::Type* et = c->n->kids[0]->type;
  while (et && (et->kind == TypeKind::Borrow)) et = et->elem;
  et = et && et->elem ? et->elem : nullptr;
  bool scalar = et && et->kind == TypeKind::Scalar;
  const CNode* body = c->b;
  for (uint64_t i = 0; i < v.n; ++i) {
    in.tick();
    if (!v.s || v.b + i >= v.s->e.size()) in.trap(check::TrapKind::Bounds, c->pos);
    if (c->slot2 != ir::kNoSlot) in.sl_[c->slot2].b = i;
    if (c->slot != ir::kNoSlot) {
      const Value& e = v.s->e[v.b + i];
      if (scalar) set_scalar(in.sl_[c->slot], e.b);
      else in.sl_[c->slot] = in.copy(e, et);
    }
    Flow f = run_body_inline(in, body);
    if (f == Flow::Break) break;
    if (f == Flow::Return) return f;
  }
  return Flow::Normal;
}

Flow ex_return(Interp& in, const CNode* c) {
  if (c->a) {
    Value v = c->a->ev(in, c->a);
    *in.ret_ = std::move(v);
  }
  return Flow::Return;
}
Flow ex_return_scalar(Interp& in, const CNode* c) {
  uint64_t r = c->a->sc(in, c->a);
  set_scalar(*in.ret_, r);
  return Flow::Return;
}

bool is_scalar(const ir::Node* n) { return n->type && n->type->kind == TypeKind::Scalar; }

ExFn select_compound(CNode& c) {
  const ir::Node* dst = c.a->n;
  if (dst->kind == Kind::Local) return select_compound_local(c);
  if (dst->kind != Kind::Index) return &ex_walk;
  const ir::Node* base = dst->kids[0];
  bool deref = base->kind == Kind::Deref;
  if (!deref && !(base->kind == Kind::Local && !base->moves)) return &ex_walk;
  bool view = base->type && base->type->kind == TypeKind::View;
  if (deref) return view ? &ex_compound_index<true, true> : &ex_compound_index<true, false>;
  return view ? &ex_compound_index<false, true> : &ex_compound_index<false, false>;
}

ExFn select_assign(CNode& c) {
  const ir::Node* dst = c.a->n;
  bool scalar = is_scalar(c.b->n);
  if (dst->kind == Kind::Local) {
    c.slot2 = dst->slot;
    if (!scalar) return &ex_assign_local;
    ExFn f = select_stmt_op(c);
    return f ? f : &ex_assign_local_scalar;
  }
  if (dst->kind != Kind::Index) return &ex_walk;
  const ir::Node* base = dst->kids[0];
  bool deref = base->kind == Kind::Deref;
  if (!deref && !(base->kind == Kind::Local && !base->moves)) return &ex_walk;
  bool view = base->type && base->type->kind == TypeKind::View;
  if (!view && base->kind == Kind::Local && base->moves) return &ex_walk;
  static constexpr ExFn kAssign[2][2][2][2] = {
      {{{&ex_assign_index<false, false, false, KAny>, &ex_assign_index<false, false, false, KLoc>},
        {&ex_assign_index<false, false, true, KAny>, &ex_assign_index<false, false, true, KLoc>}},
       {{&ex_assign_index<false, true, false, KAny>, &ex_assign_index<false, true, false, KLoc>},
        {&ex_assign_index<false, true, true, KAny>, &ex_assign_index<false, true, true, KLoc>}}},
      {{{&ex_assign_index<true, false, false, KAny>, &ex_assign_index<true, false, false, KLoc>},
        {&ex_assign_index<true, false, true, KAny>, &ex_assign_index<true, false, true, KLoc>}},
       {{&ex_assign_index<true, true, false, KAny>, &ex_assign_index<true, true, false, KLoc>},
        {&ex_assign_index<true, true, true, KAny>, &ex_assign_index<true, true, true, KLoc>}}}};
  return kAssign[deref][view][scalar][operand_kind(c.a->b) == 1];
}

// The block's locals all hold scalars or flat Copy values (each declared by a `let` of such a value):
// releasing them at its exit changes nothing a program can observe. A local is written by its `let` before
// it is read; a flat Copy value's stores count no heap bytes and are shared with nothing, so the store is
// released a little later instead (when the slot is next written, or the frame is popped).
// One pass over the statements, then one lookup per local (a scan per local was quadratic in the block's size).
bool releases_nothing(const ir::Node* n) {
  if (n->slots.empty()) return true;
  std::unordered_set<uint32_t> plain;
  for (const ir::Node* s : n->kids)
    if (s->kind == Kind::Let && (is_scalar(s->kids[0]) || flat_copy_type(s->kids[0]->type))) plain.insert(s->slot);
  for (uint32_t slot : n->slots)
    if (!plain.count(slot)) return false;
  return true;
}

}  // namespace

ExFn block_closure(CNode& c) {
  c.imm = 0;
  c.only = nullptr;
  c.no_temps = true;  // every form releases its statements' temporaries after each
  if (c.flag) return &ex_block<true>;
  if (c.exit || !releases_nothing(c.n)) return &ex_block<false>;
  c.imm = 1;  // run_body may run the statements in place
  if (c.kids.size() == 1 && c.kids[0]->no_temps) c.only = c.kids[0];
  return c.kids.size() == 1 ? &ex_block_one : &ex_block_statements;
}

namespace {

// The statement's own expressions leave no temporaries (nested blocks release theirs after each statement).
bool stmt_no_temps(const CNode& c) {
  if (c.ex == &ex_walk || c.ex == &ex_for_each) return false;
  auto clean = [](const CNode* k) { return !k || k->no_temps; };
  switch (c.n->kind) {
    case Kind::Block: case Kind::Break: case Kind::Continue: case Kind::Defer: case Kind::Release: return true;
    case Kind::Let: case Kind::Drop: case Kind::Eval: case Kind::Return: case Kind::If: case Kind::While:
    case Kind::Match: return clean(c.a);
    case Kind::Assign: case Kind::Compound: case Kind::ForRange: return clean(c.a) && clean(c.b);
    case Kind::Const: case Kind::Local: case Kind::Deref: case Kind::Field: case Kind::Index:
    case Kind::Unary: case Kind::Binary: case Kind::And: case Kind::Or: case Kind::Convert: case Kind::Call:
    case Kind::CallIndirect: case Kind::Builtin: case Kind::Record: case Kind::Variant: case Kind::BufNew:
    case Kind::ArrayNew: case Kind::String: case Kind::FnRef: case Kind::Part: case Kind::Lend:
    case Kind::Len: case Kind::Take: case Kind::Swap: case Kind::Print: case Kind::Format: case Kind::Assert:
    case Kind::AssertEq: case Kind::Compact: case Kind::Reduce: case Kind::Try: case Kind::ArgRef:
    case Kind::ArgTemp: case Kind::ArgView: case Kind::Extent: case Kind::Unpack:
    case Kind::Storage: case Kind::ForEach: case Kind::Arm: case Kind::Unwind: return false;
  }
  outside_closed_set("ir::Kind");
}

void select_stmt_closure(CNode& c);

}  // namespace

void select_stmt(CNode& c) {
  select_stmt_closure(c);
  c.no_temps = stmt_no_temps(c);
}

namespace {

void select_stmt_closure(CNode& c) {
  const ir::Node* n = c.n;
  switch (n->kind) {
    case Kind::Block: c.ex = block_closure(c); return;
    case Kind::Let:
      if (is_scalar(n->kids[0])) {
        c.ex = select_stmt_op(c);
        if (!c.ex) c.ex = &ex_let_scalar;
        return;
      }
      c.ex = select_let_call(c);
      if (!c.ex) c.ex = &ex_let;
      return;
    case Kind::Drop:
    case Kind::Eval: c.ex = &ex_eval; return;
    case Kind::Assign: c.ex = select_assign(c); return;
    case Kind::Compound: c.ex = select_compound(c); return;
    case Kind::If:
    case Kind::While:
      c.ex = select_branch_cmp(c);  // the condition a comparison of slots and constants
      if (!c.ex) c.ex = n->kind == Kind::If ? &ex_if : &ex_while;
      return;
    case Kind::ForRange: c.ex = for_body_clean(c.c) ? &ex_for_range_clean : &ex_for_range; return;
    case Kind::ForEach: c.ex = &ex_for_each; return;
    case Kind::Match: c.ex = select_match(c); return;
    case Kind::Return:
      if (c.a && is_scalar(n->kids[0])) {
        c.ex = select_stmt_op(c);
        if (!c.ex) c.ex = &ex_return_scalar;
        return;
      }
      c.ex = c.a ? select_return_ctor(c) : nullptr;
      if (!c.ex) c.ex = &ex_return;
      return;
    case Kind::Break: c.ex = &ex_break; return;
    case Kind::Continue: c.ex = &ex_continue; return;
    case Kind::Defer: c.ex = &ex_normal; return;
    case Kind::Release: c.ex = &ex_release; return;
    case Kind::Const: case Kind::Local: case Kind::Deref: case Kind::Field: case Kind::Index:
    case Kind::Unary: case Kind::Binary: case Kind::And: case Kind::Or: case Kind::Convert: case Kind::Call:
    case Kind::CallIndirect: case Kind::Builtin: case Kind::Record: case Kind::Variant: case Kind::BufNew:
    case Kind::ArrayNew: case Kind::String: case Kind::FnRef: case Kind::Part: case Kind::Lend:
    case Kind::Len: case Kind::Take: case Kind::Swap: case Kind::Print: case Kind::Format: case Kind::Assert:
    case Kind::AssertEq: case Kind::Compact: case Kind::Reduce: case Kind::Try: case Kind::ArgRef:
    case Kind::ArgTemp: case Kind::ArgView: case Kind::Extent: case Kind::Unpack:
    case Kind::Storage: case Kind::Arm: case Kind::Unwind: c.ex = &ex_walk; return;
  }
}

}  // namespace

Flow run_body_rest(Interp& in, const CNode* b) { return run_body_inline(in, b); }

// Return, break or continue that leaves blocks with something to run: the statement, then its unwind.
Flow ex_exit(Interp& in, const CNode* c) {
  Flow f = c->inner(in, c);
  end_statement(in);
  run_exit(in, c->exit);
  return f;
}

}  // namespace cairn::sem
