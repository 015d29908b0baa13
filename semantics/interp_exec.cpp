// The IR walker's statements (the compiled form's fallback): blocks and their exits' unwinds, loops, match.
#include "semantics/interp.h"
#include "core/closed_set.h"

namespace cairn::sem {

using ir::Kind;
using ir::Node;
using check::TypeKind;

Interp::Flow Interp::exec_block(const Node* n) {
  Flow f = Flow::Normal;
  for (const Node* s : n->kids) {
    if (s->kind == Kind::Defer) continue;  // its copies are placed in the exits' unwinds
    try {
      f = exec(s);
    } catch (const TryReturn&) {
      f = Flow::Return;
    }
    if (has_temps()) drop_temps();
    if (f != Flow::Normal) break;
  }
  if (f == Flow::Normal) exec_unwind(n);
  for (uint32_t slot : n->slots) sl_[slot] = Value{};  // the frame's scope ends (owners: released above)
  return f;
}

// An exit's Unwind: its placed deferred calls and releases, in order. A function's result survives them.
void Interp::exec_unwind(const Node* exit) {
  const Node* u = exit->unwind;
  if (!u) return;
  Value ret = std::move(*ret_);
  for (const Node* s : u->kids) {
    exec(s);
    if (has_temps()) drop_temps();
  }
  *ret_ = std::move(ret);
}

void Interp::pre_indexes(const Node* n) {
  if (n->kind == Kind::Field) {
    pre_indexes(n->kids[0]);
  } else if (n->kind == Kind::Index) {
    pre_indexes(n->kids[0]);
    uint64_t i = scalar(n->kids[1]);
    idx_.push_back(i);
  }
}

// Pops the index stack back to where an Assign/Compound found it (also when unwinding).
struct IdxMark {
  std::vector<uint64_t>& v;
  size_t base;
  ~IdxMark() { v.resize(base); }
};

Value* Interp::resolve(const Node* n, size_t& k) {
  switch (n->kind) {
    case Kind::Field: return &resolve(n->kids[0], k)->s->e[n->index];
    case Kind::Index: {
      const check::Type* bt = n->kids[0]->type;
      if (bt->kind == TypeKind::View) {
        Value* v = resolve(n->kids[0], k);
        uint64_t i = idx_[k++];
        if (i >= v->n) trap(check::TrapKind::Bounds, n->pos);
        return &v->s->e[v->b + i];
      }
      Value* base = resolve(n->kids[0], k);
      uint64_t i = idx_[k++];
      uint64_t len = base->s ? base->s->e.size() : 0;
      if (i >= len) trap(check::TrapKind::Bounds, n->pos);
      return &base->s->e[i];
    }
    case Kind::Const: case Kind::Local: case Kind::Deref: case Kind::Unary:
    case Kind::Binary: case Kind::And: case Kind::Or: case Kind::Convert: case Kind::Call:
    case Kind::CallIndirect: case Kind::Builtin: case Kind::Record: case Kind::Variant: case Kind::BufNew:
    case Kind::ArrayNew: case Kind::String: case Kind::FnRef: case Kind::Part: case Kind::Lend:
    case Kind::Len: case Kind::Take: case Kind::Swap: case Kind::Print: case Kind::Format: case Kind::Assert:
    case Kind::AssertEq: case Kind::Compact: case Kind::Reduce: case Kind::Try: case Kind::ArgRef:
    case Kind::ArgTemp: case Kind::ArgView: case Kind::Extent: case Kind::Block:
    case Kind::Let: case Kind::Drop: case Kind::Unpack: case Kind::Storage: case Kind::Assign:
    case Kind::Compound: case Kind::If: case Kind::While: case Kind::ForRange: case Kind::ForEach:
    case Kind::Match: case Kind::Arm: case Kind::Return: case Kind::Break: case Kind::Continue:
    case Kind::Defer: case Kind::Eval: case Kind::Release: case Kind::Unwind: return place(n);
  }
  outside_closed_set("ir::Kind");
}

Interp::Flow Interp::exec(const Node* n) {
  switch (n->kind) {
    case Kind::Block: return exec_block(n);
    case Kind::Let: sl_[n->slot] = eval(n->kids[0]); return Flow::Normal;
    case Kind::Drop:
    case Kind::Eval: eval(n->kids[0]); return Flow::Normal;
    case Kind::Unpack: {
      Value v = eval(n->kids[0]);
      for (size_t i = 0; i < n->slots.size(); ++i)
        if (n->slots[i] != ir::kNoSlot) sl_[n->slots[i]] = std::move(v.s->e[i]);
      return Flow::Normal;
    }
    case Kind::Storage: {
      uint64_t cap = scalar(n->kids[0]);
      Value v;
      if (n->buffer) {
        v = buf_new(n->elem, cap, n->pos);
      } else {
        v.s = make_store();
        for (uint64_t i = 0; i < cap; ++i) v.s->e.push_back(zero(n->elem));
      }
      v.b = 0;
      v.n = cap;
      sl_[n->slot] = std::move(v);
      return Flow::Normal;
    }
    case Kind::Assign: {
      if (n->kids[0]->kind == Kind::Local) {  // no index to pre-evaluate: rhs, then the slot
        Value v = eval(n->kids[1]);
        sl_[n->kids[0]->slot] = std::move(v);
        return Flow::Normal;
      }
      IdxMark mark{idx_, idx_.size()};
      pre_indexes(n->kids[0]);
      Value v = eval(n->kids[1]);
      size_t k = mark.base;
      Value* p = resolve(n->kids[0], k);
      *p = std::move(v);
      return Flow::Normal;
    }
    case Kind::Compound: {
      if (n->kids[0]->kind == Kind::Local) {
        uint64_t v = scalar(n->kids[1]);
        Value& p = sl_[n->kids[0]->slot];
        p.b = op(n, n->op, n->sc, n->sc, p.b, v);
        return Flow::Normal;
      }
      IdxMark mark{idx_, idx_.size()};
      pre_indexes(n->kids[0]);
      uint64_t v = scalar(n->kids[1]);
      size_t k = mark.base;
      Value* p = resolve(n->kids[0], k);
      p->b = op(n, n->op, n->sc, n->sc, p->b, v);
      return Flow::Normal;
    }
    case Kind::If: {
      if (scalar(n->kids[0])) return exec_block(n->kids[1]);
      if (n->kids.size() > 2) return exec_block(n->kids[2]);
      return Flow::Normal;
    }
    case Kind::While: {
      while (scalar(n->kids[0])) {
        tick();
        Flow f = exec_block(n->kids[1]);
        if (f == Flow::Break) break;
        if (f == Flow::Return) return f;
      }
      return Flow::Normal;
    }
    case Kind::ForRange: {
      uint64_t lo = scalar(n->kids[0]);
      uint64_t hi = scalar(n->kids[1]);
      for (uint64_t i = lo; i < hi; ++i) {
        tick();
        if (n->slot != ir::kNoSlot) sl_[n->slot].b = i;
        Flow f = exec_block(n->kids[2]);
        if (f == Flow::Break) break;
        if (f == Flow::Return) return f;
      }
      return Flow::Normal;
    }
    case Kind::ForEach: {
      Value v = view(n->kids[0]);
      const check::Type* et = n->kids[0]->type;
      while (et && (et->kind == TypeKind::Borrow)) et = et->elem;
      et = et && et->elem ? et->elem : nullptr;
      for (uint64_t i = 0; i < v.n; ++i) {
        tick();
        if (!v.s || v.b + i >= v.s->e.size()) trap(check::TrapKind::Bounds, n->pos);
        if (n->slot2 != ir::kNoSlot) sl_[n->slot2].b = i;
        if (n->slot != ir::kNoSlot) sl_[n->slot] = copy(v.s->e[v.b + i], et);
        Flow f = exec_block(n->kids[1]);
        if (f == Flow::Break) break;
        if (f == Flow::Return) return f;
      }
      return Flow::Normal;
    }
    case Kind::Match: {
      // A subject read from a slot that a copy would clone whole: clone only the payload an arm binds.
      const Node* subj = n->kids[0];
      const Value* src = nullptr;
      if (subj->kind == Kind::Local && !subj->moves) src = &sl_[subj->slot];
      else if (subj->kind == Kind::Deref) src = sl_[subj->slot].p;
      if (src && copies_deeply(*src, subj->type)) {
        uint64_t tag = src->b;
        for (size_t i = 1; i < n->kids.size(); ++i) {
          const Node* arm = n->kids[i];
          if (arm->index != tag) continue;
          if (arm->slot != ir::kNoSlot) sl_[arm->slot] = copy_payload(*src, payload_rep(subj->type, tag));
          Flow f = exec_block(arm->kids[0]);
          if (arm->slot != ir::kNoSlot) sl_[arm->slot] = Value{};
          return f;
        }
        trap(check::TrapKind::MatchTag, n->pos);
      }
      Value v = eval(n->kids[0]);
      for (size_t i = 1; i < n->kids.size(); ++i) {
        const Node* arm = n->kids[i];
        if (arm->index != v.b) continue;
        if (arm->slot != ir::kNoSlot) sl_[arm->slot] = take_payload(v, payload_rep(subj->type, v.b));
        Flow f = exec_block(arm->kids[0]);
        if (arm->slot != ir::kNoSlot) sl_[arm->slot] = Value{};
        return f;
      }
      trap(check::TrapKind::MatchTag, n->pos);
    }
    case Kind::Return:
      if (!n->kids.empty()) *ret_ = eval(n->kids[0]);
      exec_unwind(n);
      return Flow::Return;
    case Kind::Break: exec_unwind(n); return Flow::Break;
    case Kind::Continue: exec_unwind(n); return Flow::Continue;
    case Kind::Defer: return Flow::Normal;  // its copies are placed in the exits' unwinds
    case Kind::Release: sl_[n->slot] = Value{}; return Flow::Normal;
    case Kind::Const: case Kind::Local: case Kind::Deref: case Kind::Field: case Kind::Index:
    case Kind::Unary: case Kind::Binary: case Kind::And: case Kind::Or: case Kind::Convert: case Kind::Call:
    case Kind::CallIndirect: case Kind::Builtin: case Kind::Record: case Kind::Variant: case Kind::BufNew:
    case Kind::ArrayNew: case Kind::String: case Kind::FnRef: case Kind::Part: case Kind::Lend:
    case Kind::Len: case Kind::Take: case Kind::Swap: case Kind::Print: case Kind::Format: case Kind::Assert:
    case Kind::AssertEq: case Kind::Compact: case Kind::Reduce: case Kind::Try: case Kind::ArgRef:
    case Kind::ArgTemp: case Kind::ArgView: case Kind::Extent: case Kind::Arm:
    case Kind::Unwind: eval(n); return Flow::Normal;
  }
  outside_closed_set("ir::Kind");
}

}  // namespace cairn::sem
