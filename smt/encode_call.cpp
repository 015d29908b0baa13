// The encoder's calls: arguments and part guards as finish_call orders them, plan dispatch, and inlining of
// the callee under the caller's `active` (acyclic calls only).
#include "smt/encode_state.h"

namespace cairn::smt::enc {

namespace {

SVal borrow_of(Loc l) {
  SVal v;
  v.k = SVal::K::Borrow;
  v.loc = std::move(l);
  return v;
}

}  // namespace

// The arguments of a call, then its omitted extents and the part guards of the views it passes
// (interp_eval.cpp finish_call): a part must have the extent the callee gives its parameter.
SVal Encoder::call(const Node* n) {
  if (n->callee == ir::kNoSlot || n->callee >= m.fns.size()) refuse("internal: a call without a callee");
  const ir::Function* f = &m.fns[n->callee];
  const check::FnInfo& info = *f->info;
  std::vector<SVal> args(n->kids.size());
  for (size_t i = 0; i < n->kids.size(); ++i) {
    const Node* k = n->kids[i];
    switch (k->kind) {
      case Kind::ArgRef: args[i] = borrow_of(place(k->kids[0])); break;
      case Kind::ArgTemp: args[i] = borrow_of(temp(eval(k->kids[0]))); break;
      case Kind::ArgView: args[i] = view(k->kids[0]); break;
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
      case Kind::Unwind: args[i] = eval(k); break;
    }
  }
  for (size_t i = 0; i < n->kids.size(); ++i) {
    const Node* k = n->kids[i];
    if (k->kind != Kind::Extent || k->index >= args.size()) continue;
    if (args[k->index].k != SVal::K::View) refuse("internal: an omitted extent of a non-view argument");
    args[i] = scalar_val(args[k->index].len);
  }
  for (size_t j = 0; j < info.params.size() && j < n->kids.size(); ++j) {
    const Node* k = n->kids[j];
    if (k->kind != Kind::ArgView) continue;
    const Node* v = k->kids[0];
    if (v->kind != Kind::Part && v->kind != Kind::Lend) continue;
    const check::ExtentSpec& e = info.params[j].extent;
    Term want;
    if (e.kind == check::ExtentSpec::Kind::Value) want = usize_lit(c, e.value);
    else if (e.kind == check::ExtentSpec::Kind::Param && e.value < args.size()) want = args[e.value].t;
    else continue;
    guard(ne(args[j].len, want), check::TrapKind::Part);
  }
  bool split = false;
  Term take;
  const ir::Function* g = dispatch(f, args, split, take);
  if (!split) return invoke(*g, std::move(args));
  // The plan's condition decides per input: both bodies run, each under its own inputs.
  Term before = active;
  active = before && take;
  SVal rg = active.is_false() ? SVal{} : invoke(*g, args);
  Term g_end = active;
  active = before && !take;
  SVal rf = active.is_false() ? SVal{} : invoke(*f, std::move(args));
  active = g_end || active;
  return merge(g_end, rg, rf);
}

// A plan's choice (§17.3): its implementation, where its `when` condition (over the parameters) holds.
const ir::Function* Encoder::dispatch(const ir::Function* f, std::vector<SVal>& args, bool& split, Term& take) {
  split = false;
  if (!f->info->planned) return f;
  const ir::Function* g = f->planned != ir::kNoSlot ? &m.fns[f->planned] : nullptr;
  if (!g) return f;
  if (!g->when) return g;
  Frame fr;
  fr.fn = g;
  fr.base = static_cast<uint32_t>(cells.size());
  fr.returned = c.boolean(false);
  cells.resize(cells.size() + g->slots);
  for (size_t i = 0; i < args.size() && i < g->param_slots.size(); ++i)
    if (g->param_slots[i] != ir::kNoSlot) cells[fr.base + g->param_slots[i]] = args[i];
  frames.push_back(std::move(fr));
  take = scalar(g->when);
  frames.pop_back();
  if (take.is_true()) return g;
  if (take.is_false()) return f;
  split = true;
  return g;
}

// A call of the encoded function to itself, not inlined: fresh constants for its result and its trap, the trap
// recorded as a guard where the call is made (its kind is not modeled: no verdict reads a trap's kind).
SVal Encoder::abstract_call(const ir::Function& f, const std::vector<SVal>& args) {
  const check::FnInfo& info = *f.info;
  const std::string& name = info.name;
  if (!info.result || info.result->kind != TypeKind::Scalar)
    refuse("recursion: " + name + " calls itself and returns a " + check::type_name(info.result) +
           " (a recursion is related by induction only where the result is a scalar)");
  AbstractCall a;
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i].k != SVal::K::Scalar)
      refuse("recursion: " + name + " calls itself with a parameter that is not a scalar (a recursion is related by "
             "induction only over scalar parameters)");
    a.args.push_back(args[i].t);
  }
  std::string tag = "call" + std::to_string(abstract_calls.size());
  a.active = active;
  a.result = c.fresh(tag + ".return", scalar_sort(c, info.result->scalar));
  a.trapped = c.fresh(tag + ".trapped", c.bool_sort());
  guard(a.trapped, check::TrapKind::Stack);
  abstract_calls.push_back(a);
  return scalar_val(a.result);
}

SVal Encoder::invoke(const ir::Function& f, std::vector<SVal> args) {
  const std::string& name = f.info->name;
  if (!f.body) refuse("an extern function (" + name + ")");
  // With abstract_recursion, the frames of the encoded function split the stack into levels; another function
  // may run once per level (a mutual recursion through it), the encoded one `recursion_depth` times inlined.
  size_t level_start = 0, own = 0;
  if (abstract_recursion && !frames.empty()) {
    for (size_t i = 0; i < frames.size(); ++i)
      if (frames[i].fn == frames.front().fn) level_start = i, ++own;
    if (frames.front().fn == &f) {
      if (own > recursion_depth) return abstract_call(f, args);
      level_start = frames.size();
    }
  }
  for (size_t i = level_start; i < frames.size(); ++i)
    if (frames[i].fn == &f) {
      const std::string& caller = frames.back().fn->info->name;
      if (frames.back().fn == &f) refuse("recursion: " + name + " calls itself");
      refuse("recursion: " + caller + " calls " + name + ", which is already running");
    }
  Frame fr;
  fr.fn = &f;
  fr.base = static_cast<uint32_t>(cells.size());
  fr.returned = c.boolean(false);
  cells.resize(cells.size() + f.slots);
  for (size_t i = 0; i < args.size() && i < f.param_slots.size(); ++i)
    if (f.param_slots[i] != ir::kNoSlot) cells[fr.base + f.param_slots[i]] = std::move(args[i]);
  frames.push_back(std::move(fr));
  exec(f.body);
  active = active || frames.back().returned;  // the callee's end: fell off its body, or returned
  SVal r = std::move(frames.back().ret);
  frames.pop_back();
  return r;
}

}  // namespace cairn::smt::enc
