// The encoder's values: zero values, merging under a condition, storage elements, places, guards.
#include "smt/encode_state.h"

#include <stdexcept>
#include "core/closed_set.h"

namespace cairn::smt::enc {

using check::Scalar;

void refuse(const std::string& what) { throw Unsupported{what}; }

SVal scalar_val(Term t) {
  SVal v;
  v.k = SVal::K::Scalar;
  v.t = t;
  return v;
}

const Type* payload_type(const check::Program& p, const Type* sum, size_t k) {
  if (!sum || sum->kind != TypeKind::Sum || k >= sum->sum->variants.size()) return nullptr;
  const Type* pt = sum->sum->variants[k].payload;
  // Generic std.core sums keep Param types in their payloads; the interpreter substitutes the same way.
  if (pt && !sum->args.empty()) pt = const_cast<check::TypeTable&>(p.types).substitute(pt, sum->args);
  return pt;
}

void leaf_scalars(const check::Program& p, const Type* t, std::vector<Scalar>& out, bool arrays_inline) {
  if (out.size() > kMaxLeaves) refuse("a value of more than 64 scalar leaves");
  switch (t ? t->kind : TypeKind::Error) {
    case TypeKind::Scalar: out.push_back(t->scalar); return;
    case TypeKind::Record:
      for (const auto& f : t->record->fields) leaf_scalars(p, f.type, out, arrays_inline);
      return;
    case TypeKind::Sum:
      out.push_back(Scalar::U32);
      for (size_t k = 0; k < t->sum->variants.size(); ++k)
        if (const Type* pt = payload_type(p, t, k)) leaf_scalars(p, pt, out, arrays_inline);
      return;
    case TypeKind::Array:
      if (!arrays_inline) refuse("an array inside an array or a view's element");
      for (uint64_t i = 0; i < t->length && out.size() <= kMaxLeaves; ++i) leaf_scalars(p, t->elem, out, true);
      if (out.size() > kMaxLeaves) refuse("a value of more than 64 scalar leaves");
      return;
    case TypeKind::Buf: refuse("an owner inside a record, sum or array");
    case TypeKind::Error: case TypeKind::Void: case TypeKind::View: case TypeKind::Borrow: case TypeKind::Fn:
    case TypeKind::Param: refuse("a value of type " + check::type_name(t) + " inside a record, sum or storage");
  }
}

bool holds_owner(const check::Program& p, const Type* t) {
  switch (t ? t->kind : TypeKind::Error) {
    case TypeKind::Buf: return true;
    case TypeKind::Array: return holds_owner(p, t->elem);
    case TypeKind::Record:
      for (const auto& f : t->record->fields)
        if (holds_owner(p, f.type)) return true;
      return false;
    case TypeKind::Sum:
      for (size_t k = 0; k < t->sum->variants.size(); ++k)
        if (holds_owner(p, payload_type(p, t, k))) return true;
      return false;
    case TypeKind::Error: case TypeKind::Void: case TypeKind::Scalar: case TypeKind::View:
    case TypeKind::Borrow: case TypeKind::Fn: case TypeKind::Param: return false;
  }
  outside_closed_set("TypeKind");
}

void refuse_nested_owner(const check::Program& p, const Type* t) {
  if ((t->kind == TypeKind::Record || t->kind == TypeKind::Sum) && holds_owner(p, t))
    refuse("an owner inside a record, sum or array");
}

namespace {

bool is_const(Term t) { return t.kind() == TermKind::BvConst; }

// An element's leaves in layout order (leaf_scalars without inline arrays).
void flatten_elem(const SVal& v, std::vector<Term>& out) {
  switch (v.k) {
    case SVal::K::Scalar: out.push_back(v.t); return;
    case SVal::K::Record:
      for (const SVal& f : v.parts) flatten_elem(f, out);
      return;
    case SVal::K::Sum:
      out.push_back(v.t);
      for (const SVal& pl : v.parts)
        if (pl.k != SVal::K::None) flatten_elem(pl, out);
      return;
    case SVal::K::None: case SVal::K::Store: case SVal::K::View: case SVal::K::Borrow: refuse("internal: a storage element that is not a scalar, record or sum");
  }
}

}  // namespace

Term usize_lit(Context& c, uint64_t v) { return c.bv(64, v); }
Term k_add(Term a, Term b) {
  if (is_const(a) && is_const(b)) return a.ctx().bv(a.width(), a.p0() + b.p0());
  if (is_const(b) && b.p0() == 0) return a;
  return a + b;
}
Term k_sub(Term a, Term b) {
  if (is_const(a) && is_const(b)) return a.ctx().bv(a.width(), a.p0() - b.p0());
  if (is_const(b) && b.p0() == 0) return a;
  return a - b;
}
Term k_ult(Term a, Term b) {
  if (is_const(a) && is_const(b)) return a.ctx().boolean(a.p0() < b.p0());
  return ult(a, b);
}

Encoder::Encoder(Context& ctx, const ir::Module& mod)
    : c(ctx), m(mod), prog(*mod.program), dom(ctx), active(ctx.boolean(true)), past_bound(ctx.boolean(false)),
      term_base(ctx.size()) {}

SVal Encoder::zero(const Type* t) {
  SVal v;
  if (t) refuse_nested_owner(prog, t);
  switch (t ? t->kind : TypeKind::Error) {
    case TypeKind::Scalar: return scalar_val(dom.lit(t->scalar, 0));
    case TypeKind::Record:
      v.k = SVal::K::Record;
      for (const auto& f : t->record->fields) v.parts.push_back(zero(f.type));
      return v;
    case TypeKind::Sum:
      v.k = SVal::K::Sum;
      v.t = c.bv(32, 0);
      for (size_t k = 0; k < t->sum->variants.size(); ++k) {
        const Type* pt = payload_type(prog, t, k);
        v.parts.push_back(pt ? zero(pt) : SVal{});
      }
      return v;
    case TypeKind::Array:
    case TypeKind::Buf: return zero_store(t->elem, usize_lit(c, t->kind == TypeKind::Array ? t->length : 0));
    case TypeKind::Error: case TypeKind::Void: case TypeKind::View: case TypeKind::Borrow: case TypeKind::Fn:
    case TypeKind::Param: refuse("a value of type " + check::type_name(t));
  }
  outside_closed_set("TypeKind");
}

SVal Encoder::zero_store(const Type* elem, Term length) {
  SVal v;
  v.k = SVal::K::Store;
  v.elem = elem;
  v.t = length;
  std::vector<Scalar> leaves;
  leaf_scalars(prog, elem, leaves, false);
  for (Scalar s : leaves)
    v.arrays.push_back(const_array(c.array_sort(c.bv_sort(64), scalar_sort(c, s)), dom.lit(s, 0)));
  return v;
}

SVal Encoder::merge(Term cnd, const SVal& a, const SVal& b) {
  if (cnd.is_true() || b.k == SVal::K::None) return a;
  if (cnd.is_false() || a.k == SVal::K::None) return b;
  if (a.k != b.k) refuse("internal: merging values of different shapes");
  SVal r = a;
  switch (a.k) {
    case SVal::K::None: break;
    case SVal::K::Scalar:
    case SVal::K::Sum:
    case SVal::K::Store: r.t = ite(cnd, a.t, b.t); break;
    case SVal::K::Record: break;
    case SVal::K::View:
    case SVal::K::Borrow: {
      bool same_place = a.loc.cell == b.loc.cell && a.loc.steps.size() == b.loc.steps.size();
      for (size_t i = 0; same_place && i < a.loc.steps.size(); ++i)
        same_place = a.loc.steps[i].is_index == b.loc.steps[i].is_index &&
                     a.loc.steps[i].field == b.loc.steps[i].field &&
                     (!a.loc.steps[i].is_index || same(a.loc.steps[i].at, b.loc.steps[i].at));
      if (!same_place) refuse("a view or borrow chosen between different storage");
      if (a.k == SVal::K::View) {
        r.t = ite(cnd, a.t, b.t);
        r.len = ite(cnd, a.len, b.len);
      }
      return r;
    }
  }
  for (size_t i = 0; i < a.parts.size() && i < b.parts.size(); ++i) r.parts[i] = merge(cnd, a.parts[i], b.parts[i]);
  for (size_t i = 0; i < a.arrays.size() && i < b.arrays.size(); ++i) r.arrays[i] = ite(cnd, a.arrays[i], b.arrays[i]);
  return r;
}

namespace {

SVal assemble(Encoder& e, const Type* t, const std::vector<Term>& leaves, size_t& at) {
  switch (t->kind) {
    case TypeKind::Scalar: return scalar_val(leaves.at(at++));
    case TypeKind::Record: {
      SVal v;
      v.k = SVal::K::Record;
      for (const auto& f : t->record->fields) v.parts.push_back(assemble(e, f.type, leaves, at));
      return v;
    }
    case TypeKind::Sum: {
      SVal v;
      v.k = SVal::K::Sum;
      v.t = leaves.at(at++);
      for (size_t k = 0; k < t->sum->variants.size(); ++k) {
        const Type* pt = payload_type(e.prog, t, k);
        v.parts.push_back(pt ? assemble(e, pt, leaves, at) : SVal{});
      }
      return v;
    }
    case TypeKind::Error: case TypeKind::Void: case TypeKind::Buf: case TypeKind::Array: case TypeKind::View:
    case TypeKind::Borrow: case TypeKind::Fn: case TypeKind::Param: refuse("a storage element of type " + check::type_name(t));
  }
  outside_closed_set("TypeKind");
}

}  // namespace

SVal Encoder::read_elem(const SVal& store, Term i) {
  if (store.k != SVal::K::Store) refuse("internal: indexing a value that is not storage");
  std::vector<Term> leaves;
  for (Term a : store.arrays) leaves.push_back(select(a, i));
  size_t at = 0;
  return assemble(*this, store.elem, leaves, at);
}

void Encoder::store_elem(SVal& store, Term i, const SVal& v) {
  if (store.k != SVal::K::Store) refuse("internal: storing into a value that is not storage");
  std::vector<Term> leaves;
  flatten_elem(v, leaves);
  if (leaves.size() != store.arrays.size()) refuse("internal: element shape differs from its storage");
  for (size_t j = 0; j < leaves.size(); ++j) store.arrays[j] = smt::store(store.arrays[j], i, leaves[j]);
}

SVal Encoder::read(const Loc& l) {
  SVal v = cells.at(l.cell);
  for (const Step& s : l.steps) {
    if (s.is_index) {
      v = read_elem(v, s.at);
    } else {
      if (v.k != SVal::K::Record || s.field >= v.parts.size()) refuse("internal: a field of a non-record");
      SVal f = std::move(v.parts[s.field]);
      v = std::move(f);
    }
  }
  return v;
}

namespace {

SVal updated(Encoder& e, const SVal& cur, const std::vector<Step>& steps, size_t k, const SVal& v) {
  if (k == steps.size()) return v;
  SVal r = cur;
  const Step& s = steps[k];
  if (s.is_index) {
    SVal elem = k + 1 == steps.size() ? v : updated(e, e.read_elem(cur, s.at), steps, k + 1, v);
    e.store_elem(r, s.at, elem);
  } else {
    if (r.k != SVal::K::Record || s.field >= r.parts.size()) refuse("internal: a field of a non-record");
    r.parts[s.field] = updated(e, cur.parts[s.field], steps, k + 1, v);
  }
  return r;
}

}  // namespace

void Encoder::write(const Loc& l, const SVal& v) {
  if (active.is_false()) return;
  SVal& cell = cells.at(l.cell);
  bool literal_place = !l.steps.empty();
  for (const Step& s : l.steps) literal_place = literal_place && (!s.is_index || s.at.kind() == TermKind::BvConst);
  if (literal_place && !active.is_true()) {
    // At a literal place below the cell, the condition goes into the value written (store(a, i, ite(c, v, a[i]))
    // is ite(c, store(a, i, v), a)): storage stays a chain of writes, whose reads at literal indices fold. At a
    // symbolic index the choice between two arrays stays (a solver splits on it more cheaply than it reasons
    // about a read under every write).
    SVal kept = merge(active, v, read(l));
    cell = updated(*this, cell, l.steps, 0, kept);
    return;
  }
  SVal next = updated(*this, cell, l.steps, 0, v);
  cell = merge(active, next, cell);
}

uint32_t Encoder::new_cell(SVal v) {
  cells.push_back(std::move(v));
  return static_cast<uint32_t>(cells.size() - 1);
}

void Encoder::set_slot(uint32_t slot, SVal v) {
  if (slot == ir::kNoSlot) return;
  cells.at(cell_of(slot)) = std::move(v);
}

void Encoder::guard(Term fails, check::TrapKind kind) {
  dom.path = active;
  size_t before = dom.guards.size();
  dom.guard(fails, kind);
  if (dom.guards.size() > before) active = active && !fails;
}

Term Encoder::apply(sem::Op op, Scalar t, Scalar r, Term a, Term b) {
  dom.path = active;
  size_t before = dom.guards.size();
  Term v = sem::rules::apply_rule(dom, op, t, r, a, b);
  for (size_t i = before; i < dom.guards.size(); ++i) active = active && !dom.guards[i].fails;
  return v;
}

void Encoder::check_limits() {
  if (c.size() - term_base > kMaxTerms) refuse("the encoding exceeds 12,000 terms");
}

}  // namespace cairn::smt::enc
