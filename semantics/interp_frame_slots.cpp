// A function's slots that may hold a store: the ones a compiled call releases when it pops the frame.
// A slot that only ever holds a scalar (scalar parameters and `let`s, loop counters, scalar match binders)
// is left as it is: every write to a slot writes its whole value or, for a scalar, its bits, and a local is
// written before it is read, so stale scalar bits are never seen.
#include "semantics/interp_code.h"

namespace cairn::sem {

using check::TypeKind;
using ir::Kind;
using ir::Node;

namespace {

enum : uint8_t { kUnseen, kScalar, kStore };

struct SlotKinds {
  std::vector<uint8_t> kind;  // per slot

  void mark(uint32_t s, bool scalar) {
    if (s == ir::kNoSlot || s >= kind.size()) return;
    if (!scalar) kind[s] = kStore;
    else if (kind[s] == kUnseen) kind[s] = kScalar;
  }

  void scan(const Node* n) {
    switch (n->kind) {
      case Kind::Local: mark(n->slot, is_scalar_type(n->type)); break;
      case Kind::Let: mark(n->slot, !n->kids.empty() && is_scalar_type(n->kids[0]->type)); break;
      case Kind::ForRange: mark(n->slot, true); break;
      case Kind::ForEach:
        mark(n->slot, false);
        mark(n->slot2, true);
        break;
      case Kind::Match:
        for (size_t i = 1; i < n->kids.size(); ++i)
          mark(n->kids[i]->slot, payload_is_scalar(n->kids[0]->type, n->kids[i]->index));
        break;
      case Kind::Arm: break;    // its binder: by the Match above
      case Kind::Block: break;  // `slots`: the scope of locals their `let`s declare
      case Kind::Const: case Kind::Deref: case Kind::Field: case Kind::Index:
      case Kind::Unary: case Kind::Binary: case Kind::And: case Kind::Or: case Kind::Convert: case Kind::Call:
      case Kind::CallIndirect: case Kind::Builtin: case Kind::Record: case Kind::Variant: case Kind::BufNew:
      case Kind::ArrayNew: case Kind::String: case Kind::FnRef: case Kind::Part: case Kind::Lend:
      case Kind::Len: case Kind::Take: case Kind::Swap: case Kind::Print: case Kind::Format:
      case Kind::Assert: case Kind::AssertEq: case Kind::Compact: case Kind::Reduce: case Kind::Try:
      case Kind::ArgRef: case Kind::ArgTemp: case Kind::ArgView: case Kind::Extent:
      case Kind::Drop: case Kind::Unpack: case Kind::Storage: case Kind::Assign: case Kind::Compound:
      case Kind::If: case Kind::While: case Kind::Return: case Kind::Break: case Kind::Continue:
      case Kind::Defer: case Kind::Eval: case Kind::Release: case Kind::Unwind:
        mark(n->slot, false);
        mark(n->slot2, false);
        for (uint32_t s : n->slots) mark(s, false);
        break;
    }
    for (const Node* k : n->kids) scan(k);
    if (n->unwind) scan(n->unwind);
  }

  static bool is_scalar_type(const check::Type* t) { return t && t->kind == TypeKind::Scalar; }
};

}  // namespace

bool payload_is_scalar(const check::Type* t, uint32_t variant) {
  if (!t || t->kind != TypeKind::Sum || variant >= t->sum->variants.size()) return false;
  const check::Type* p = t->sum->variants[variant].payload;
  return p && p->kind == TypeKind::Scalar;
}

std::vector<uint32_t> store_slots(const ir::Function& f) {
  SlotKinds sk;
  sk.kind.assign(f.slots, kUnseen);
  for (size_t i = 0; i < f.param_slots.size(); ++i) {
    bool borrow = i < f.param_borrow.size() && f.param_borrow[i];
    const check::Type* t = f.info && i < f.info->params.size() ? f.info->params[i].type : nullptr;
    sk.mark(f.param_slots[i], !borrow && SlotKinds::is_scalar_type(t));
  }
  if (f.body) sk.scan(f.body);
  std::vector<uint32_t> out;
  for (uint32_t s = 0; s < f.slots; ++s)
    if (sk.kind[s] == kStore) out.push_back(s);
  return out;
}

}  // namespace cairn::sem
