// The IR walker's expressions (the compiled form's fallback), calls and invoke, collectors.
#include "semantics/interp.h"
#include "semantics/interp_code.h"

#include <new>

namespace cairn::sem {

using ir::Kind;
using ir::Node;
using check::TypeKind;

static bool placeish(const Node* n) {
  return n->kind == Kind::Local || n->kind == Kind::Deref || n->kind == Kind::Index ||
         (n->kind == Kind::Field && placeish(n->kids[0]));
}

static check::Scalar scalar_of(const check::Type* t, check::Scalar d) {
  return t && t->kind == TypeKind::Scalar ? t->scalar : d;
}

Value Interp::eval(const Node* n) {
  switch (n->kind) {
    case Kind::Const: return Value{n->bits, 0, nullptr, nullptr};
    case Kind::Local: {
      Value& s = sl_[n->slot];
      if (n->moves) {
        Value v = std::move(s);
        s = Value{};
        return v;
      }
      return copy(s, n->type);
    }
    case Kind::Deref: return copy(*sl_[n->slot].p, n->type);
    case Kind::Field: {
      if (placeish(n->kids[0])) return copy(place(n->kids[0])->s->e[n->index], n->type);
      Value b = eval(n->kids[0]);
      return std::move(b.s->e[n->index]);
    }
    case Kind::Index: return copy(*place(n), n->type);
    case Kind::Unary: {
      uint64_t a = scalar(n->kids[0]);
      return Value{op(n, n->op, n->sc, scalar_of(n->type, n->sc), a, 0), 0, nullptr, nullptr};
    }
    case Kind::Binary: {
      uint64_t a = scalar(n->kids[0]);
      uint64_t b = scalar(n->kids[1]);
      return Value{op(n, n->op, n->sc, scalar_of(n->type, n->sc), a, b), 0, nullptr, nullptr};
    }
    case Kind::Builtin: {
      uint64_t a = scalar(n->kids[0]);
      uint64_t b = n->kids.size() > 1 ? scalar(n->kids[1]) : 0;
      return Value{op(n, n->op, n->sc, scalar_of(n->type, n->sc), a, b), 0, nullptr, nullptr};
    }
    case Kind::Convert: {
      uint64_t a = scalar(n->kids[0]);
      return Value{op(n, sem::Op::Convert, n->sc2, n->sc, a, 0), 0, nullptr, nullptr};
    }
    case Kind::And: {
      if (!scalar(n->kids[0])) return Value{};
      return Value{scalar(n->kids[1]) ? 1u : 0u, 0, nullptr, nullptr};
    }
    case Kind::Or: {
      if (scalar(n->kids[0])) return Value{1, 0, nullptr, nullptr};
      return Value{scalar(n->kids[1]) ? 1u : 0u, 0, nullptr, nullptr};
    }
    case Kind::Call:
    case Kind::CallIndirect: return call(n);
    case Kind::Record: {
      Value v;
      v.s = make_store();
      v.s->e.reserve(n->kids.size());
      for (const Node* k : n->kids) v.s->e.push_back(eval(k));
      return v;
    }
    case Kind::Variant: {
      Value v;
      v.b = n->index;
      PayloadRep rep = payload_rep(n->type, n->index);
      if (!n->kids.empty()) {
        if (rep == PayloadRep::Boxed) {  // the store first, as ever: a trap in the payload leaves it built
          v.s = make_store();
          v.s->e.push_back(eval(n->kids[0]));
        } else {
          put_payload(v, rep, eval(n->kids[0]));
        }
      } else if (n->type && n->type->kind == TypeKind::Sum && n->index < n->type->sum->variants.size() &&
                 n->type->sum->variants[n->index].payload) {
        put_payload(v, rep, Value{});  // a payload type with no payload given: zero bits
      }
      return v;
    }
    case Kind::BufNew: {
      uint64_t count = scalar(n->kids[0]);
      return buf_new(n->elem, count, n->pos);
    }
    case Kind::ArrayNew: return zero(n->type);
    case Kind::String:
    case Kind::Part:
    case Kind::Lend: return view(n);
    case Kind::FnRef: {
      return Value{n->callee != ir::kNoSlot ? static_cast<uint64_t>(n->callee) + 1 : 0, 0, nullptr, nullptr};
    }
    case Kind::Len: {
      if (const Value* vr = view_ref(n->kids[0])) return Value{vr->n, 0, nullptr, nullptr};
      return Value{view(n->kids[0]).n, 0, nullptr, nullptr};
    }
    case Kind::Take: {
      Value* p = place(n->kids[0]);
      Value v = std::move(*p);
      *p = zero(n->type);
      return v;
    }
    case Kind::Swap: {
      Value* a = place(n->kids[0]);
      Value* b = place(n->kids[1]);
      if (a != b) std::swap(*a, *b);
      return Value{};
    }
    case Kind::Print: {
      std::vector<Value> vals;
      vals.reserve(n->kids.size());
      for (const Node* k : n->kids) {
        const check::Type* t = k->type;
        bool scalar = t && t->kind == TypeKind::Scalar;
        vals.push_back(scalar ? eval(k) : view(k));
      }
      std::string out;
      for (size_t i = 0; i < vals.size(); ++i) render(n->kids[i], vals[i], out, false);
      if (n->newline) out.push_back('\n');
      write_out(n->to_stderr ? 2 : 1, out);
      return Value{};
    }
    case Kind::Format: return format(n);
    case Kind::Assert:
    case Kind::AssertEq: return assert_node(n);
    case Kind::Compact: return compact(n);
    case Kind::Reduce: return reduce(n);
    case Kind::Try: {
      Value v = eval(n->kids[0]);
      const check::Type* t = n->kids[0]->type;
      if (v.b == 0) return take_payload(v, payload_rep(t, 0));
      Value r;
      r.b = 1;
      PayloadRep in_rep = payload_rep(t, 1);
      if (in_rep != PayloadRep::None) {  // the function's result: its second variant with the same payload
        auto it = try_result_.find(n);
        put_payload(r, payload_rep(it != try_result_.end() ? it->second : nullptr, 1), take_payload(v, in_rep));
      }
      *ret_ = std::move(r);
      exec_unwind(n);
      throw TryReturn{};
    }
    case Kind::ArgRef: case Kind::ArgTemp: case Kind::ArgView: case Kind::Extent:
    case Kind::Block: case Kind::Let: case Kind::Drop: case Kind::Unpack: case Kind::Storage:
    case Kind::Assign: case Kind::Compound: case Kind::If: case Kind::While: case Kind::ForRange:
    case Kind::ForEach: case Kind::Match: case Kind::Arm: case Kind::Return: case Kind::Break:
    case Kind::Continue: case Kind::Defer: case Kind::Eval: case Kind::Release: case Kind::Unwind: break;
  }
  return Value{};
}

uint64_t Interp::scalar(const Node* n) {
  switch (n->kind) {
    case Kind::Const: return n->bits;
    case Kind::Local:
      if (!n->moves) return sl_[n->slot].b;  // copy(...).b is the slot's bits
      break;
    case Kind::Deref: return sl_[n->slot].p->b;
    case Kind::Field:
      if (placeish(n->kids[0])) return place(n->kids[0])->s->e[n->index].b;
      break;
    case Kind::Index: return place(n)->b;
    case Kind::Unary: {
      uint64_t a = scalar(n->kids[0]);
      return op(n, n->op, n->sc, scalar_of(n->type, n->sc), a, 0);
    }
    case Kind::Binary: {
      uint64_t a = scalar(n->kids[0]);
      uint64_t b = scalar(n->kids[1]);
      return op(n, n->op, n->sc, scalar_of(n->type, n->sc), a, b);
    }
    case Kind::Builtin: {
      uint64_t a = scalar(n->kids[0]);
      uint64_t b = n->kids.size() > 1 ? scalar(n->kids[1]) : 0;
      return op(n, n->op, n->sc, scalar_of(n->type, n->sc), a, b);
    }
    case Kind::Convert: {
      uint64_t a = scalar(n->kids[0]);
      return op(n, sem::Op::Convert, n->sc2, n->sc, a, 0);
    }
    case Kind::And:
      if (!scalar(n->kids[0])) return 0;
      return scalar(n->kids[1]) ? 1u : 0u;
    case Kind::Or:
      if (scalar(n->kids[0])) return 1;
      return scalar(n->kids[1]) ? 1u : 0u;
    case Kind::Len:
      if (const Value* vr = view_ref(n->kids[0])) return vr->n;
      return view(n->kids[0]).n;
    case Kind::Call: case Kind::CallIndirect: case Kind::Record: case Kind::Variant:
    case Kind::BufNew: case Kind::ArrayNew: case Kind::String: case Kind::FnRef: case Kind::Part:
    case Kind::Lend: case Kind::Take: case Kind::Swap: case Kind::Print: case Kind::Format: case Kind::Assert:
    case Kind::AssertEq: case Kind::Compact: case Kind::Reduce: case Kind::Try: case Kind::ArgRef:
    case Kind::ArgTemp: case Kind::ArgView: case Kind::Extent: case Kind::Block:
    case Kind::Let: case Kind::Drop: case Kind::Unpack: case Kind::Storage: case Kind::Assign:
    case Kind::Compound: case Kind::If: case Kind::While: case Kind::ForRange: case Kind::ForEach:
    case Kind::Match: case Kind::Arm: case Kind::Return: case Kind::Break: case Kind::Continue:
    case Kind::Defer: case Kind::Eval: case Kind::Release: case Kind::Unwind: break;
  }
  return eval(n).b;
}

Value Interp::call(const Node* n) {
  const ir::Function* f = nullptr;
  size_t first = 0;
  if (n->kind == Kind::Call) {
    f = n->callee != ir::kNoSlot ? &mod.fns[n->callee] : nullptr;
  } else {
    uint64_t id = scalar(n->kids[0]);
    first = 1;
    if (id == 0 || id > mod.fns.size()) trap(check::TrapKind::NullFn, n->pos);
    f = &mod.fns[id - 1];
  }
  size_t nargs = n->kids.size() - first;
  ArgBuf ab(nargs);
  Value* args = ab.p;
  for (size_t i = first; i < n->kids.size(); ++i) {
    const Node* k = n->kids[i];
    Value& a = args[i - first];
    switch (k->kind) {
      case Kind::ArgRef: a.p = place(k->kids[0]); break;
      case Kind::ArgTemp:
        a.p = push_temp(eval(k->kids[0]));
        break;
      case Kind::ArgView: a = view(k->kids[0]); break;
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
      case Kind::Unwind: a = eval(k); break;
    }
  }
  return finish_call(n, f, args, nargs, first);
}

// After a call's arguments (kids from `first`): omitted extents filled in, the part guards of the views it
// passes (a part or lending record must have the extent the call gives its parameter), the depth limit, the
// plan dispatch, then the call. Shared by the walker and the compiled general call.
Value Interp::finish_call(const Node* n, const ir::Function* f, Value* args, size_t nargs, size_t first) {
  if (!f) trap(check::TrapKind::NullFn, n->pos);
  const check::FnInfo& info = *f->info;
  for (size_t i = first; i < n->kids.size(); ++i) {
    const Node* k = n->kids[i];
    if (k->kind == Kind::Extent && k->index < nargs) args[i - first].b = args[k->index].n;
  }
  for (size_t j = 0; j < info.params.size() && j + first < n->kids.size(); ++j) {
    const Node* k = n->kids[j + first];
    if (k->kind != Kind::ArgView) continue;
    const Node* v = k->kids[0];
    if (v->kind != Kind::Part && v->kind != Kind::Lend) continue;
    const check::ExtentSpec& e = info.params[j].extent;
    uint64_t want;
    if (e.kind == check::ExtentSpec::Kind::Value) want = e.value;
    else if (e.kind == check::ExtentSpec::Kind::Param && e.value < nargs) want = args[e.value].b;
    else continue;
    if (args[j].n != want) trap(check::TrapKind::Part, v->pos);
  }
  if (too_deep(depth)) trap(check::TrapKind::Stack, n->pos);
  tick();
  f = dispatch(f, args, nargs);
  return invoke(*f, args, nargs, n->pos);
}

const ir::Function* Interp::dispatch(const ir::Function* f, Value* args, size_t nargs) {
  // dispatch through a plan (§17.3)
  if (!f->info->planned) return f;
  const ir::Function* g = f->planned != ir::kNoSlot ? &mod.fns[f->planned] : nullptr;
  if (g && g->when) {
    FrameScope fs(*this, g->slots);
    for (size_t i = 0; i < nargs && i < g->param_slots.size(); ++i) fs.slots[g->param_slots[i]] = args[i];
    fs.enter();
    bool take = eval(g->when).b != 0;
    if (take) f = g;
  } else if (g) {
    f = g;
  }
  return f;
}

Value Interp::invoke(const ir::Function& f, std::vector<Value>& args, Pos pos) {
  return invoke(f, args.data(), args.size(), pos);
}

Value Interp::invoke(const ir::Function& f, Value* args, size_t nargs, Pos) {
  StorePool::Scope pool_scope(&pool_);  // stores this run releases are kept for its next values
  Value r;
  {
    FrameScope fs(*this, f.slots);
    Value* slots = fs.slots;
    for (size_t i = 0; i < nargs && i < f.param_slots.size(); ++i) {
      if (f.param_slots[i] == ir::kNoSlot) continue;
      if (f.param_borrow[i]) slots[f.param_slots[i]].p = args[i].p;
      else slots[f.param_slots[i]] = std::move(args[i]);
    }
    fs.enter();
    ret_ = &r;
    ++depth;
    if (walk) {
      if (f.body) exec_block(f.body);
    } else if (const CNode* body = code_->bodies[static_cast<size_t>(&f - mod.fns.data())]) {
      body->ex(*this, body);
    }
  }
  return r;
}

Value Interp::compact(const Node* n) {
  Value* out = place(n->kids[0]);
  uint64_t lo = scalar(n->kids[1]);
  uint64_t hi = scalar(n->kids[2]);
  uint64_t count = 0;
  bool is_view = n->kids[0]->type && n->kids[0]->type->kind == TypeKind::View;
  for (uint64_t i = lo; i < hi; ++i) {
    if (n->slot != ir::kNoSlot) sl_[n->slot].b = i;
    if (!scalar(n->kids[3])) continue;
    Value v = eval(n->kids[4]);
    uint64_t len = is_view ? out->n : (out->s ? out->s->e.size() : 0);
    if (count >= len) trap(check::TrapKind::Bounds, n->pos);
    out->s->e[(is_view ? out->b : 0) + count] = std::move(v);
    ++count;
  }
  return Value{count, 0, nullptr, nullptr};
}

Value Interp::reduce(const Node* n) {
  uint64_t lo = scalar(n->kids[0]);
  uint64_t hi = scalar(n->kids[1]);
  check::Scalar sc = n->sc;
  uint64_t acc = reduce_identity(n->fold, sc);
  for (uint64_t i = lo; i < hi; ++i) {
    if (n->slot != ir::kNoSlot) sl_[n->slot].b = i;
    uint64_t e = scalar(n->kids[2]);
    if (n->fold == Fold::And) acc = acc && e;
    else if (n->fold == Fold::Or) acc = acc || e;
    else acc = op(n, n->op, sc, sc, acc, e);
  }
  return Value{acc, 0, nullptr, nullptr};
}

}  // namespace cairn::sem
