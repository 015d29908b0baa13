// Builtins (§7): the table's names, len, wrapping and shifts, min/max, math, Buf[T](n), Array[T, N]().
#include "front/check/body_checker.h"

namespace cairn::check {

namespace {
struct BuiltinRow {
  const char* name;
  bool soft, droppable;
  std::optional<sem::Op> op;
};
constexpr BuiltinRow kBuiltins[] = {
#define BUILTIN(k, name, soft, droppable) {name, soft, droppable, std::nullopt},
#define BUILTIN_OP(k, soft) {sem::op_row(sem::Op::k).spelling, soft, false, sem::Op::k},
#include "front/check/builtins.def"
#undef BUILTIN_OP
#undef BUILTIN
};
}  // namespace

std::optional<sem::Op> builtin_op(Builtin b) { return kBuiltins[static_cast<int>(b)].op; }
const char* builtin_name(Builtin b) { return kBuiltins[static_cast<int>(b)].name; }
bool builtin_is_soft(Builtin b) { return kBuiltins[static_cast<int>(b)].soft; }
bool builtin_is_droppable(Builtin b) { return kBuiltins[static_cast<int>(b)].droppable; }
bool builtin_from_name(const std::string& name, Builtin* out) {
  for (size_t i = 0; i < std::size(kBuiltins); ++i)
    if (name == kBuiltins[i].name) {
      *out = static_cast<Builtin>(i);
      return true;
    }
  return false;
}

namespace body {

using ast::ExprKind;

namespace {
// A scalar builtin takes its ops.def row's operand count.
size_t arity_of(Builtin b) {
  if (std::optional<sem::Op> op = builtin_op(b)) return sem::op_row(*op).operands;
  switch (b) {
    case Builtin::Len:
    case Builtin::Take: return 1;
    case Builtin::Swap: return 2;
    case Builtin::AddWrap:
    case Builtin::SubWrap:
    case Builtin::MulWrap:
    case Builtin::ShlWrap:
    case Builtin::Shr:
    case Builtin::Min:
    case Builtin::Max:
    case Builtin::Abs:
    case Builtin::Sqrt:
    case Builtin::Floor:
    case Builtin::Ceil:
    case Builtin::Trunc:
    case Builtin::ToBits:
    case Builtin::FromBits: return 0;  // answered by the row above
    case Builtin::Print:
    case Builtin::Println:
    case Builtin::Eprint:
    case Builtin::Eprintln:
    case Builtin::Format:
    case Builtin::Assert:
    case Builtin::AssertEq: return 0;  // variadic or checked by their own rules
  }
  return 0;
}
}  // namespace

const Type* Checker::builtin_call(ast::Expr* e, Builtin b, const std::vector<ast::Expr*>& args,
                                  const Type* expected, Pos name_pos, ast::Expr* type_args) {
  ExprInfo* in = info(e);
  in->call = CallKind::Builtin;
  in->builtin = b;
  in->full_args = args;
  in->modes.assign(args.size(), PassMode::Copy);
  size_t want = arity_of(b);
  if (want && args.size() != want)
    refuse(Code::Arity, name_pos, std::string(builtin_name(b)) + " takes " + std::to_string(want) + " argument" +
                                      (want == 1 ? "" : "s") + ", got " + std::to_string(args.size()) + ".");
  switch (b) {
    case Builtin::Len:
      in->modes[0] = PassMode::ViewRo;
      return builtin_len(e, args[0]);
    case Builtin::AddWrap:
    case Builtin::SubWrap:
    case Builtin::MulWrap:
    case Builtin::ShlWrap:
    case Builtin::Shr:
    case Builtin::Min:
    case Builtin::Max: return builtin_pair(e, b, args, expected);
    case Builtin::Abs:
    case Builtin::Sqrt:
    case Builtin::Floor:
    case Builtin::Ceil:
    case Builtin::Trunc:
    case Builtin::ToBits:
    case Builtin::FromBits: return builtin_math(e, b, args, expected, type_args);
    case Builtin::Take:
    case Builtin::Swap:
    case Builtin::Format: return builtin_places(e, b, args);
    case Builtin::Print:
    case Builtin::Println:
    case Builtin::Eprint:
    case Builtin::Eprintln: return builtin_print(e, b, args);
    case Builtin::Assert:
    case Builtin::AssertEq: return builtin_assert(e, b, args, name_pos);
  }
  not_judged();
}

// len(x) (§3.7): a directly named view, buffer/stack name, Buf or Array (name or field path), a string
// literal or a local bound to one.
const Type* Checker::builtin_len(ast::Expr* e, ast::Expr* x) {
  ast::Expr* p = x;
  while (p->kind == ExprKind::Paren) p = p->a;
  if (p->kind == ExprKind::Part)
    refuse(Code::Len, x->begin, "len of a part is not defined: use hi - lo.");
  const Type* t = check(x, nullptr);
  if (t->kind == TypeKind::Error) not_judged();
  bool ok = false;
  if (p->kind == ExprKind::StringLit) ok = true;
  if (t->kind == TypeKind::View && p->kind == ExprKind::Name) ok = true;
  if ((t->kind == TypeKind::Buf || t->kind == TypeKind::Array) && p->info && p->info->is_place &&
      !p->info->has_element && is_static_place_path(p))
    ok = true;
  if (!ok) {
    if (t->kind == TypeKind::Record && t->record->lends)
      refuse(Code::Len, x->begin, expr_text(x) + " lends a part: use its fields, not len(" + expr_text(x) + ").");
    refuse(Code::Len, x->begin, "len takes a named array, view or string literal, not " + expr_text(x) + " (" +
                                    tname(t) + ").");
  }
  info(e)->extent = view_identity(x);
  return set(e, usize());
}

// add_wrap, sub_wrap, mul_wrap, min, max (a:T, b:T) and shl_wrap, shr (x:T, k:usize).
const Type* Checker::builtin_pair(ast::Expr* e, Builtin b, const std::vector<ast::Expr*>& args,
                                  const Type* expected) {
  ast::Expr* a = args[0];
  ast::Expr* c = args[1];
  const bool shift = b == Builtin::ShlWrap || b == Builtin::Shr;
  const bool wrap = b != Builtin::Min && b != Builtin::Max;
  const Type* ta = nullptr;
  const Type* tc = nullptr;
  if (shift) {
    ta = is_flexible(a) ? flexible(a, expected) : check(a, nullptr);
    tc = expect(c, usize());
  } else {
    if (!partner_types(a, c, expected, ta, tc)) {
      ta = check(a, nullptr);
      tc = check(c, nullptr);
    }
  }
  for (ast::Expr* x : shift ? std::vector<ast::Expr*>{a} : std::vector<ast::Expr*>{a, c}) {
    const Type* t = x->type;
    if (t->kind == TypeKind::Error) not_judged();
    if (wrap && !is_unsigned(t))
      refuse(Code::WrapType, x->begin,
             std::string(builtin_name(b)) + " is defined for unsigned types only, not " + tname(t) + ".",
             is_signed_int(t) ? std::optional<std::string>("convert to the unsigned type of the same width first")
                              : std::nullopt);
    if (!wrap && !is_int(t))
      refuse(Code::Minmax, x->begin, std::string(builtin_name(b)) + " is defined for integers only, not " + tname(t) + ".");
  }
  if (!shift && ta != tc) mismatch(ta, tc, c->begin);
  return set(e, ta);
}

const Type* Checker::builtin_math(ast::Expr* e, Builtin b, const std::vector<ast::Expr*>& args,
                                  const Type* expected, ast::Expr* type_args) {
  ast::Expr* x = args[0];
  const std::string name = builtin_name(b);
  if (b == Builtin::FromBits) {
    const Type* f = nullptr;
    if (type_args) {
      if (type_args->args.size() != 1)
        refuse(Code::GenericArity, type_args->pos, "from_bits takes one type argument, got " +
                                                       std::to_string(type_args->args.size()) + ".");
      f = type_arg(type_args->args[0]);
      if (!is_float(f))
        refuse(Code::MathType, type_args->args[0]->begin, "from_bits makes an f32 or an f64, not " + tname(f) + ".");
    }
    const Type* bits = f ? types().scalar(f->scalar == Scalar::F32 ? Scalar::U32 : Scalar::U64) : nullptr;
    const Type* t = check(x, bits);
    if (t->kind == TypeKind::Error) not_judged();
    if (!f && is_int(t) && (t->scalar == Scalar::U32 || t->scalar == Scalar::U64))
      f = types().scalar(t->scalar == Scalar::U32 ? Scalar::F32 : Scalar::F64);
    if (!f || (bits && t != bits))
      refuse(Code::MathType, x->begin,
             f ? "from_bits[" + tname(f) + "] takes a " + tname(bits) + ", got " + tname(t) + "."
               : "from_bits takes a u32 or a u64, got " + tname(t) + ".");
    return set(e, f);
  }
  const Type* t = is_flexible(x) && b != Builtin::ToBits ? flexible(x, expected) : check(x, nullptr);
  if (t->kind == TypeKind::Error) not_judged();
  if (b == Builtin::ToBits) {
    if (!is_float(t)) refuse(Code::MathType, x->begin, "to_bits takes an f32 or an f64, got " + tname(t) + ".");
    return set(e, types().scalar(t->scalar == Scalar::F32 ? Scalar::U32 : Scalar::U64));
  }
  if (b == Builtin::Abs) {
    if (!is_signed_int(t) && !is_float(t))
      refuse(Code::MathType, x->begin, "abs takes a signed integer or a float, got " + tname(t) + ".");
    return set(e, t);
  }
  if (!is_float(t)) refuse(Code::MathType, x->begin, name + " takes an f32 or an f64, got " + tname(t) + ".");
  return set(e, t);
}

// Buf[T](n) (§3.5).
const Type* Checker::buf_new(ast::Expr* e, ast::Expr* index_callee) {
  const Type* t = type_arg(index_callee);
  ExprInfo* in = info(e);
  in->call = CallKind::BufNew;
  in->named_type = t;
  in->full_args = e->args;
  in->modes.assign(e->args.size(), PassMode::Copy);
  if (e->args.size() != 1)
    refuse(Code::Arity, index_callee->a->pos, "Buf[T](n) takes one length, got " + std::to_string(e->args.size()) + ".");
  expect(e->args[0], usize());
  return set(e, t);
}

// Array[T, N]() (§3.5).
const Type* Checker::array_new(ast::Expr* e, ast::Expr* index_callee) {
  const Type* t = type_arg(index_callee);
  ExprInfo* in = info(e);
  in->call = CallKind::ArrayNew;
  in->named_type = t;
  if (!e->args.empty())
    refuse(Code::Arity, index_callee->a->pos,
           "Array[T, N]() takes no arguments, got " + std::to_string(e->args.size()) + ".");
  return set(e, t);
}

}  // namespace body
}  // namespace cairn::check
