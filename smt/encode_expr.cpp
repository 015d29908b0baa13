// The encoder's expressions: the interpreter's eval (interp_eval.cpp) over symbolic values, guards in its order.
#include "smt/encode_state.h"

namespace cairn::smt::enc {

using check::Scalar;

namespace {

bool placeish(const Node* n) {
  return n->kind == Kind::Local || n->kind == Kind::Deref || n->kind == Kind::Index ||
         (n->kind == Kind::Field && placeish(n->kids[0]));
}

Scalar scalar_of(const Type* t, Scalar d) { return t && t->kind == TypeKind::Scalar ? t->scalar : d; }

}  // namespace

Term Encoder::scalar(const Node* n) {
  SVal v = eval(n);
  if (v.k != SVal::K::Scalar && v.k != SVal::K::Sum) refuse("internal: a scalar expected from " +
                                                            std::string(ir::kind_name(n->kind)));
  return v.t;  // a tag-only enum's scalar is its u32 tag, as in the interpreter
}

SVal Encoder::eval(const Node* n) {
  if (n->kind == Kind::Try) refuse("a try that is not the whole right side of a binding, assignment, return "
                                   "or expression statement");
  return eval_kind(n);
}

// `try e` (statement positions only): the failure returns the function's second variant with e's payload.
SVal Encoder::eval_try(const Node* n) {
  if (n->kind != Kind::Try) return eval(n);
  SVal v = eval(n->kids[0]);
  if (v.k != SVal::K::Sum) refuse("internal: try of a value that is not a sum");
  Frame& fr = frames.back();
  const Type* rt = fr.fn->info->result;
  Term fails = active && ne(v.t, c.bv(32, 0));
  SVal out = zero(rt);
  out.t = c.bv(32, 1);
  if (payload_type(prog, rt, 1) != payload_type(prog, n->kids[0]->type, 1))
    refuse("a try between sums whose second variants carry different payloads");
  if (out.parts.size() > 1 && v.parts.size() > 1 && v.parts[1].k != SVal::K::None) out.parts[1] = v.parts[1];
  if (!fails.is_false()) {
    Term saved = active;
    active = fails;
    run_unwind(n);
    Frame& f2 = frames.back();
    f2.ret = merge(active, out, f2.ret);
    f2.returned = f2.returned || active;
    active = saved && !fails;
  }
  if (v.parts.empty() || v.parts[0].k == SVal::K::None) return SVal{};
  return v.parts[0];
}

SVal Encoder::eval_kind(const Node* n) {
  check_limits();
  switch (n->kind) {
    case Kind::Const: return scalar_val(dom.lit(scalar_of(n->type, n->sc), n->bits));
    case Kind::ArrayNew: return zero(n->type);
    case Kind::Local: return cells.at(cell_of(n->slot));
    case Kind::Deref: {
      const SVal& b = cells.at(cell_of(n->slot));
      if (b.k != SVal::K::Borrow) refuse("internal: deref of a slot that holds no borrow");
      return read(b.loc);
    }
    case Kind::Field: {
      if (placeish(n->kids[0])) {
        Loc l = place(n->kids[0]);
        l.steps.push_back(Step{false, n->index, {}});
        return read(l);
      }
      SVal b = eval(n->kids[0]);
      if (b.k != SVal::K::Record || n->index >= b.parts.size()) refuse("internal: field of a non-record");
      return b.parts[n->index];
    }
    case Kind::Index: return read(place(n));
    case Kind::Unary:
    case Kind::Binary:
    case Kind::Builtin: {
      Term a = scalar(n->kids[0]);
      Term b = n->kids.size() > 1 ? scalar(n->kids[1]) : Term{};
      if (b.is_null()) b = a;  // unary rules ignore their second operand
      return scalar_val(apply(n->op, n->sc, scalar_of(n->type, n->sc), a, b));
    }
    case Kind::Convert: {
      Term a = scalar(n->kids[0]);
      return scalar_val(apply(sem::Op::Convert, n->sc2, n->sc, a, a));
    }
    case Kind::And:
    case Kind::Or: {
      bool is_and = n->kind == Kind::And;
      Term l = scalar(n->kids[0]);
      Term before = active;
      active = before && (is_and ? l : !l);  // the right side runs (and may trap) only where it is needed
      Term r = scalar(n->kids[1]);
      active = (before && (is_and ? !l : l)) || active;
      return scalar_val(is_and ? (l && r) : (l || r));
    }
    case Kind::Call: return call(n);
    case Kind::Record: {
      refuse_nested_owner(prog, n->type);
      SVal v;
      v.k = SVal::K::Record;
      for (const Node* k : n->kids) v.parts.push_back(eval(k));
      return v;
    }
    case Kind::Variant: {
      SVal v = zero(n->type);
      if (v.k != SVal::K::Sum) refuse("internal: a variant of a non-sum type");
      v.t = c.bv(32, n->index);
      if (!n->kids.empty() && n->index < v.parts.size()) v.parts[n->index] = eval(n->kids[0]);
      return v;
    }
    case Kind::BufNew: {
      Term count = scalar(n->kids[0]);
      SVal v = zero(n->type);  // allocation is assumed to succeed (§3.3)
      v.t = count;
      return v;
    }
    case Kind::Part: return view(n);
    case Kind::Len: {
      const Node* k = n->kids[0];
      if (k->type && (k->type->kind == TypeKind::Buf || k->type->kind == TypeKind::Array) && placeish(k))
        return scalar_val(read(place(k)).t);
      return scalar_val(view(k).len);
    }
    case Kind::Take: {
      Loc p = place(n->kids[0]);
      SVal v = read(p);
      write(p, zero(n->type));
      return v;
    }
    case Kind::Swap: {
      Loc a = place(n->kids[0]);
      Loc b = place(n->kids[1]);
      SVal va = read(a), vb = read(b);
      write(a, vb);
      write(b, va);
      return SVal{};
    }
    case Kind::Reduce: return eval_reduce(n);
    case Kind::Compact: return eval_compact(n);
    case Kind::Print: refuse("printing");
    case Kind::Format: refuse("printing (format)");
    case Kind::Assert:
    case Kind::AssertEq: refuse("a function that asserts");
    case Kind::CallIndirect: refuse("an indirect call");
    case Kind::FnRef: refuse("a function value");
    case Kind::String: refuse("a string literal used as a value");
    case Kind::Lend: refuse("a lending record used as a view (an owner inside a record)");
    case Kind::Try: return eval_try(n);
    case Kind::ArgRef:
    case Kind::ArgTemp:
    case Kind::ArgView:
    case Kind::Extent:
      refuse(std::string("internal: ") + ir::kind_name(n->kind) + " outside a call");
    case Kind::Block: case Kind::Let: case Kind::Drop: case Kind::Unpack: case Kind::Storage:
    case Kind::Assign: case Kind::Compound: case Kind::If: case Kind::While: case Kind::ForRange:
    case Kind::ForEach: case Kind::Match: case Kind::Arm: case Kind::Return: case Kind::Break:
    case Kind::Continue: case Kind::Defer: case Kind::Eval: case Kind::Release: case Kind::Unwind: break;
  }
  refuse(std::string("internal: statement ") + ir::kind_name(n->kind) + " evaluated as an expression");
}

}  // namespace cairn::smt::enc
