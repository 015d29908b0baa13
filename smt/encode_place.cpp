// The encoder's places and views: the interpreter's place/resolve/view (interp.cpp, interp_exec.cpp) over cells.
#include "smt/encode_state.h"
#include "core/closed_set.h"

namespace cairn::smt::enc {

namespace {

bool is_place_node(const Node* n) {
  return n->kind == Kind::Local || n->kind == Kind::Deref || n->kind == Kind::Index ||
         (n->kind == Kind::Field && is_place_node(n->kids[0]));
}

bool is_view(const Type* t) { return t && t->kind == TypeKind::View; }

}  // namespace

Loc element_of(const SVal& v, Term i) {
  Loc l = v.loc;
  l.steps.push_back(Step{true, 0, k_add(v.t, i)});
  return l;
}

// A view held in a slot (a view-typed local or borrow), as view_ref reads it without evaluating anything.
static bool view_in_slot(const Node* n) {
  return is_view(n->type) && ((n->kind == Kind::Local && !n->moves) || n->kind == Kind::Deref);
}

Loc Encoder::place(const Node* n) {
  switch (n->kind) {
    case Kind::Local: return Loc{cell_of(n->slot), {}};
    case Kind::Deref: {
      const SVal& b = cells.at(cell_of(n->slot));
      if (b.k != SVal::K::Borrow) refuse("internal: deref of a slot that holds no borrow");
      return b.loc;
    }
    case Kind::Field:
      if (is_place_node(n->kids[0])) {
        Loc l = place(n->kids[0]);
        l.steps.push_back(Step{false, n->index, {}});
        return l;
      }
      break;
    case Kind::Index: {
      const Node* base = n->kids[0];
      if (is_view(base->type)) {
        SVal v = view_in_slot(base) ? eval(base) : view(base);
        Term i = scalar(n->kids[1]);
        guard(!ult(i, v.len), check::TrapKind::Bounds);
        return element_of(v, i);
      }
      Loc b = is_place_node(base) ? place(base) : temp(eval(base));
      Term i = scalar(n->kids[1]);
      guard(!ult(i, read(b).t), check::TrapKind::Bounds);
      b.steps.push_back(Step{true, 0, i});
      return b;
    }
    case Kind::Const: case Kind::Unary: case Kind::Binary: case Kind::And: case Kind::Or:
    case Kind::Convert: case Kind::Call: case Kind::CallIndirect: case Kind::Builtin: case Kind::Record:
    case Kind::Variant: case Kind::BufNew: case Kind::ArrayNew: case Kind::String: case Kind::FnRef:
    case Kind::Part: case Kind::Lend: case Kind::Len: case Kind::Take: case Kind::Swap: case Kind::Print:
    case Kind::Format: case Kind::Assert: case Kind::AssertEq: case Kind::Compact: case Kind::Reduce:
    case Kind::Try: case Kind::ArgRef: case Kind::ArgTemp: case Kind::ArgView: case Kind::Extent:
    case Kind::Block: case Kind::Let: case Kind::Drop: case Kind::Unpack: case Kind::Storage:
    case Kind::Assign: case Kind::Compound: case Kind::If: case Kind::While: case Kind::ForRange:
    case Kind::ForEach: case Kind::Match: case Kind::Arm: case Kind::Return: case Kind::Break:
    case Kind::Continue: case Kind::Defer: case Kind::Eval: case Kind::Release: case Kind::Unwind: break;
  }
  return temp(eval(n));
}

// The index expressions of an assignment's place, evaluated before its right side (interp_exec.cpp).
void Encoder::pre_indexes(const Node* n, std::vector<Term>& out) {
  if (n->kind == Kind::Field) {
    pre_indexes(n->kids[0], out);
  } else if (n->kind == Kind::Index) {
    pre_indexes(n->kids[0], out);
    out.push_back(scalar(n->kids[1]));
  }
}

// The place once the right side is evaluated: the bounds guards fire here, innermost first.
Loc Encoder::resolve(const Node* n, const std::vector<Term>& idx, size_t& k) {
  switch (n->kind) {
    case Kind::Field: {
      Loc l = resolve(n->kids[0], idx, k);
      l.steps.push_back(Step{false, n->index, {}});
      return l;
    }
    case Kind::Index: {
      Loc b = resolve(n->kids[0], idx, k);
      Term i = idx.at(k++);
      if (is_view(n->kids[0]->type)) {
        SVal v = read(b);
        if (v.k != SVal::K::View) refuse("internal: a view place that holds no view");
        guard(!ult(i, v.len), check::TrapKind::Bounds);
        return element_of(v, i);
      }
      guard(!ult(i, read(b).t), check::TrapKind::Bounds);
      b.steps.push_back(Step{true, 0, i});
      return b;
    }
    case Kind::Const: case Kind::Local: case Kind::Deref: case Kind::Unary:
    case Kind::Binary: case Kind::And: case Kind::Or: case Kind::Convert: case Kind::Call:
    case Kind::CallIndirect: case Kind::Builtin: case Kind::Record: case Kind::Variant: case Kind::BufNew:
    case Kind::ArrayNew: case Kind::String: case Kind::FnRef: case Kind::Part: case Kind::Lend:
    case Kind::Len: case Kind::Take: case Kind::Swap: case Kind::Print: case Kind::Format: case Kind::Assert:
    case Kind::AssertEq: case Kind::Compact: case Kind::Reduce: case Kind::Try: case Kind::ArgRef:
    case Kind::ArgTemp: case Kind::ArgView: case Kind::Extent: case Kind::Block:
    case Kind::Let: case Kind::Drop: case Kind::Unpack: case Kind::Storage: case Kind::Assign:
    case Kind::Compound: case Kind::If: case Kind::While: case Kind::ForRange: case Kind::ForEach:
    case Kind::Match: case Kind::Arm: case Kind::Return: case Kind::Break: case Kind::Continue:
    case Kind::Defer: case Kind::Eval: case Kind::Release: case Kind::Unwind: return place(n);
  }
  outside_closed_set("ir::Kind");
}

SVal Encoder::view(const Node* n) {
  switch (n->kind) {
    case Kind::Part: {
      SVal v = view(n->kids[0]);
      Term lo = scalar(n->kids[1]);
      Term hi = scalar(n->kids[2]);
      guard(ult(hi, lo) || ult(v.len, hi), check::TrapKind::Part);
      v.t = k_add(v.t, lo);
      v.len = k_sub(hi, lo);
      return v;
    }
    case Kind::Lend: refuse("a lending record used as a view (an owner inside a record)");
    case Kind::String: refuse("a string literal used as a value");
    case Kind::Const: case Kind::Local: case Kind::Deref: case Kind::Field: case Kind::Index:
    case Kind::Unary: case Kind::Binary: case Kind::And: case Kind::Or: case Kind::Convert: case Kind::Call:
    case Kind::CallIndirect: case Kind::Builtin: case Kind::Record: case Kind::Variant: case Kind::BufNew:
    case Kind::ArrayNew: case Kind::FnRef: case Kind::Len: case Kind::Take: case Kind::Swap: case Kind::Print:
    case Kind::Format: case Kind::Assert: case Kind::AssertEq: case Kind::Compact: case Kind::Reduce:
    case Kind::Try: case Kind::ArgRef: case Kind::ArgTemp: case Kind::ArgView: case Kind::Extent:
    case Kind::Block: case Kind::Let: case Kind::Drop: case Kind::Unpack: case Kind::Storage:
    case Kind::Assign: case Kind::Compound: case Kind::If: case Kind::While: case Kind::ForRange:
    case Kind::ForEach: case Kind::Match: case Kind::Arm: case Kind::Return: case Kind::Break:
    case Kind::Continue: case Kind::Defer: case Kind::Eval: case Kind::Release: case Kind::Unwind: break;
  }
  if (is_view(n->type)) {
    SVal v = eval(n);
    if (v.k != SVal::K::View) refuse("internal: a view expression that gives no view");
    return v;
  }
  Loc p = is_place_node(n) ? place(n) : temp(eval(n));
  SVal s = read(p);
  if (s.k != SVal::K::Store) refuse("a view of a value of type " + check::type_name(n->type));
  SVal v;
  v.k = SVal::K::View;
  v.loc = p;
  v.t = usize_lit(c, 0);
  v.len = s.t;
  return v;
}

}  // namespace cairn::smt::enc
