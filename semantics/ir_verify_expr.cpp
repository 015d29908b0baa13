// verify_ir's expression checks: operand and result types, operators against ops.def, calls against their callee.
#include <string>

#include "semantics/ir_verify_rules.h"

namespace cairn::ir::verify {

using check::Scalar;
using check::Type;
using check::TypeKind;

namespace {

void operation(const Ctx& cx, const Node* n) {
  const sem::OpRow& row = sem::op_row(n->op);
  if (!op_fits_kind(n->kind, n->op)) return cx.fault(n, std::string(row.name) + " is not an operator of this kind");
  size_t want = op_operands(n->op);
  if (n->kids.size() != want) return cx.fault(n, row.name + std::string(" takes ") + std::to_string(want) + " operands");
  if (!sem::in_typing_class(row.typing, n->op, n->sc))
    cx.fault(n, std::string(row.name) + " is not defined on " + check::scalar_name(n->sc) + " (typing class " +
                    sem::typing_name(row.typing) + ")");
  for (size_t i = 0; i < want; ++i) {
    Scalar w = i == 1 && is_shift(n->op) ? Scalar::Usize : n->sc;
    if (operand_scalar(n->kids[i]) != w)
      cx.fault(n, "operand " + std::to_string(i) + " is " + tname(n->kids[i]->type) + ", expected " +
                      check::scalar_name(w));
  }
  if (scalar_of(n) != sem::op_result(n->op, n->sc))
    cx.fault(n, std::string("result ") + tname(n->type) + " does not fit " + row.name + "." + check::scalar_name(n->sc));
}

void reduce(const Ctx& cx, const Node* n) {
  const auto& k = n->kids;
  if (!is_scalar(k[0], Scalar::Usize) || !is_scalar(k[1], Scalar::Usize)) cx.fault(n, "a bound is not usize");
  cx.slot_ok(n, n->slot, true, "binder");
  if (!sem::fold_valid(n->fold))
    return cx.fault(n, "fold " + std::to_string(static_cast<unsigned>(n->fold)) + " is not a reduce operator");
  if (scalar_of(n) != n->sc || scalar_of(k[2]) != n->sc) cx.fault(n, "result or yield is not of scalar sc");
  if (sem::fold_row(n->fold).logical) {
    if (n->sc != Scalar::Bool) cx.fault(n, "&& / || reduce over a non-bool");
    return;
  }
  if (n->op != sem::fold_row(n->fold).op)
    cx.fault(n, std::string("op ") + sem::op_row(n->op).name + " does not match the fold " + sem::fold_row(n->fold).spelling);
  if (!sem::in_typing_class(sem::op_row(n->op).typing, n->op, n->sc))
    cx.fault(n, std::string(sem::op_row(n->op).name) + " is not defined on " + check::scalar_name(n->sc));
}

void resolved(const Ctx& cx, const Node* n) {
  if (!n->fn) return cx.fault(n, "no function");
  auto it = cx.m.index.find(n->fn);
  if (it == cx.m.index.end()) {
    if (n->callee != kNoSlot) cx.fault(n, "callee set for a function without a body");
    return;
  }
  if (n->callee == kNoSlot) return cx.fault(n, "callee not resolved");
  if (n->callee >= cx.m.fns.size()) return cx.fault(n, "callee " + std::to_string(n->callee) + " out of range");
  if (cx.m.fns[n->callee].info != n->fn) cx.fault(n, "fns[callee] is not the called function");
}

void call(const Ctx& cx, const Node* n) {
  resolved(cx, n);
  if (!n->fn) return;
  const auto& params = n->fn->params;
  if (n->kids.size() != params.size())
    return cx.fault(n, std::to_string(n->kids.size()) + " arguments for " + std::to_string(params.size()) +
                           " parameters");
  cx.same_type(n, n->type, n->fn->result, "the result");
  for (size_t i = 0; i < params.size(); ++i)
    if (params[i].type && params[i].type->kind == TypeKind::Scalar && n->kids[i]->kind != Kind::Extent)
      cx.same_type(n, n->kids[i]->type, params[i].type, "argument " + std::to_string(i));
}

void argument(const Ctx& cx, const Node* n, const Node* parent, size_t at) {
  bool in_call = parent && (parent->kind == Kind::Call || (parent->kind == Kind::CallIndirect && at > 0));
  if (!in_call) return cx.fault(n, "not an argument of a call");
  if (n->kind == Kind::ArgRef && !is_place(n->kids[0])) cx.fault(n, "kid 0 is not a place");
  if (n->kind == Kind::ArgView) {
    bool lent = n->kids[0]->kind == Kind::Lend && n->type == n->kids[0]->type;  // typed as its lending record
    if (!lent && !is_sequence(peel(n->type))) cx.fault(n, "type is not a view");
  }
  if (n->kind == Kind::Extent) {
    if (!is_scalar(n, Scalar::Usize)) cx.fault(n, "type is not usize");
    size_t nargs = parent->kids.size() - (parent->kind == Kind::CallIndirect ? 1 : 0);
    if (n->index != UINT32_MAX && n->index >= nargs)
      cx.fault(n, "argument " + std::to_string(n->index) + " out of range");
  }
}

bool is_borrow_param(const Ctx& cx, uint32_t s) {
  for (size_t i = 0; i < cx.f.param_slots.size() && i < cx.f.param_borrow.size(); ++i)
    if (cx.f.param_slots[i] == s) return cx.f.param_borrow[i];
  return false;
}

}  // namespace

void check_expression(const Ctx& cx, const Node* n, const Node* parent, size_t at) {
  const auto& k = n->kids;
  switch (n->kind) {
    case Kind::Const:
      if (!scalar_of(n)) return cx.fault(n, "constant of a non-scalar type");
      if (n->sc != n->type->scalar) cx.fault(n, "sc is not the constant's type");
      if (!encoded(n->type->scalar, n->bits))
        cx.fault(n, "bits " + std::to_string(n->bits) + " is not a " + tname(n->type) + " encoding");
      return;
    case Kind::Local:
      if (cx.slot_ok(n, n->slot, false, "slot")) cx.same_type(n, n->type, cx.local_type(n->slot), "the read");
      return;
    case Kind::Deref: {
      if (!cx.slot_ok(n, n->slot, false, "slot")) return;
      const Type* lt = cx.local_type(n->slot);
      if (!lt || lt->kind != TypeKind::Borrow || !is_borrow_param(cx, n->slot))
        return cx.fault(n, "slot is not a single-borrow parameter");
      cx.same_type(n, n->type, lt->elem, "the read");
      return;
    }
    case Kind::Field: {
      const Type* r = peel(k[0]->type);
      if (!r || r->kind != TypeKind::Record) return cx.fault(n, "kid 0 is not a record");
      if (n->index >= r->record->fields.size()) return cx.fault(n, "field " + std::to_string(n->index) + " out of range");
      cx.same_type(n, n->type, r->record->fields[n->index].type, "the field");
      return;
    }
    case Kind::Index: {
      const Type* c = peel(k[0]->type);
      if (!is_sequence(c)) return cx.fault(n, "kid 0 is not a view, Buf or Array");
      if (!is_scalar(k[1], Scalar::Usize)) cx.fault(n, "the index is not usize");
      cx.same_type(n, n->type, c->elem, "the element");
      return;
    }
    case Kind::Unary:
    case Kind::Binary:
    case Kind::Builtin: return operation(cx, n);
    case Kind::And:
    case Kind::Or:
      for (size_t i = 0; i < 2; ++i)
        if (!is_bool(k[i])) cx.fault(n, "operand " + std::to_string(i) + " is not bool");
      if (!is_bool(n)) cx.fault(n, "result is not bool");
      return;
    case Kind::Convert:
      if (n->op != sem::Op::Convert) cx.fault(n, "op is not Convert");
      if (scalar_of(k[0]) != n->sc2)
        cx.fault(n, std::string("sc2 ") + check::scalar_name(n->sc2) + " is not its operand's scalar");
      if (scalar_of(n) != n->sc)
        cx.fault(n, std::string("sc ") + check::scalar_name(n->sc) + " is not its result's scalar");
      if (n->sc == Scalar::Bool || n->sc2 == Scalar::Bool) cx.fault(n, "a conversion to or from bool");
      return;
    case Kind::Call: return call(cx, n);
    case Kind::CallIndirect: {
      const Type* ft = k[0]->type;
      if (!ft || ft->kind != TypeKind::Fn) return cx.fault(n, "kid 0 is not a function value");
      if (k.size() - 1 != ft->args.size())
        cx.fault(n, std::to_string(k.size() - 1) + " arguments for " + std::to_string(ft->args.size()) + " parameters");
      cx.same_type(n, n->type, ft->elem, "the result");
      return;
    }
    case Kind::Record: {
      const Type* r = n->type;
      if (r->kind != TypeKind::Record) return cx.fault(n, "type is not a record");
      if (k.size() != r->record->fields.size()) return cx.fault(n, "kid count is not the record's field count");
      for (size_t i = 0; i < k.size(); ++i)
        cx.same_type(n, k[i]->type, r->record->fields[i].type, "field " + std::to_string(i));
      return;
    }
    case Kind::Variant: {
      const Type* s = n->type;
      if (s->kind != TypeKind::Sum) return cx.fault(n, "type is not a sum");
      if (n->index >= s->sum->variants.size())
        return cx.fault(n, "variant " + std::to_string(n->index) + " out of range");
      if (k.empty()) return;
      const Type* want = payload_type(s, n->index);
      if (!s->sum->variants[n->index].payload) cx.fault(n, "a payload for a variant without one");
      else if (want) cx.same_type(n, k[0]->type, want, "the payload");
      return;
    }
    case Kind::BufNew:
    case Kind::ArrayNew: {
      TypeKind want = n->kind == Kind::BufNew ? TypeKind::Buf : TypeKind::Array;
      if (n->type->kind != want)
        return cx.fault(n, std::string("type is not ") + (want == TypeKind::Buf ? "Buf" : "Array"));
      if (n->elem != n->type->elem) cx.fault(n, "elem is not the type's element");
      if (n->kind == Kind::BufNew && !is_scalar(k[0], Scalar::Usize)) cx.fault(n, "the length is not usize");
      if (n->kind == Kind::ArrayNew && n->length != n->type->length) cx.fault(n, "length is not the array type's length");
      return;
    }
    case Kind::String:
      if (n->type->kind != TypeKind::View) cx.fault(n, "type is not a view");
      return;
    case Kind::FnRef:
      if (n->type->kind != TypeKind::Fn) cx.fault(n, "type is not a function type");
      return resolved(cx, n);
    case Kind::Part:
      if (!reads_as_view(k[0])) cx.fault(n, "kid 0 is not a view, Buf or Array");
      if (!is_scalar(k[1], Scalar::Usize) || !is_scalar(k[2], Scalar::Usize)) cx.fault(n, "a bound is not usize");
      if (n->type->kind != TypeKind::View) cx.fault(n, "type is not a view");
      return;
    case Kind::Lend: {
      const Type* r = peel(k[0]->type);
      if (!r || r->kind != TypeKind::Record || !r->record->lends) return cx.fault(n, "kid 0 is not a lending record");
      // build_ir types a Lend as its lending record (the view it stands for has no type of its own yet)
      if (n->type != r && n->type->kind != TypeKind::View) cx.fault(n, "type is neither the lending record nor a view");
      return;
    }
    case Kind::Len:
      if (!is_scalar(n, Scalar::Usize)) cx.fault(n, "result is not usize");
      return;
    case Kind::Take:
      if (!is_place(k[0])) cx.fault(n, "kid 0 is not a place");
      cx.same_type(n, n->type, k[0]->type, "the result");
      return;
    case Kind::Swap:
      if (!is_place(k[0]) || !is_place(k[1])) cx.fault(n, "an operand is not a place");
      cx.same_type(n, k[1]->type, k[0]->type, "kid 1");
      return;
    case Kind::Format:
      if (!is_place(k[0])) cx.fault(n, "kid 0 is not a place");
      return;
    case Kind::Assert:
      if (!is_bool(k[0])) cx.fault(n, "the condition is not bool");
      return;
    case Kind::AssertEq:
      cx.same_type(n, k[1]->type, k[0]->type, "kid 1");
      if (scalar_of(k[0]) && n->sc != *scalar_of(k[0])) cx.fault(n, "sc is not its operands' scalar");
      return;
    case Kind::Compact:
      cx.slot_ok(n, n->slot, true, "binder");
      if (!is_scalar(k[1], Scalar::Usize) || !is_scalar(k[2], Scalar::Usize)) cx.fault(n, "a bound is not usize");
      if (!is_bool(k[3])) cx.fault(n, "the where expression is not bool");
      if (!is_scalar(n, Scalar::Usize)) cx.fault(n, "result is not usize");
      return;
    case Kind::Reduce: return reduce(cx, n);
    case Kind::Try:
      if (!k[0]->type || !check::is_outcome_sum(k[0]->type)) cx.fault(n, "kid 0 is not an outcome sum");
      return;
    case Kind::ArgRef:
    case Kind::ArgTemp:
    case Kind::ArgView:
    case Kind::Extent: return argument(cx, n, parent, at);
    case Kind::Print: return;
    case Kind::Block: case Kind::Let: case Kind::Drop: case Kind::Unpack: case Kind::Storage:
    case Kind::Assign: case Kind::Compound: case Kind::If: case Kind::While: case Kind::ForRange:
    case Kind::ForEach: case Kind::Match: case Kind::Arm: case Kind::Return: case Kind::Break:
    case Kind::Continue: case Kind::Defer: case Kind::Eval: case Kind::Release: case Kind::Unwind: return;
  }
}

}  // namespace cairn::ir::verify
