// Compiled calls: arguments evaluated left to right into a stack buffer, the callee resolved at compile time.
#include "semantics/interp_code.h"

namespace cairn::sem {

using check::TypeKind;
using ir::Kind;

namespace {

// The argument values of kids [first, end) in the walker's order and forms.
void eval_args(Interp& in, const CNode* c, Value* args, size_t first) {
  for (size_t i = first; i < c->kids.size(); ++i) {
    const CNode* k = c->kids[i];
    Value& a = args[i - first];
    switch (k->n->kind) {
      case Kind::ArgRef: a.p = k->a->pl(in, k->a); break;
      case Kind::ArgTemp:
        in.fr_->temps.push_back(k->a->ev(in, k->a));
        a.p = &in.fr_->temps.back();
        break;
      case Kind::ArgView: a = in.view(k->n->kids[0]); break;
      case Kind::Extent: break;
      default: a = k->ev(in, k); break;
    }
  }
}

// Every form of call: indirect, borrows, views with their part guards, plans (Interp::call, compiled).
Value ev_call_general(Interp& in, const CNode* c) {
  const ir::Node* n = c->n;
  const ir::Function* f = c->fn;
  size_t first = c->imm;
  if (n->kind == Kind::CallIndirect) {
    uint64_t id = c->a->sc(in, c->a);
    if (id == 0 || id > in.mod.fns.size()) in.trap(check::TrapKind::NullFn, n->pos);
    f = &in.mod.fns[id - 1];
  }
  size_t nargs = c->kids.size() - first;
  ArgBuf ab(nargs);
  Value* args = ab.p;
  eval_args(in, c, args, first);
  if (!f) in.trap(check::TrapKind::NullFn, n->pos);
  const check::FnInfo& info = *f->info;
  for (size_t i = first; i < n->kids.size(); ++i) {
    const ir::Node* k = n->kids[i];
    if (k->kind == Kind::Extent && k->index < nargs) args[i - first].b = args[k->index].n;
  }
  // part guards: a part or lending record must have the extent the call gives its parameter
  for (size_t j = 0; j < info.params.size() && j + first < n->kids.size(); ++j) {
    const ir::Node* k = n->kids[j + first];
    if (k->kind != Kind::ArgView) continue;
    const ir::Node* v = k->kids[0];
    if (v->kind != Kind::Part && v->kind != Kind::Lend) continue;
    const check::ExtentSpec& e = info.params[j].extent;
    uint64_t want;
    if (e.kind == check::ExtentSpec::Kind::Value) want = e.value;
    else if (e.kind == check::ExtentSpec::Kind::Param && e.value < nargs) want = args[e.value].b;
    else continue;
    if (args[j].n != want) in.trap(check::TrapKind::Part, v->pos);
  }
  if (in.depth >= in.limits.max_call_depth) in.trap(check::TrapKind::Stack, n->pos);
  f = in.dispatch(f, args, nargs);
  return in.invoke(*f, args, nargs, n->pos);
}

// A direct call without a plan, its arguments all plain values for by-value parameters: each argument is
// evaluated straight into the callee's frame (taken first, so calls inside the arguments take the next).
// Scalars: every argument is a scalar.
template <bool Scalars>
Value ev_call_direct(Interp& in, const CNode* c) {
  const ir::Function& f = *c->fn;
  Interp::Frame& fr = in.push_frame(f.slots);
  struct Guard {
    Interp& in;
    Interp::Frame& fr;
    Interp::Frame* saved;
    uint32_t nslots;
    bool entered = false;
    ~Guard() {
      in.pop_frame(fr, nslots);
      if (entered) {
        in.set_frame(saved);
        --in.depth;
      }
    }
  } g{in, fr, in.fr_, f.slots};
  size_t nargs = c->kids.size();
  for (size_t i = 0; i < nargs; ++i) {
    const CNode* k = c->kids[i];
    uint32_t ps = f.param_slots[i];
    if constexpr (Scalars) {
      uint64_t v = k->sc(in, k);
      if (ps != ir::kNoSlot) fr.slots[ps].b = v;
    } else {
      Value v = k->ev(in, k);
      if (ps != ir::kNoSlot) fr.slots[ps] = std::move(v);
    }
  }
  if (in.depth >= in.limits.max_call_depth) in.trap(check::TrapKind::Stack, c->pos);
  in.set_frame(&fr);
  ++in.depth;
  g.entered = true;
  if (const CNode* body = *c->body) body->ex(in, body);
  return std::move(fr.ret);
}

}  // namespace

void select_call(CNode& c) {
  const ir::Node* n = c.n;
  c.sc = &sc_from_ev;
  c.ev = &ev_call_general;
  c.imm = n->kind == Kind::CallIndirect ? 1 : 0;
  // c.fn: the callee and c.body its compiled body, set by the compiler (null: unresolved, or indirect)
  if (n->kind != Kind::Call || !c.fn || c.fn->info->planned) return;
  bool plain = c.fn->param_slots.size() == n->kids.size(), scalars = true;
  for (bool borrow : c.fn->param_borrow)
    if (borrow) plain = false;
  for (const ir::Node* k : n->kids) {
    switch (k->kind) {
      case Kind::ArgRef:
      case Kind::ArgTemp:
      case Kind::ArgView:
      case Kind::Extent: plain = false; break;
      default:
        if (!k->type || k->type->kind != TypeKind::Scalar) scalars = false;
        break;
    }
  }
  if (plain) c.ev = scalars ? &ev_call_direct<true> : &ev_call_direct<false>;
}

}  // namespace cairn::sem
