// Last uses: a read of a local record or sum that nothing reads after it may move the value instead of
// copying it (the copy would be a deep clone of its store, released unread at the scope's end).
#include "semantics/interp_code.h"

namespace cairn::sem {

using check::TypeKind;
using ir::Kind;
using ir::Node;

namespace {

// Copy records and sums whose components are scalars, records and sums: no store of theirs can be
// shared by a view or a borrow that outlives the read.
bool flat_copy(const check::Type* t, int depth) {
  if (!t || depth > 16) return false;
  switch (t->kind) {
    case TypeKind::Scalar: return true;
    case TypeKind::Record:
      if (!t->args.empty() || t->record->kind != check::Kind::Copy) return false;
      for (const auto& f : t->record->fields)
        if (!flat_copy(f.type, depth + 1)) return false;
      return true;
    case TypeKind::Sum:
      if (!t->args.empty()) return false;
      for (const auto& v : t->sum->variants)
        if (v.payload && !flat_copy(v.payload, depth + 1)) return false;
      return true;
    default: return false;
  }
}

bool mentions(const Node* n, uint32_t slot) {
  if (n->slot == slot || n->slot2 == slot) return true;
  for (uint32_t s : n->slots)
    if (s == slot) return true;
  for (const Node* k : n->kids)
    if (mentions(k, slot)) return true;
  return false;
}

bool is_loop(Kind k) {
  return k == Kind::While || k == Kind::ForRange || k == Kind::ForEach || k == Kind::Compact || k == Kind::Reduce;
}

// The parent kinds in which a Local is read as a whole value (compiled through `ev`).
bool value_context(const Node* parent, size_t i) {
  switch (parent->kind) {
    case Kind::Let: case Kind::Return: case Kind::Record: case Kind::Variant: case Kind::Call:
    case Kind::Drop: case Kind::Eval: return true;
    case Kind::Match: return i == 0;
    case Kind::Assign: return i == 1;
    default: return false;
  }
}

struct Finder {
  std::unordered_set<const Node*>& out;
  std::vector<std::pair<const Node*, size_t>> path;  // ancestors and the kid index taken

  void walk(const Node* n) {
    if (n->kind == Kind::Local && !n->imm && !path.empty() && flat_copy(n->type, 0) &&
        value_context(path.back().first, path.back().second) && last_use(n->slot))
      out.insert(n);
    for (size_t i = 0; i < n->kids.size(); ++i) {
      path.emplace_back(n, i);
      walk(n->kids[i]);
      path.pop_back();
    }
  }

  // Nothing evaluated after the read (up to the end of the slot's scope) mentions the slot.
  bool last_use(uint32_t slot) {
    for (size_t d = path.size(); d-- > 0;) {
      const Node* a = path[d].first;
      size_t i = path[d].second;
      if (is_loop(a->kind)) return false;
      bool whole = a->kind == Kind::Call || a->kind == Kind::CallIndirect;  // borrows of other arguments
      for (size_t j = 0; j < a->kids.size(); ++j) {
        if (j == i) continue;
        const Node* k = a->kids[j];
        bool place = (a->kind == Kind::Assign || a->kind == Kind::Compound) && j == 0;  // resolved after the value
        bool later = j > i || whole || place || k->kind == Kind::Defer;
        if (later && mentions(k, slot)) return false;
      }
      if (a->kind == Kind::Block)
        for (uint32_t s : a->slots)
          if (s == slot) return true;  // the scope ends here
    }
    return true;  // a parameter or function-level slot: the frame ends
  }
};

}  // namespace

bool flat_copy_type(const check::Type* t) { return flat_copy(t, 0); }

void find_last_uses(const ir::Function& f, std::unordered_set<const Node*>& out) {
  if (!f.body) return;
  Finder finder{out, {}};
  finder.walk(f.body);
}

}  // namespace cairn::sem
