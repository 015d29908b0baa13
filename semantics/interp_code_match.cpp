// Compiled `match`: the arm of the subject's tag, its binder bound to the payload, its body run.
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

// The arm (index the variant, slot the binder, a the body) of `tag`; c->arms_by_tag: the first arm of each tag,
// by tag (a table when the tags are small, else the arms are searched in order). Null: no arm.
inline const CNode* arm_of(const CNode* c, uint64_t tag) {
  if (!c->arms_by_tag.empty()) return tag < c->arms_by_tag.size() ? c->arms_by_tag[tag] : nullptr;
  for (const CNode* k : c->kids)
    if (k->index == tag) return k;
  return nullptr;
}
// The arm's body with its binder bound to `payload` (moved in), then cleared (a scalar binder holds no store:
// it is left as it is, the next binding writes it before anything reads it).
inline Flow run_arm_body(Interp& in, const CNode* arm, Value&& payload) {
  if (arm->scalar) {
    set_scalar_local(in.sl_[arm->slot], payload.b);
    return run_body(in, arm->a);
  }
  in.sl_[arm->slot] = std::move(payload);
  Flow f = run_body(in, arm->a);
  clear_value(in.sl_[arm->slot]);
  return f;
}
// The same with the payload moved out of the subject (a scalar payload's bits are in Value::n: PayloadRep::Scalar).
inline Flow run_arm(Interp& in, const CNode* arm, Value& subject) {
  if (arm->slot == ir::kNoSlot) return run_body(in, arm->a);
  if (arm->scalar) {
    set_scalar_local(in.sl_[arm->slot], subject.n);
    return run_body(in, arm->a);
  }
  return run_arm_body(in, arm, take_payload(subject, arm->rep));
}
Flow ex_match(Interp& in, const CNode* c) {
  // A subject read from a slot that a copy would clone whole: clone only the payload an arm binds.
  const ir::Node* subj = c->a->n;
  const Value* src = nullptr;
  if (subj->kind == Kind::Local && !c->a->flag) src = &in.sl_[subj->slot];
  else if (subj->kind == Kind::Deref) src = in.sl_[subj->slot].p;
  if (src && src->s && c->a->deep) {
    const CNode* arm = arm_of(c, src->b);
    if (!arm) in.trap(check::TrapKind::MatchTag, c->pos);
    if (arm->slot == ir::kNoSlot) return run_body(in, arm->a);
    return run_arm_body(in, arm, in.copy_payload(*src, arm->rep));
  }
  Value v = c->a->ev(in, c->a);
  const CNode* arm = arm_of(c, v.b);
  if (!arm) in.trap(check::TrapKind::MatchTag, c->pos);
  return run_arm(in, arm, v);
}
// The subject a local moved out of its slot (its last use, or an IR move): the payload moves to the binder
// without the subject's Value round trip; what is left of the subject is released after the arm, as ex_match's.
Flow ex_match_move(Interp& in, const CNode* c) {
  Value& s = in.sl_[c->a->slot];
  Value v;
  v.b = s.b;
  v.n = s.n;
  v.s.take(s.s);
  s.b = s.n = 0;
  s.p = nullptr;
  const CNode* arm = arm_of(c, v.b);
  if (!arm) in.trap(check::TrapKind::MatchTag, c->pos);
  return run_arm(in, arm, v);
}

// How ex_match_flat binds an arm (CNode::imm of the arm).
enum FlatArm : uint64_t { kArmNone, kArmScalar, kArmRecord };

// The subject a local of a flat Copy sum type (flat_copy_type) moved out of its slot, every arm's payload a
// scalar (in Value::n) or a flat record (the subject's store): the payload goes straight from the subject's slot
// to the binder's. A flat value's stores count no heap bytes and are shared with nothing, so when they are
// released changes nothing a program can observe: an arm without a binder leaves the subject in its slot (it is
// not read again), and a record binder keeps its store after the arm (the next binding hands it to the subject's
// slot); each is released when its slot is next written or the frame is popped (as with blocks that release
// nothing, interp_code_stmt.cpp).
Flow ex_match_flat(Interp& in, const CNode* c) {
  Value* sl = in.sl_;
  Value& s = sl[c->a->slot];
  uint64_t tag = s.b;
  const CNode* arm = tag < c->arms_by_tag.size() ? c->arms_by_tag[tag] : nullptr;
  if (__builtin_expect(!arm, 0)) in.trap(check::TrapKind::MatchTag, c->pos);
  switch (arm->imm) {
    case kArmScalar:
      set_scalar_local(sl[arm->slot], s.n);
      break;
    case kArmRecord: {  // the binder's old store, if any, goes to the subject's slot (released with it)
      Value& d = sl[arm->slot];
      d.s.swap(s.s);
      d.b = d.n = 0;
      d.p = nullptr;
      s.b = s.n = 0;
      s.p = nullptr;
      break;
    }
    case kArmNone: break;
  }
  return run_body(in, arm->a);
}

// The arms can all be bound by ex_match_flat (each arm's imm set to its FlatArm).
bool flat_arms(CNode& c) {
  const ir::Node* subj = c.a->n;
  if (subj->kind != Kind::Local || !c.a->flag || !flat_copy_type(subj->type) || c.arms_by_tag.empty()) return false;
  for (const CNode* arm : c.kids) {
    if (arm->slot == ir::kNoSlot) continue;
    if (arm->scalar ? arm->rep != PayloadRep::Scalar : arm->rep != PayloadRep::Record) return false;
  }
  for (const CNode* k : c.kids) {
    CNode& arm = const_cast<CNode&>(*k);
    arm.imm = arm.slot == ir::kNoSlot ? kArmNone : arm.scalar ? kArmScalar : kArmRecord;
  }
  return true;
}

}  // namespace

ExFn select_match(CNode& c) {
  uint32_t most = 0;
  for (const CNode* arm : c.kids) most = std::max(most, arm->index);
  if (most < 64) {
    c.arms_by_tag.assign(most + 1, nullptr);
    for (const CNode* arm : c.kids)
      if (!c.arms_by_tag[arm->index]) c.arms_by_tag[arm->index] = arm;
  }
  if (flat_arms(c)) return &ex_match_flat;
  return c.a->n->kind == Kind::Local && c.a->flag ? &ex_match_move : &ex_match;
}

}  // namespace cairn::sem
