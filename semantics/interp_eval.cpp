// The interpreter's expressions: scalars through sem::eval_op, constructors, calls, try, collectors.
#include "semantics/interp.h"

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
    case Kind::Const: return Value{n->imm, 0, nullptr, nullptr};
    case Kind::Zero: return zero(n->type);
    case Kind::Local: {
      Value& s = fr_->slots[n->slot];
      if (n->imm) {
        Value v = std::move(s);
        s = Value{};
        return v;
      }
      return copy(s, n->type);
    }
    case Kind::Deref: return copy(*fr_->slots[n->slot].p, n->type);
    case Kind::Field: {
      if (placeish(n->kids[0])) return copy(place(n->kids[0])->s->e[n->index], n->type);
      Value b = eval(n->kids[0]);
      return std::move(b.s->e[n->index]);
    }
    case Kind::Index: return copy(*place(n), n->type);
    case Kind::Unary: {
      uint64_t a = eval(n->kids[0]).b;
      return Value{op(n, n->op, n->sc, scalar_of(n->type, n->sc), a, 0), 0, nullptr, nullptr};
    }
    case Kind::Binary: {
      uint64_t a = eval(n->kids[0]).b;
      uint64_t b = eval(n->kids[1]).b;
      return Value{op(n, n->op, n->sc, scalar_of(n->type, n->sc), a, b), 0, nullptr, nullptr};
    }
    case Kind::Builtin: {
      uint64_t a = eval(n->kids[0]).b;
      uint64_t b = n->kids.size() > 1 ? eval(n->kids[1]).b : 0;
      return Value{op(n, n->op, n->sc, scalar_of(n->type, n->sc), a, b), 0, nullptr, nullptr};
    }
    case Kind::Convert: {
      uint64_t a = eval(n->kids[0]).b;
      return Value{op(n, sem::Op::Convert, n->sc2, n->sc, a, 0), 0, nullptr, nullptr};
    }
    case Kind::And: {
      if (!eval(n->kids[0]).b) return Value{};
      return Value{eval(n->kids[1]).b ? 1u : 0u, 0, nullptr, nullptr};
    }
    case Kind::Or: {
      if (eval(n->kids[0]).b) return Value{1, 0, nullptr, nullptr};
      return Value{eval(n->kids[1]).b ? 1u : 0u, 0, nullptr, nullptr};
    }
    case Kind::Call:
    case Kind::CallIndirect: return call(n);
    case Kind::Record: {
      Value v;
      v.s = std::make_shared<Store>();
      v.s->e.reserve(n->kids.size());
      for (const Node* k : n->kids) v.s->e.push_back(eval(k));
      return v;
    }
    case Kind::Variant: {
      Value v;
      v.b = n->index;
      if (!n->kids.empty()) {
        v.s = std::make_shared<Store>();
        v.s->e.push_back(eval(n->kids[0]));
      } else if (n->type && n->type->kind == TypeKind::Sum && n->index < n->type->sum->variants.size() &&
                 n->type->sum->variants[n->index].payload) {
        v.s = std::make_shared<Store>();
        v.s->e.push_back(Value{});
      }
      return v;
    }
    case Kind::BufNew: {
      uint64_t count = eval(n->kids[0]).b;
      return buf_new(n->elem, count, n->pos);
    }
    case Kind::ArrayNew: return zero(n->type);
    case Kind::String:
    case Kind::Part:
    case Kind::Lend: return view(n);
    case Kind::FnRef: {
      const ir::Function* f = mod.find(n->fn);
      return Value{f ? static_cast<uint64_t>(f - mod.fns.data()) + 1 : 0, 0, nullptr, nullptr};
    }
    case Kind::Len: return Value{view(n->kids[0]).n, 0, nullptr, nullptr};
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
      if (n->imm & 1) out.push_back('\n');
      write_out(n->imm & 2 ? 2 : 1, out);
      return Value{};
    }
    case Kind::Format: return format(n);
    case Kind::Assert:
    case Kind::AssertEq: return assert_node(n);
    case Kind::Compact: return compact(n);
    case Kind::Reduce: return reduce(n);
    case Kind::Try: {
      Value v = eval(n->kids[0]);
      if (v.b == 0) {
        if (v.s && !v.s->e.empty()) return std::move(v.s->e[0]);
        return Value{};
      }
      Value r;
      r.b = 1;
      if (v.s && !v.s->e.empty()) {
        r.s = std::make_shared<Store>();
        r.s->e.push_back(std::move(v.s->e[0]));
      }
      fr_->ret = std::move(r);
      throw TryReturn{};
    }
    default: break;
  }
  return Value{};
}

Value Interp::call(const Node* n) {
  const ir::Function* f = nullptr;
  size_t first = 0;
  if (n->kind == Kind::Call) {
    f = mod.find(n->fn);
  } else {
    uint64_t id = eval(n->kids[0]).b;
    first = 1;
    if (id == 0 || id > mod.fns.size()) trap(check::TrapKind::NullFn, n->pos);
    f = &mod.fns[id - 1];
  }
  std::vector<Value> args(n->kids.size() - first);
  for (size_t i = first; i < n->kids.size(); ++i) {
    const Node* k = n->kids[i];
    Value& a = args[i - first];
    switch (k->kind) {
      case Kind::ArgRef: a.p = place(k->kids[0]); break;
      case Kind::ArgTemp:
        fr_->temps.push_back(eval(k->kids[0]));
        a.p = &fr_->temps.back();
        break;
      case Kind::ArgView: a = view(k->kids[0]); break;
      case Kind::Extent: break;
      default: a = eval(k); break;
    }
  }
  if (!f) trap(check::TrapKind::NullFn, n->pos);
  const check::FnInfo& info = *f->info;
  for (size_t i = first; i < n->kids.size(); ++i) {
    const Node* k = n->kids[i];
    if (k->kind == Kind::Extent && k->index < args.size()) args[i - first].b = args[k->index].n;
  }
  // part guards: a part or lending record must have the extent the call gives its parameter
  for (size_t j = 0; j < info.params.size() && j + first < n->kids.size(); ++j) {
    const Node* k = n->kids[j + first];
    if (k->kind != Kind::ArgView) continue;
    const Node* v = k->kids[0];
    if (v->kind != Kind::Part && v->kind != Kind::Lend) continue;
    const check::ExtentSpec& e = info.params[j].extent;
    uint64_t want;
    if (e.kind == check::ExtentSpec::Kind::Value) want = e.value;
    else if (e.kind == check::ExtentSpec::Kind::Param && e.value < args.size()) want = args[e.value].b;
    else continue;
    if (args[j].n != want) trap(check::TrapKind::Part, v->pos);
  }
  if (depth >= limits.max_call_depth) trap(check::TrapKind::Stack, n->pos);
  // dispatch through a plan (§17.3)
  if (info.planned) {
    const ir::Function* g = mod.find(info.planned);
    if (g && g->when) {
      Frame fr;
      fr.slots.resize(g->slots);
      for (size_t i = 0; i < args.size() && i < g->param_slots.size(); ++i) fr.slots[g->param_slots[i]] = args[i];
      Frame* saved = fr_;
      fr_ = &fr;
      bool take = eval(g->when).b != 0;
      fr_ = saved;
      if (take) f = g;
    } else if (g) {
      f = g;
    }
  }
  return invoke(*f, args, n->pos);
}

Value Interp::invoke(const ir::Function& f, std::vector<Value>& args, Pos) {
  Frame fr;
  fr.slots.resize(f.slots);
  for (size_t i = 0; i < args.size() && i < f.param_slots.size(); ++i) {
    if (f.param_slots[i] == ir::kNoSlot) continue;
    if (f.param_borrow[i]) fr.slots[f.param_slots[i]].p = args[i].p;
    else fr.slots[f.param_slots[i]] = std::move(args[i]);
  }
  Frame* saved = fr_;
  fr_ = &fr;
  ++depth;
  struct Restore {
    Interp* in;
    Frame* saved;
    ~Restore() {
      in->fr_ = saved;
      --in->depth;
    }
  } restore{this, saved};
  if (f.body) exec_block(f.body);
  return std::move(fr.ret);
}

Value Interp::compact(const Node* n) {
  Value* out = place(n->kids[0]);
  uint64_t lo = eval(n->kids[1]).b;
  uint64_t hi = eval(n->kids[2]).b;
  uint64_t count = 0;
  bool is_view = n->kids[0]->type && n->kids[0]->type->kind == TypeKind::View;
  for (uint64_t i = lo; i < hi; ++i) {
    if (n->slot != ir::kNoSlot) fr_->slots[n->slot].b = i;
    if (!eval(n->kids[3]).b) continue;
    Value v = eval(n->kids[4]);
    uint64_t len = is_view ? out->n : (out->s ? out->s->e.size() : 0);
    if (count >= len) trap(check::TrapKind::Bounds, n->pos);
    out->s->e[(is_view ? out->b : 0) + count] = std::move(v);
    ++count;
  }
  return Value{count, 0, nullptr, nullptr};
}

Value Interp::reduce(const Node* n) {
  uint64_t lo = eval(n->kids[0]).b;
  uint64_t hi = eval(n->kids[1]).b;
  check::Scalar sc = n->sc;
  unsigned w = check::scalar_bits(sc);
  uint64_t mask = w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
  uint64_t acc = 0;
  bool sgn = check::scalar_is_signed(sc) && check::scalar_is_int(sc);
  switch (n->imm) {
    case 1: acc = sc == check::Scalar::F64 ? 0x3FF0000000000000ull : sc == check::Scalar::F32 ? 0x3F800000ull : 1; break;
    case 3: acc = 1; break;
    case 4: acc = mask; break;
    case 7: acc = sgn ? mask >> 1 : mask; break;
    case 8: acc = sgn ? ~(mask >> 1) : 0; break;
    case 9: acc = 1; break;
    default: acc = 0; break;
  }
  for (uint64_t i = lo; i < hi; ++i) {
    if (n->slot != ir::kNoSlot) fr_->slots[n->slot].b = i;
    uint64_t e = eval(n->kids[2]).b;
    if (n->imm == 9) acc = acc && e;
    else if (n->imm == 10) acc = acc || e;
    else acc = op(n, n->op, sc, sc, acc, e);
  }
  return Value{acc, 0, nullptr, nullptr};
}

}  // namespace cairn::sem
