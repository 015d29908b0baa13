// The encoder's statements (interp_exec.cpp): one state whose `active` condition replaces control flow.
#include "smt/encode_state.h"

namespace cairn::smt::enc {

void Encoder::exec_block(const Node* n) {
  for (const Node* s : n->kids) {
    if (active.is_false()) return;  // nothing after a return, break or certain trap runs
    if (s->kind == Kind::Defer) continue;  // its copies are placed in the exits' unwinds
    exec(s);
  }
  run_unwind(n);  // the normal exit's deferred calls, under the inputs that reach it
}

// An exit's Unwind: its placed deferred calls (releases are no-ops in the model).
void Encoder::run_unwind(const Node* exit) {
  const Node* u = exit->unwind;
  if (!u || active.is_false()) return;
  for (const Node* s : u->kids) exec(s);
}

void Encoder::exec(const Node* n) {
  check_limits();
  switch (n->kind) {
    case Kind::Block: exec_block(n); return;
    case Kind::Let: set_slot(n->slot, eval_try(n->kids[0])); return;
    case Kind::Drop:
    case Kind::Eval: eval_try(n->kids[0]); return;
    case Kind::Unpack: {
      SVal v = eval(n->kids[0]);
      if (v.k != SVal::K::Record) refuse("internal: unpacking a non-record");
      for (size_t i = 0; i < n->slots.size() && i < v.parts.size(); ++i) set_slot(n->slots[i], v.parts[i]);
      return;
    }
    case Kind::Storage: {
      Term cap = scalar(n->kids[0]);
      if (!n->elem) refuse("internal: storage without an element type");
      SVal s = zero_store(n->elem, cap);  // zeroed; a buffer's allocation is assumed to succeed
      SVal v;
      v.k = SVal::K::View;
      v.loc = temp(std::move(s));
      v.t = usize_lit(c, 0);
      v.len = cap;
      set_slot(n->slot, std::move(v));
      return;
    }
    case Kind::Assign: exec_assign(n); return;
    case Kind::Compound: exec_compound(n); return;
    case Kind::If: exec_if(n); return;
    case Kind::While:
    case Kind::ForRange:
    case Kind::ForEach: exec_loop(n); return;
    case Kind::Match: exec_match(n); return;
    case Kind::Return: exec_return(n); return;
    case Kind::Break: exec_jump(n, true); return;
    case Kind::Continue: exec_jump(n, false); return;
    case Kind::Defer:
    case Kind::Release: return;  // releases change nothing the model observes
    case Kind::Unwind:
      for (const Node* s : n->kids) exec(s);
      return;
    case Kind::Arm: refuse("internal: an arm outside a match");
    case Kind::Const: case Kind::Local: case Kind::Deref: case Kind::Field: case Kind::Index:
    case Kind::Unary: case Kind::Binary: case Kind::And: case Kind::Or: case Kind::Convert: case Kind::Call:
    case Kind::CallIndirect: case Kind::Builtin: case Kind::Record: case Kind::Variant: case Kind::BufNew:
    case Kind::ArrayNew: case Kind::String: case Kind::FnRef: case Kind::Part: case Kind::Lend:
    case Kind::Len: case Kind::Take: case Kind::Swap: case Kind::Print: case Kind::Format: case Kind::Assert:
    case Kind::AssertEq: case Kind::Compact: case Kind::Reduce: case Kind::Try: case Kind::ArgRef:
    case Kind::ArgTemp: case Kind::ArgView: case Kind::Extent: eval(n); return;
  }
}

void Encoder::exec_assign(const Node* n) {
  const Node* lhs = n->kids[0];
  if (lhs->kind == Kind::Local) {  // no index to pre-evaluate: the right side, then the slot
    SVal v = eval_try(n->kids[1]);
    write(Loc{cell_of(lhs->slot), {}}, v);
    return;
  }
  std::vector<Term> idx;
  pre_indexes(lhs, idx);
  SVal v = eval_try(n->kids[1]);
  size_t k = 0;
  Loc p = resolve(lhs, idx, k);
  write(p, v);
}

void Encoder::exec_compound(const Node* n) {
  const Node* lhs = n->kids[0];
  Loc p;
  Term v;
  if (lhs->kind == Kind::Local) {
    v = scalar(n->kids[1]);
    p = Loc{cell_of(lhs->slot), {}};
  } else {
    std::vector<Term> idx;
    pre_indexes(lhs, idx);
    v = scalar(n->kids[1]);
    size_t k = 0;
    p = resolve(lhs, idx, k);
  }
  SVal old = read(p);
  if (old.k != SVal::K::Scalar) refuse("internal: compound assignment to a non-scalar");
  write(p, scalar_val(apply(n->op, n->sc, n->sc, old.t, v)));
}

void Encoder::exec_if(const Node* n) {
  Term cnd = scalar(n->kids[0]);
  Term before = active;
  active = before && cnd;
  if (!active.is_false()) exec(n->kids[1]);
  Term then_end = active;
  active = before && !cnd;
  if (n->kids.size() > 2 && !active.is_false()) exec(n->kids[2]);
  active = then_end || active;
}

// A tag naming no arm traps match-tag before any arm runs; the arms are exclusive.
void Encoder::exec_match(const Node* n) {
  SVal v = eval(n->kids[0]);
  if (v.k != SVal::K::Sum) refuse("internal: match on a non-sum");
  std::vector<Term> named;
  for (size_t i = 1; i < n->kids.size(); ++i) named.push_back(eq(v.t, c.bv(32, n->kids[i]->index)));
  guard(!any_of(c, named), check::TrapKind::MatchTag);
  Term before = active;
  std::vector<Term> ends;
  for (size_t i = 1; i < n->kids.size(); ++i) {
    const Node* arm = n->kids[i];
    active = before && named[i - 1];
    if (active.is_false()) continue;
    if (arm->slot != ir::kNoSlot && arm->index < v.parts.size()) set_slot(arm->slot, v.parts[arm->index]);
    exec(arm->kids[0]);
    ends.push_back(active);
  }
  active = any_of(c, ends);
}

void Encoder::exec_return(const Node* n) {
  SVal v = n->kids.empty() ? SVal{} : eval_try(n->kids[0]);
  run_unwind(n);
  Frame& fr = frames.back();
  fr.ret = merge(active, v, fr.ret);
  fr.returned = fr.returned || active;
  active = c.boolean(false);
}

void Encoder::exec_jump(const Node* n, bool is_break) {
  Frame& fr = frames.back();
  if (fr.loops.empty()) refuse("internal: break or continue outside a loop");
  run_unwind(n);
  LoopCtx& l = frames.back().loops.back();
  (is_break ? l.brk : l.cont) = (is_break ? l.brk : l.cont) || active;
  active = c.boolean(false);
}

}  // namespace cairn::smt::enc
