// Builtins on places and output (§12.3, §15.1, §15.4, §15.7): take, swap, format, print, assert, assert_eq.
#include "front/check/body_checker.h"

namespace cairn::check::body {

using ast::ExprKind;

namespace {
bool is_u8(const Type* t) { return t && t->kind == TypeKind::Scalar && t->scalar == Scalar::U8; }
}  // namespace

const Type* Checker::builtin_places(ast::Expr* e, Builtin b, const std::vector<ast::Expr*>& args) {
  ExprInfo* in = info(e);
  if (b == Builtin::Take) {
    const Type* t = check(args[0], nullptr);
    if (t->kind == TypeKind::Error) not_judged();
    if (type_kind(t) == Kind::Linear)
      refuse(Code::LinearStorage, args[0]->begin, "take cannot move a linear value out of a place: " + tname(t) + ".");
    require_writable(args[0], false, args[0]->begin);
    check_extent_field_write(args[0], args[0]->begin);
    in->modes[0] = PassMode::BorrowRw;
    return set(e, t);
  }
  if (b == Builtin::Swap) {
    const Type* ta = check(args[0], nullptr);
    if (ta->kind == TypeKind::Error) not_judged();
    require_writable(args[0], false, args[0]->begin);
    check_extent_field_write(args[0], args[0]->begin);
    const Type* tb = check(args[1], ta);
    if (tb->kind == TypeKind::Error) not_judged();
    require_writable(args[1], false, args[1]->begin);
    check_extent_field_write(args[1], args[1]->begin);
    if (ta != tb) mismatch(ta, tb, args[1]->begin);
    in->modes = {PassMode::BorrowRw, PassMode::BorrowRw};
    return set(e, void_type());
  }
  // format(out, args...)
  if (args.empty()) refuse(Code::Arity, e->a->pos, "format takes a byte builder and what to write, got nothing.");
  const Type* t = check(args[0], nullptr);
  if (t->kind == TypeKind::Error) not_judged();
  if (t->kind != TypeKind::Record || !t->record->is_byte_builder())
    refuse(Code::FormatTarget, args[0]->begin,
           "format writes into a byte builder (a record lending a Buf[u8] from 0 to a usize field), not " + tname(t) +
               ".");
  require_writable(args[0], false, args[0]->begin);
  in->modes[0] = PassMode::BorrowRw;
  for (size_t i = 1; i < args.size(); ++i) in->modes[i] = print_arg(args[i]);
  return set(e, void_type());
}

// §15.1: integers, bool, floats, string literals, byte views and arrays, parts of them, byte-lending
// records; a single borrow prints as its value.
PassMode Checker::print_arg(ast::Expr* arg) {
  ast::Expr* p = arg;
  while (p->kind == ExprKind::Paren) p = p->a;
  if (p->kind == ExprKind::Part || p->kind == ExprKind::StringLit) {
    ViewArg va = view_arg(arg, true);
    if (!is_u8(va.elem))
      refuse(Code::PrintArg, arg->begin, "Only views of u8 print as bytes; " + expr_text(arg) + " holds " +
                                             tname(va.elem) + ": print its elements.");
    return PassMode::ViewRo;
  }
  const Type* t = is_flexible(arg) ? flexible(arg, nullptr) : check(arg, nullptr);
  if (t->kind == TypeKind::Error) not_judged();
  if (t->kind == TypeKind::Scalar) return PassMode::Copy;
  if (t->kind == TypeKind::View || t->kind == TypeKind::Buf || t->kind == TypeKind::Array ||
      (t->kind == TypeKind::Record && t->record->lends)) {
    const Type* elem = t->kind == TypeKind::Record ? t->record->fields[t->record->lends->field].type->elem : t->elem;
    if (is_u8(elem)) {
      if (t->kind == TypeKind::Record) {
        info(arg)->is_lending = true;
        ExtentId id;
        id.kind = ExtentId::Kind::Dynamic;
        id.text = expr_text(arg);
        info(arg)->extent = id;
      } else {
        view_identity(arg);
      }
      return PassMode::ViewRo;
    }
    refuse(Code::PrintArg, arg->begin, "Only arrays of u8 print as bytes; " + expr_text(arg) + " is " + tname(t) +
                                           ": print its elements.");
  }
  if (t->kind == TypeKind::Record)
    refuse(Code::PrintArg, arg->begin, "A record cannot be printed: print its fields.");
  if (t->kind == TypeKind::Sum) refuse(Code::PrintArg, arg->begin, "A sum cannot be printed: match on it.");
  refuse(Code::PrintArg, arg->begin, "print cannot write " + tname(t) + ".");
}

const Type* Checker::builtin_print(ast::Expr* e, Builtin, const std::vector<ast::Expr*>& args) {
  ExprInfo* in = info(e);
  for (size_t i = 0; i < args.size(); ++i) in->modes[i] = print_arg(args[i]);
  return set(e, void_type());
}

const Type* Checker::builtin_assert(ast::Expr* e, Builtin b, const std::vector<ast::Expr*>& args, Pos name_pos) {
  const bool eq = b == Builtin::AssertEq;
  const size_t operands = eq ? 2 : 1;
  const std::string name = builtin_name(b);
  if (args.size() != operands && args.size() != operands + 1)
    refuse(Code::Arity, name_pos, name + " takes " + std::to_string(operands) + " operand" + (eq ? "s" : "") +
                                      " and an optional message, got " + std::to_string(args.size()) + " arguments.");
  if (!eq) {
    const Type* t = check(args[0], boolean());
    if (t->kind == TypeKind::Error) not_judged();
    if (!is_bool(t)) mismatch(boolean(), t, args[0]->begin);
  } else {
    ast::Expr* a = args[0];
    ast::Expr* c = args[1];
    const Type *ta = nullptr, *tc = nullptr;
    if (!partner_types(a, c, nullptr, ta, tc)) {
      ta = check(a, nullptr);
      tc = check(c, nullptr);
    }
    for (ast::Expr* x : {a, c}) {
      if (x->type->kind == TypeKind::Error) not_judged();
      if (x->type->kind != TypeKind::Scalar)
        refuse(Code::AssertEq, x->begin, "assert_eq compares integers, bool or floats, not " + tname(x->type) + ".");
    }
    if (ta != tc) mismatch(ta, tc, c->begin, "convert one side explicitly");
  }
  if (args.size() == operands + 1) {
    ast::Expr* msg = args.back();
    if (msg->kind != ExprKind::StringLit)
      refuse(Code::Arity, msg->begin, "An assertion message must be one string literal.");
    string_literal(msg);
  }
  return set(e, void_type());
}

}  // namespace cairn::check::body
