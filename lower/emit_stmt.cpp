// Statements: blocks and their exits (the deferred calls the IR placed there), let, assignment with the
// order of §8.5, loops, match and return. Owners are released by their C++ destructors at the same scope ends.
#include <algorithm>

#include "lower/emit_fn.h"
#include "core/closed_set.h"

namespace cairn::lower {

using check::TypeKind;
using IK = ir::Kind;
using ir::Node;

void FnEmitter::block(const Node* n) {
  pos_ = n->pos;
  line("{");
  ++indent_;
  statements(n);
  --indent_;
  pos_ = n->pos;
  line("}");
}

void FnEmitter::statements(const Node* n) {
  for (const Node* k : n->kids)
    if (k->kind != IK::Defer) stmt(k);  // a defer runs where the IR placed its copies
  unwind(n);
}

bool FnEmitter::runs_defers(const Node* exit) {
  return exit->unwind && std::any_of(exit->unwind->kids.begin(), exit->unwind->kids.end(),
                                     [](const Node* u) { return u->kind == IK::Eval; });
}

void FnEmitter::unwind(const Node* exit) {
  if (!exit->unwind) return;
  for (const Node* k : exit->unwind->kids)
    if (k->kind == IK::Eval) stmt(k);
}

void FnEmitter::stmt(const Node* n) {
  pos_ = n->pos;
  switch (n->kind) {
    case IK::Block: block(n); return;
    case IK::Let: {
      std::string v = ex(n->kids[0]);
      line(tname(n->kids[0]->type) + " " + local(n->slot) + " = " + v + ";");
      return;
    }
    case IK::Drop:
    case IK::Eval: {
      std::string v = ex(n->kids[0]);
      bool temp_name = !v.empty() && v[0] == 't' && v.find_first_not_of("0123456789", 1) == std::string::npos;
      if (v.empty() || temp_name) return;  // nothing left to evaluate
      bool value = n->kids[0]->type && n->kids[0]->type->kind != TypeKind::Void;
      line(value ? "(void)" + v + ";" : v + ";");
      return;
    }
    case IK::Unpack: {
      std::string v = ex(n->kids[0]);
      std::string t = temp();
      line("auto " + t + " = " + v + ";");
      const check::Type* rt = n->kids[0]->type;
      for (size_t i = 0; i < n->slots.size(); ++i) {
        if (n->slots[i] == ir::kNoSlot) continue;
        const auto& fld = rt->record->fields[i];
        line(tname(fld.type) + " " + local(n->slots[i]) + " = std::move(" + t + ".f_" + fld.name + ");");
      }
      return;
    }
    case IK::Storage: {
      std::string cap = ex(n->kids[0]);
      std::string et = tname(n->elem);
      std::string t = temp();
      if (n->buffer) {
        ++emitted_guards;
        uint64_t size = std::max<uint64_t>(check::type_size(n->elem), 1);
        line("cr::Buf<" + et + "> " + t + " = cr::buf_new<" + et + ">(" + cap + ", " + std::to_string(size) + ", " +
             site(n->pos) + ");");
      } else if (n->kids[0]->kind == IK::Const) {
        line("cr::Array<" + et + ", " + std::to_string(n->kids[0]->bits) + "> " + t + "{};");
      } else {
        line("cr::Buf<" + et + "> " + t + " = cr::buf_new<" + et + ">(" + cap + ", 1, nullptr);");
      }
      line("cr::View<" + et + "> " + local(n->slot) + " = cr::view(" + t + ");");
      return;
    }
    case IK::Assign: assign(n); return;
    case IK::Compound: compound(n); return;
    case IK::If: {
      std::string c = ex(n->kids[0]);
      pos_ = n->pos;
      line("if (" + c + ")");
      block(n->kids[1]);
      if (n->kids.size() > 2) {
        pos_ = n->pos;
        line("else");
        block(n->kids[2]);
      }
      return;
    }
    case IK::While: {
      auto saved = capture_begin();
      std::string c = ex(n->kids[0]);
      auto pre = capture_end(std::move(saved));
      pos_ = n->pos;
      if (pre.empty()) {
        line("while (" + c + ")");
        block(n->kids[1]);
        return;
      }
      line("while (true) {");
      append(pre, 1);
      ++indent_;
      line("if (!(" + c + ")) break;");
      block(n->kids[1]);
      --indent_;
      line("}");
      return;
    }
    case IK::ForRange: {
      std::vector<std::string> b = seq({{n->kids[0], How::Value}, {n->kids[1], How::Value}});
      std::string i = n->slot != ir::kNoSlot ? local(n->slot) : temp();
      std::string h = temp();
      pos_ = n->pos;
      line("for (uint64_t " + i + " = " + b[0] + ", " + h + " = " + b[1] + "; " + i + " < " + h + "; ++" + i + ")");
      block(n->kids[2]);
      return;
    }
    case IK::ForEach: for_each(n); return;
    case IK::Match: match(n); return;
    case IK::Return: {
      if (n->kids.empty()) {
        unwind(n);
        pos_ = n->pos;
        line("return;");
        return;
      }
      const Node* k = n->kids[0];
      bool defers = runs_defers(n);
      // a local is moved by the return itself (an explicit std::move would prevent copy elision); deferred
      // calls run after the value is computed
      std::string v = k->kind == IK::Local && !defers ? local(k->slot) : ex(k);
      if (defers) {
        std::string t = temp();
        line(tname(k->type) + " " + t + " = " + v + ";");
        unwind(n);
        v = t;
      }
      pos_ = n->pos;
      line("return " + v + ";");
      return;
    }
    case IK::Break:
      unwind(n);
      pos_ = n->pos;
      line("break;");
      return;
    case IK::Continue:
      unwind(n);
      pos_ = n->pos;
      line("continue;");
      return;
    case IK::Defer: return;  // runs where the IR placed its copies (exits' unwinds)
    case IK::Const: case IK::Local: case IK::Deref: case IK::Field: case IK::Index:
    case IK::Unary: case IK::Binary: case IK::And: case IK::Or: case IK::Convert: case IK::Call:
    case IK::CallIndirect: case IK::Builtin: case IK::Record: case IK::Variant: case IK::BufNew:
    case IK::ArrayNew: case IK::String: case IK::FnRef: case IK::Part: case IK::Lend: case IK::Len:
    case IK::Take: case IK::Swap: case IK::Print: case IK::Format: case IK::Assert: case IK::AssertEq:
    case IK::Compact: case IK::Reduce: case IK::Try: case IK::ArgRef: case IK::ArgTemp: case IK::ArgView:
    case IK::Extent: case IK::Arm: case IK::Release: case IK::Unwind: {
      std::string v = ex(n);
      if (!v.empty()) line(v + ";");
      return;
    }
  }
}

namespace {

// A place as a root slot and a path of field indexes (-1: any element).
struct PathKey {
  uint32_t slot = ir::kNoSlot;
  std::vector<int64_t> comps;
};
bool path_of(const Node* n, PathKey& k) {
  switch (n->kind) {
    case IK::Local:
    case IK::Deref: k.slot = n->slot; return true;
    case IK::Field:
      if (!path_of(n->kids[0], k)) return false;
      k.comps.push_back(n->index);
      return true;
    case IK::Index:
      if (!path_of(n->kids[0], k)) return false;
      k.comps.push_back(-1);
      return true;
    case IK::Const: case IK::Unary: case IK::Binary: case IK::And: case IK::Or:
    case IK::Convert: case IK::Call: case IK::CallIndirect: case IK::Builtin: case IK::Record:
    case IK::Variant: case IK::BufNew: case IK::ArrayNew: case IK::String: case IK::FnRef: case IK::Part:
    case IK::Lend: case IK::Len: case IK::Take: case IK::Swap: case IK::Print: case IK::Format:
    case IK::Assert: case IK::AssertEq: case IK::Compact: case IK::Reduce: case IK::Try: case IK::ArgRef:
    case IK::ArgTemp: case IK::ArgView: case IK::Extent: case IK::Block: case IK::Let:
    case IK::Drop: case IK::Unpack: case IK::Storage: case IK::Assign: case IK::Compound: case IK::If:
    case IK::While: case IK::ForRange: case IK::ForEach: case IK::Match: case IK::Arm: case IK::Return:
    case IK::Break: case IK::Continue: case IK::Defer: case IK::Eval: case IK::Release: case IK::Unwind: return false;
  }
  outside_closed_set("ir::Kind");
}
// a names the place b or one that holds it.
bool holds(const PathKey& a, const PathKey& b) {
  if (a.slot != b.slot || a.comps.size() > b.comps.size()) return false;
  for (size_t i = 0; i < a.comps.size(); ++i)
    if (a.comps[i] != b.comps[i] && a.comps[i] != -1 && b.comps[i] != -1) return false;
  return true;
}
// Whether `n` may replace (assign, move, take, swap, regrow, or lend rw when `borrows`) the walked place.
bool replaces(const Node* n, const PathKey& walked, bool borrows) {
  auto hits = [&](const Node* target) {
    PathKey k;
    return path_of(target, k) && holds(k, walked);
  };
  switch (n->kind) {
    case IK::Assign:
    case IK::Take:
    case IK::Format:
      if (hits(n->kids[0])) return true;
      break;
    case IK::Swap:
      if (hits(n->kids[0]) || hits(n->kids[1])) return true;
      break;
    case IK::ArgRef:
      if (borrows && hits(n->kids[0])) return true;
      break;
    case IK::Local:
      if (n->moves && n->slot == walked.slot) return true;
      break;
    case IK::Const: case IK::Deref: case IK::Field: case IK::Index: case IK::Unary:
    case IK::Binary: case IK::And: case IK::Or: case IK::Convert: case IK::Call: case IK::CallIndirect:
    case IK::Builtin: case IK::Record: case IK::Variant: case IK::BufNew: case IK::ArrayNew: case IK::String:
    case IK::FnRef: case IK::Part: case IK::Lend: case IK::Len: case IK::Print: case IK::Assert:
    case IK::AssertEq: case IK::Compact: case IK::Reduce: case IK::Try: case IK::ArgTemp: case IK::ArgView:
    case IK::Extent: case IK::Block: case IK::Let: case IK::Drop: case IK::Unpack:
    case IK::Storage: case IK::Compound: case IK::If: case IK::While: case IK::ForRange: case IK::ForEach:
    case IK::Match: case IK::Arm: case IK::Return: case IK::Break: case IK::Continue: case IK::Defer:
    case IK::Eval: case IK::Release: case IK::Unwind: break;
  }
  for (const Node* k : n->kids)
    if (replaces(k, walked, borrows)) return true;
  return false;
}

}  // namespace

void FnEmitter::for_each(const Node* n) {
  std::string v = temp();
  const Node* xs = n->kids[0];
  const check::Type* xt = xs->type;
  while (xt && xt->kind == TypeKind::Borrow) xt = xt->elem;
  // The range is fixed at loop start (§8.9): storage the body may replace stays walkable to the end.
  PathKey walked;
  const Node* root = xs->kind == IK::Lend ? xs->kids[0] : xs;
  bool keep = path_of(root, walked);
  bool pin = keep && xt && xt->kind != TypeKind::View && replaces(n->kids[1], walked, true);
  bool snapshot = keep && xt && xt->kind == TypeKind::Array && replaces(n->kids[1], walked, false);
  std::string w;
  if (snapshot) {
    std::string s = temp();
    std::string e = ex(xs);
    pos_ = n->pos;
    line("auto " + s + " = " + e + ";");
    w = "cr::view(" + s + ")";
    pin = false;
  } else {
    w = vw(xs);
  }
  pos_ = n->pos;
  line("auto " + v + " = " + w + ";");
  if (pin && xt->kind != TypeKind::Array) line("cr::Pin " + temp() + "(" + v + ".p);");
  ++elided_guards;  // the walked range is fixed at loop start: every element read is in bounds
  std::string i = n->slot2 != ir::kNoSlot ? local(n->slot2) : temp();
  line("for (uint64_t " + i + " = 0; " + i + " < " + v + ".n; ++" + i + ") {");
  ++indent_;
  if (n->slot != ir::kNoSlot) {
    std::string et = xt && xt->elem ? tname(xt->elem) : "auto";
    line(et + " " + local(n->slot) + " = " + v + ".p[" + i + "];");
  }
  block(n->kids[1]);
  --indent_;
  pos_ = n->pos;
  line("}");
}

void FnEmitter::match(const Node* n) {
  const Node* subj = n->kids[0];
  std::string s = ex(subj);
  std::string t = temp();
  pos_ = n->pos;
  line("auto " + t + " = " + s + ";");
  bool payload = TypeNamer::is_payload_sum(subj->type);
  std::string tag = payload ? t + ".tag" : t;
  for (size_t i = 1; i < n->kids.size(); ++i) {
    const Node* arm = n->kids[i];
    pos_ = arm->pos;
    line(std::string(i > 1 ? "} else if (" : "if (") + tag + " == " + std::to_string(arm->index) + "u) {");
    ++indent_;
    if (arm->slot != ir::kNoSlot) {
      const check::Type* pt = cx_.types.payload(subj->type, arm->index);
      if (pt) line(tname(pt) + " " + local(arm->slot) + " = std::move(" + t + ".p" + std::to_string(arm->index) + ");");
    }
    block(arm->kids[0]);
    --indent_;
  }
  pos_ = n->pos;
  ++emitted_guards;
  if (n->kids.size() > 1) {
    line("} else {");
    ++indent_;
    line("cr::trap(cr::Trap::MatchTag, " + site(n->pos) + ");");
    --indent_;
    line("}");
  } else {
    line("cr::trap(cr::Trap::MatchTag, " + site(n->pos) + ");");
  }
}

// The index values inside an assignment's place, left to right (§8.5), each held in a temporary.
std::vector<std::string> FnEmitter::hoist_indexes(const Node* p) {
  std::vector<std::string> out;
  if (p->kind == IK::Field) return hoist_indexes(p->kids[0]);
  if (p->kind == IK::Index) {
    out = hoist_indexes(p->kids[0]);
    const Node* i = p->kids[1];
    std::string v = ex(i);
    if (!is_constant(i)) {
      std::string t = temp();
      line("uint64_t " + t + " = " + v + ";");
      v = t;
    }
    out.push_back(v);
  }
  return out;
}

// The place with its index guards, after the right side was evaluated.
std::string FnEmitter::resolved_place(const Node* p, const std::vector<std::string>& idx, size_t& k) {
  if (p->kind == IK::Field) {
    std::string base = resolved_place(p->kids[0], idx, k);
    const check::Type* rt = p->kids[0]->type;
    while (rt->kind == TypeKind::Borrow) rt = rt->elem;
    return base + ".f_" + rt->record->fields[p->index].name;
  }
  if (p->kind == IK::Index) {
    std::string base = resolved_place(p->kids[0], idx, k);
    std::string i = idx[k++];
    if (elide(p)) {
      ++elided_guards;
      return base + "[" + i + "]";
    }
    ++emitted_guards;
    return "cr::at(" + base + ", " + i + ", " + site(p->pos) + ")";
  }
  return pl(p);
}

void FnEmitter::assign(const Node* n) {
  const Node* p = n->kids[0];
  if (p->kind == IK::Local) {
    std::string v = ex(n->kids[1]);
    pos_ = n->pos;
    line(local(p->slot) + " = " + v + ";");
    return;
  }
  std::vector<std::string> idx = hoist_indexes(p);
  std::string v = ex(n->kids[1]);
  if (!idx.empty() && may_effect(n->kids[1])) {
    std::string t = temp();
    line("auto " + t + " = " + v + ";");
    v = "std::move(" + t + ")";
  }
  size_t k = 0;
  std::string place = resolved_place(p, idx, k);
  pos_ = n->pos;
  line(place + " = " + v + ";");
}

void FnEmitter::compound(const Node* n) {
  const Node* p = n->kids[0];
  std::vector<std::string> idx = hoist_indexes(p);
  std::string v = ex(n->kids[1]);
  pos_ = n->pos;
  if (p->kind == IK::Local || p->kind == IK::Deref) {
    std::string l = local(p->slot);
    line(l + " = " + scalar_op(n, n->op, n->sc, {l, v}) + ";");
    return;
  }
  if (may_effect(n->kids[1]) || !idx.empty()) {
    std::string t = temp();
    line(TypeNamer::scalar(n->sc) + " " + t + " = " + v + ";");
    v = t;
  }
  size_t k = 0;
  std::string place = resolved_place(p, idx, k);
  std::string r = temp();
  line("auto& " + r + " = " + place + ";");
  line(r + " = " + scalar_op(n, n->op, n->sc, {r, v}) + ";");
}

}  // namespace cairn::lower
