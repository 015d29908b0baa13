// Sum values (§9.3): qualified and bare variants, payload arity, Option/Result type arguments (E-INFER).
#include "front/check/body_checker.h"

namespace cairn::check::body {

const Type* Checker::bare_variant(ast::Expr* e, const Type* expected, const ast::Ident& name, ast::Expr* call) {
  if (names_something(name.name))
    refuse(Code::VariantAmbiguous, name.pos,
           "The variant " + name.name + " also names something else here: write it qualified, " +
               expected->sum->name + "." + name.name + ".");
  const std::vector<const Type*>* args = expected->args.empty() ? nullptr : &expected->args;
  return variant_value(e, expected->sum, args, name, expected, call);
}

// Sum.V, Sum.V(x), V, V(x): the variant `variant` of `s`; `call` is the call expression when written with
// an argument list (then e == call).
const Type* Checker::variant_value(ast::Expr* e, const SumInfo* s, const std::vector<const Type*>* args,
                                   const ast::Ident& variant, const Type* expected, ast::Expr* call) {
  std::optional<uint32_t> idx = s->variant_index(variant.name);
  if (!idx) refuse(Code::EnumVariant, variant.pos, s->name + " has no variant " + variant.name + ".");
  const VariantInfo& v = s->variants[*idx];
  const Type* sum_type = nullptr;
  if (args) {
    sum_type = types().sum(s, *args);
  } else if (s->type_params == 0) {
    sum_type = types().sum(s, {});
  } else if (expected && expected->kind == TypeKind::Sum && expected->sum == s) {
    sum_type = expected;
  }
  ExprInfo* in = info(e);
  in->ref = NameRef::Variant;
  in->sum = s;
  in->variant = *idx;
  if (!v.payload) {
    if (call)
      refuse(Code::SumArity, variant.pos, s->name + "." + variant.name + " has no payload: write " + s->name + "." +
                                              variant.name + " without parentheses.");
    if (!sum_type)
      refuse(Code::Infer, variant.pos,
             "The type arguments of " + s->name + " cannot be inferred here: write " + s->name + "[...]." +
                 variant.name + " or annotate the type.");
    return set(e, sum_type);
  }
  if (!call)
    refuse(Code::SumArity, variant.pos,
           s->name + "." + variant.name + " takes one payload: " + s->name + "." + variant.name + "(x).");
  if (call->args.size() != 1)
    refuse(Code::SumArity, variant.pos,
           s->name + "." + variant.name + " takes exactly one payload, got " + std::to_string(call->args.size()) + ".");
  in->call = CallKind::Variant;
  in->full_args = call->args;
  ast::Expr* arg = call->args[0];
  if (sum_type) {
    const Type* pt = payload_type(sum_type, *idx);
    expect_value(arg, pt);
    in->modes = {type_kind(pt) == Kind::Copy ? PassMode::Copy : PassMode::Move};
    return set(e, sum_type);
  }
  // Infer the one type argument the payload names; anything still unknown is E-INFER.
  if (s->type_params != 1 || v.payload->kind != TypeKind::Param)
    refuse(Code::Infer, variant.pos,
           "The type arguments of " + s->name + " cannot be inferred from " + variant.name + "(...): write " + s->name +
               "[...]." + variant.name + "(...) or annotate the type.");
  const Type* t = value(arg, nullptr);
  if (t->kind == TypeKind::Error) not_judged();
  if (t->kind == TypeKind::View || t->kind == TypeKind::Void || t->kind == TypeKind::Borrow)
    refuse(Code::TypeMismatch, arg->begin, "A payload cannot be " + tname(t) + ".");
  in->modes = {type_kind(t) == Kind::Copy ? PassMode::Copy : PassMode::Move};
  return set(e, types().sum(s, {t}));
}

}  // namespace cairn::check::body
