// Own effect labels, guard sites with the easy elision proofs of §16.3, and call edges with argument roots.
#include "front/check/flow_rows.h"

#include <algorithm>

namespace cairn::check::flow {

RowRecorder::RowRecorder(Program& program, FnInfo& fn) : program_(program), fn_(fn) {}

void RowRecorder::access(const Place& p, bool write, bool element) {
  if (!p) return;
  if (is_borrow_param(p.root)) {
    if (write) fn_.own_row.add_write(*p.root->param_index);
    else fn_.own_row.add_read(*p.root->param_index);
    return;
  }
  // A string local names static storage: reading it is no label (§13.1 lists only owned storage).
  if (element && p.root->origin != LocalVar::Origin::StringLocal) label(write ? Effect::LocalWrite : Effect::LocalRead);
}

void RowRecorder::guard(TrapKind k, Pos pos, bool safe) {
  label(Effect::Trap);
  if (fn_.body) fn_.body->guards.push_back(GuardSite{k, pos, safe});
}

const LocalVar* RowRecorder::param_local(uint32_t index) const {
  if (!fn_.body) return nullptr;
  const auto& locals = fn_.body->locals;
  // The body checker declares the parameters first, in order: parameter i is local i.
  if (index < locals.size() && locals[index]->param_index == index) return locals[index].get();
  for (const auto& v : locals)
    if (v->param_index && *v->param_index == index) return v.get();
  return nullptr;
}

ExtentId RowRecorder::extent_of(const ast::Expr* storage) const {
  storage = peel_parens(storage);
  const ExprInfo* in = info_of(storage);
  if (in && in->extent) return *in->extent;
  ExtentId x;
  const LocalVar* v = named_local(storage);
  if (!v || !v->type) return x;
  switch (v->extent.kind) {
    case ExtentSpec::Kind::Value:
      x.kind = ExtentId::Kind::Value;
      x.value = v->extent.value;
      return x;
    case ExtentSpec::Kind::Param:
      if (const LocalVar* n = param_local(static_cast<uint32_t>(v->extent.value))) {
        x.kind = ExtentId::Kind::Binding;
        x.local = n;
      }
      return x;
    case ExtentSpec::Kind::Field: return x;
    case ExtentSpec::Kind::None: break;
  }
  if (v->extent_local) {
    x.kind = ExtentId::Kind::Binding;
    x.local = v->extent_local;
  } else if (v->type->kind == TypeKind::Array) {
    x.kind = ExtentId::Kind::Value;
    x.value = v->type->length;
  }
  return x;
}

ExtentId RowRecorder::extent_of_bound(const ast::Expr* e) const {
  ExtentId x;
  e = peel_parens(e);
  if (!e) return x;
  const ExprInfo* in = info_of(e);
  if (e->kind == ast::ExprKind::IntLit && !e->negative) {
    x.kind = ExtentId::Kind::Value;
    x.value = e->int_value;
    return x;
  }
  if (!in) return x;
  if (in->ref == NameRef::Natural || (in->ref == NameRef::Const && in->folded)) {
    x.kind = ExtentId::Kind::Value;
    x.value = in->ref == NameRef::Natural ? in->natural : in->folded->bits;
  } else if (in->ref == NameRef::Const && in->constant && in->constant->value) {
    x.kind = ExtentId::Kind::Value;
    x.value = in->constant->value->bits;
  } else if (e->kind == ast::ExprKind::Name && in->ref == NameRef::Local && in->local && !in->local->is_mut) {
    x.kind = ExtentId::Kind::Binding;
    x.local = in->local;
  } else if (in->call == CallKind::Builtin && in->builtin == Builtin::Len && in->full_args.size() == 1) {
    return extent_of(in->full_args[0]);
  }
  return x;
}

bool RowRecorder::known_below(const ast::Expr* index, const ExtentId& extent) const {
  index = peel_parens(index);
  // i - c is below what i is below (an unsigned subtraction that would go under zero traps first).
  if (index && index->kind == ast::ExprKind::Binary && index->bin == ast::BinOp::Sub && index->type &&
      index->type->kind == TypeKind::Scalar && scalar_is_unsigned(index->type->scalar))
    return known_below(index->a, extent);
  if (extent.kind == ExtentId::Kind::Value)
    if (std::optional<uint64_t> hi = upper_bound(index); hi && *hi < extent.value) return true;
  const LocalVar* v = named_local(index);
  if (!v || v->is_mut) return false;
  for (const auto& [local, ext] : below_)
    if (local == v && ext.same(extent) && ext.kind != ExtentId::Kind::Dynamic) return true;
  return false;
}

namespace {
uint64_t unsigned_max(const Type* t) {
  unsigned bits = scalar_bits(t->scalar);
  return bits >= 64 ? UINT64_MAX : (uint64_t{1} << bits) - 1;
}
}  // namespace

std::optional<uint64_t> RowRecorder::upper_bound(const ast::Expr* e) const {
  e = peel_parens(e);
  if (!e || !e->type || e->type->kind != TypeKind::Scalar || !scalar_is_unsigned(e->type->scalar)) return std::nullopt;
  const ExprInfo* in = info_of(e);
  switch (e->kind) {
    case ast::ExprKind::IntLit:
      if (e->negative) return std::nullopt;
      return e->int_value;
    case ast::ExprKind::Name:
    case ast::ExprKind::Field: {
      if (!in) return std::nullopt;
      if (in->ref == NameRef::Natural) return in->natural;
      if (in->ref == NameRef::Const && in->folded) return in->folded->bits;
      if (in->ref == NameRef::Const && in->constant && in->constant->value) return in->constant->value->bits;
      const LocalVar* v = named_local(e);
      if (!v || v->is_mut) return std::nullopt;
      std::optional<uint64_t> best;
      for (const auto& [local, ext] : below_)
        if (local == v && ext.kind == ExtentId::Kind::Value && ext.value > 0 && (!best || ext.value - 1 < *best))
          best = ext.value - 1;
      return best;
    }
    case ast::ExprKind::Binary: {
      // Only the operands the operator needs, the right one first: the walk asks at every node of a
      // left-nested chain (a + b + c + ...), which must not cost a descent to its bottom each time.
      std::optional<uint64_t> a, b;
      unsigned __int128 r;
      switch (e->bin) {
        case ast::BinOp::Add:
          if (!(b = upper_bound(e->b)) || !(a = upper_bound(e->a))) return std::nullopt;
          r = static_cast<unsigned __int128>(*a) + *b;
          break;
        case ast::BinOp::Mul:
          if (!(b = upper_bound(e->b)) || !(a = upper_bound(e->a))) return std::nullopt;
          r = static_cast<unsigned __int128>(*a) * *b;
          break;
        case ast::BinOp::Sub:
        case ast::BinOp::Div: return upper_bound(e->a);  // a - b <= a (or traps); a / b <= a (b = 0 traps)
        case ast::BinOp::Rem:
          a = upper_bound(e->a);
          b = upper_bound(e->b);
          if (b && *b > 0) return a && *a < *b - 1 ? *a : *b - 1;
          return a;
        case ast::BinOp::BitAnd:
          a = upper_bound(e->a);
          b = upper_bound(e->b);
          if (a && b) return std::min(*a, *b);
          return a ? a : b;
        default: return std::nullopt;
      }
      // Past the type's range the operation traps, so whatever follows sees at most the type's maximum.
      return r > unsigned_max(e->type) ? unsigned_max(e->type) : static_cast<uint64_t>(r);
    }
    default: return std::nullopt;
  }
}

bool RowRecorder::cannot_overflow(const ast::Expr* e) const {
  e = peel_parens(e);
  if (!e || e->kind != ast::ExprKind::Binary || (e->bin != ast::BinOp::Add && e->bin != ast::BinOp::Mul)) return false;
  if (!e->type || e->type->kind != TypeKind::Scalar || !scalar_is_unsigned(e->type->scalar)) return false;
  std::optional<uint64_t> a, b;  // right first, as upper_bound does
  if (!(b = upper_bound(e->b)) || !(a = upper_bound(e->a))) return false;
  unsigned __int128 r = e->bin == ast::BinOp::Add ? static_cast<unsigned __int128>(*a) + *b
                                                   : static_cast<unsigned __int128>(*a) * *b;
  return r <= unsigned_max(e->type);
}

bool RowRecorder::known_positive(const ast::Expr* e) const {
  const LocalVar* v = named_local(e);
  if (!v || v->is_mut) return false;
  for (const LocalVar* p : positive_)
    if (p == v) return true;
  return false;
}

void RowRecorder::index_guard(const ast::Expr* e) {
  bool safe = e->args.size() == 1 && known_below(e->args[0], extent_of(e->a));
  guard(TrapKind::Bounds, e->pos, safe);
}

ArgRoot RowRecorder::root_of(const ast::Expr* arg) const {
  ArgRoot r;
  Place p = place_of(arg);
  if (!p) return r;
  if (is_borrow_param(p.root)) {
    r.kind = ArgRoot::Kind::Param;
    r.param = *p.root->param_index;
  } else {
    r.kind = ArgRoot::Kind::Local;
  }
  return r;
}

void RowRecorder::edge(ast::Expr* call, bool in_collector) {
  if (!record_edges) return;
  const ExprInfo* in = info_of(call);
  if (!in || (in->call != CallKind::Direct && in->call != CallKind::Indirect)) return;
  CallEdge edge;
  if (in->call == CallKind::Direct) {
    if (!in->fn) return;
    edge.callee = in->fn;
  } else {
    edge.fn_type = call->a ? call->a->type : nullptr;
  }
  for (const ast::Expr* arg : in->full_args) edge.roots.push_back(root_of(arg));
  edge.pos = callee_name_pos(call);
  edge.in_collector = in_collector;
  fn_.calls.push_back(std::move(edge));
}

bool conversion_guarded(const Type* from, const Type* to) {
  if (!from || !to || from->kind != TypeKind::Scalar || to->kind != TypeKind::Scalar) return false;
  Scalar f = from->scalar, t = to->scalar;
  if (scalar_is_float(t) || !scalar_is_int(t)) return false;
  if (scalar_is_float(f)) return true;
  if (!scalar_is_int(f)) return false;
  unsigned fb = scalar_bits(f), tb = scalar_bits(t);
  if (scalar_is_signed(f)) return !scalar_is_signed(t) || fb > tb;
  return scalar_is_signed(t) ? fb >= tb : fb > tb;
}

Pos callee_name_pos(const ast::Expr* call) {
  const ast::Expr* c = call ? call->a : nullptr;
  while (c && c->kind == ast::ExprKind::Index) c = c->a;  // f[4](x), Buf[u8](n)
  if (!c) return call ? call->pos : Pos{};
  if (c->kind == ast::ExprKind::Field) return c->binder.pos.valid() ? c->binder.pos : c->pos;
  return c->pos;
}

}  // namespace cairn::check::flow
