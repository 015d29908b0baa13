// Last uses: a read of a local record or sum that nothing reads after it may move the value instead of
// copying it (the copy would be a deep clone of its store, released unread at the scope's end).
#include "semantics/interp_code.h"

#include <algorithm>
#include <unordered_map>
#include "core/closed_set.h"

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
    case TypeKind::Error: case TypeKind::Void: case TypeKind::Buf: case TypeKind::Array: case TypeKind::View:
    case TypeKind::Borrow: case TypeKind::Fn: case TypeKind::Param: return false;
  }
  outside_closed_set("TypeKind");
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
    case Kind::Const: case Kind::Local: case Kind::Deref: case Kind::Field: case Kind::Index:
    case Kind::Unary: case Kind::Binary: case Kind::And: case Kind::Or: case Kind::Convert:
    case Kind::CallIndirect: case Kind::Builtin: case Kind::BufNew: case Kind::ArrayNew: case Kind::String:
    case Kind::FnRef: case Kind::Part: case Kind::Lend: case Kind::Len: case Kind::Take: case Kind::Swap:
    case Kind::Print: case Kind::Format: case Kind::Assert: case Kind::AssertEq: case Kind::Compact:
    case Kind::Reduce: case Kind::Try: case Kind::ArgRef: case Kind::ArgTemp: case Kind::ArgView:
    case Kind::Extent: case Kind::Block: case Kind::Unpack: case Kind::Storage:
    case Kind::Compound: case Kind::If: case Kind::While: case Kind::ForRange: case Kind::ForEach:
    case Kind::Arm: case Kind::Break: case Kind::Continue: case Kind::Defer: case Kind::Release:
    case Kind::Unwind: return false;
  }
  outside_closed_set("ir::Kind");
}

// The walk is linear in the body's size: a first pass numbers every node in evaluation (pre-)order, so a subtree
// is a range of numbers and "a later part mentions the slot" is a binary search in the slot's sorted mentions.
// (A scan of the later siblings per read was quadratic: a block of 40,000 lets took minutes.)
struct Numbering {
  std::vector<uint32_t> end;  // per number: one past the last number of its subtree
  std::unordered_map<uint32_t, std::vector<uint32_t>> mentions;  // slot -> the numbers of nodes naming it
  // (number of a node with `defer` kids) << 32 | slot -> how many nodes naming the slot those kids hold
  std::unordered_map<uint64_t, uint32_t> in_defers;
  std::vector<uint32_t> noted;  // every slot noted, in order (a defer kid's are a contiguous run)
  std::unordered_set<uint64_t> scopes;  // (number of a block) << 32 | a local whose scope ends there

  uint32_t number(const Node* n) {
    uint32_t v = static_cast<uint32_t>(end.size());
    end.push_back(0);
    auto note = [&](uint32_t s) {
      std::vector<uint32_t>& m = mentions[s];
      if (!m.empty() && m.back() == v) return;
      m.push_back(v);
      noted.push_back(s);
    };
    if (n->slot != ir::kNoSlot) note(n->slot);
    if (n->slot2 != ir::kNoSlot) note(n->slot2);
    for (uint32_t s : n->slots) note(s);
    if (n->kind == Kind::Block)
      for (uint32_t s : n->slots) scopes.insert(uint64_t{v} << 32 | s);
    for (const Node* k : n->kids) {
      size_t from = noted.size();
      number(k);
      if (k->kind == Kind::Defer)  // the kid's own mentions: its subtree's size (defers nest shallowly)
        for (size_t i = from; i < noted.size(); ++i) ++in_defers[uint64_t{v} << 32 | noted[i]];
    }
    end[v] = static_cast<uint32_t>(end.size());
    return v;
  }

  uint32_t count(uint32_t slot, uint32_t lo, uint32_t hi) const {
    auto it = mentions.find(slot);
    if (it == mentions.end() || lo >= hi) return 0;
    auto a = std::lower_bound(it->second.begin(), it->second.end(), lo);
    return static_cast<uint32_t>(std::lower_bound(a, it->second.end(), hi) - a);
  }
  bool any(uint32_t slot, uint32_t lo, uint32_t hi) const { return count(slot, lo, hi) > 0; }
};

struct Finder {
  std::unordered_set<const Node*>& out;
  const Numbering& num;
  struct Step {
    const Node* node;
    uint32_t number;  // the node's
    size_t kid;       // the kid index taken
    uint32_t kid_number;
  };
  std::vector<Step> path;  // ancestors
  uint32_t next = 0;       // the number of the next node visited (the same order as Numbering::number)

  void walk(const Node* n) {
    uint32_t v = next++;
    if (n->kind == Kind::Local && !n->moves && !path.empty() && flat_copy(n->type, 0) &&
        value_context(path.back().node, path.back().kid) && last_use(n->slot))
      out.insert(n);
    for (size_t i = 0; i < n->kids.size(); ++i) {
      path.push_back({n, v, i, next});
      walk(n->kids[i]);
      path.pop_back();
    }
  }

  // Nothing evaluated after the read (up to the end of the slot's scope) mentions the slot.
  bool last_use(uint32_t slot) const {
    for (size_t d = path.size(); d-- > 0;) {
      const Step& st = path[d];
      const Node* a = st.node;
      if (is_loop(a->kind)) return false;
      uint32_t first = st.number + 1, stop = num.end[st.number];  // a's kids
      uint32_t kid_lo = st.kid_number, kid_hi = num.end[st.kid_number];
      bool whole = a->kind == Kind::Call || a->kind == Kind::CallIndirect;  // borrows of other arguments
      if (num.any(slot, kid_hi, stop)) return false;                       // the kids after it
      if (whole && num.any(slot, first, kid_lo)) return false;             // and before it
      // The place of an assignment is resolved after the value.
      if ((a->kind == Kind::Assign || a->kind == Kind::Compound) && st.kid != 0 && num.any(slot, first, num.end[first]))
        return false;
      // A deferred call runs at the scope's end: one that names the slot, other than the kid read from.
      if (auto it = num.in_defers.find(uint64_t{st.number} << 32 | slot); it != num.in_defers.end()) {
        uint32_t own = a->kids[st.kid]->kind == Kind::Defer ? num.count(slot, kid_lo, kid_hi) : 0;
        if (it->second > own) return false;
      }
      if (a->kind == Kind::Block && num.scopes.count(uint64_t{st.number} << 32 | slot)) return true;  // its scope ends
    }
    return true;  // a parameter or function-level slot: the frame ends
  }
};

}  // namespace

bool flat_copy_type(const check::Type* t) { return flat_copy(t, 0); }

void find_last_uses(const ir::Function& f, std::unordered_set<const Node*>& out) {
  if (!f.body) return;
  Numbering num;
  num.number(f.body);
  Finder finder{out, num, {}, 0};
  finder.walk(f.body);
}

}  // namespace cairn::sem
