// Types in bodies: let annotations, types written as expressions (Buf[u8], Option[u64]), payloads, names.
#include "front/check/body_checker.h"
#include "front/check/resolve_type.h"
#include "front/check/stage2_names.h"

namespace cairn::check::body {

std::string Checker::tname(const Type* t) const { return type_name(t); }

const Type* Checker::annotation(const ast::TypeExpr* te) {
  TypeScope scope;
  scope.naturals = &fn_.naturals;
  if (fn_.template_of) scope.instance = fn_.name;
  size_t before = sink_.count();
  const Type* t = resolve_type(program_, module_, te, scope, sink_, Phase::Bodies, TypeUse::Any);
  if (t->kind == TypeKind::Error) {
    refused_ = true;
    if (sink_.count() == before)
      refuse(Code::Type, te->pos, "This type cannot be resolved.");
    throw Refused{};
  }
  return t;
}

// Storage elements (§3.5): no void, no borrow (E-OWNER-ELEMENT), nothing linear (E-LINEAR-STORAGE).
void Checker::check_storage_element(const Type* elem, Pos pos) {
  if (elem->kind == TypeKind::Void) refuse(Code::OwnerElement, pos, "Storage cannot hold void elements.");
  if (elem->kind == TypeKind::View || elem->kind == TypeKind::Borrow)
    refuse(Code::OwnerElement, pos, "Storage cannot hold borrows: " + tname(elem) + ".");
  if (type_kind(elem) == Kind::Linear)
    refuse(Code::LinearStorage, pos, "A linear value cannot be stored in an array: " + tname(elem) + ".");
}

// A type written with expression syntax, as a type argument: u8, geo.Point, Buf[u8], Array[u8, 4],
// Option[u64].
const Type* Checker::type_arg(ast::Expr* e) {
  if (e->kind == ast::ExprKind::IntLit)
    refuse(Code::Type, e->pos, "Expected a type, found the number " + std::to_string(e->int_value) + ".");
  if (e->kind == ast::ExprKind::Name) {
    const std::string& n = e->text;
    Scalar s;
    if (scalar_from_name(n, &s)) return types().scalar(s);
    if (natural(n))
      refuse(Code::ImplParam, e->pos, n + " is a natural parameter, not a type.");
    if (const char* feature = stage2_feature(n, Stage2Use::Type); feature && !lookup(n))
      refuse(Code::Unsupported, e->pos, stage2_refusal(feature));
    if (n == "void") refuse(Code::Type, e->pos, "void is not a type argument.");
  }
  if (e->kind == ast::ExprKind::Index && e->a->kind == ast::ExprKind::Name &&
      (e->a->text == "Buf" || e->a->text == "Array") && !find_local(e->a->text)) {
    const std::string& n = e->a->text;
    size_t want = n == "Buf" ? 1 : 2;
    if (e->args.size() != want)
      refuse(Code::GenericArity, e->pos,
             n + " takes " + (want == 1 ? "one type argument" : "a type and a length") + ", got " +
                 std::to_string(e->args.size()) + ".");
    const Type* elem = type_arg(e->args[0]);
    check_storage_element(elem, e->args[0]->begin);
    if (n == "Buf") return types().buf(elem);
    std::optional<uint64_t> len = static_usize(e->args[1]);
    if (!len)
      refuse(Code::Static, e->args[1]->begin,
             "An Array length must be an integer literal, a usize constant or a natural parameter.");
    return types().array(elem, *len);
  }
  std::optional<StaticRef> r = static_path(e);
  if (r && r->type) {
    if (r->kind == StaticRef::Kind::Sum && r->sum->type_params > 0 && !r->has_args)
      refuse(Code::GenericArity, e->begin, r->sum->name + " needs its type arguments.");
    return r->type;
  }
  if (r && r->kind == StaticRef::Kind::Sum)
    refuse(Code::GenericArity, e->begin, r->sum->name + " needs its type arguments.");
  if (e->kind == ast::ExprKind::Name && (find_local(e->text) || lookup(e->text)))
    refuse(Code::Type, e->begin, e->text + " is not a type.");
  refuse(Code::Type, e->begin, "Unknown type " + expr_text(e) + ".");
}

// A literal, usize constant or natural parameter (§3.5, §11), else nothing.
std::optional<uint64_t> Checker::static_usize(ast::Expr* e) {
  while (e->kind == ast::ExprKind::Paren) e = e->a;
  if (e->kind == ast::ExprKind::IntLit && !e->negative) return e->int_value;
  const ConstInfo* c = nullptr;
  if (e->kind == ast::ExprKind::Name) {
    if (find_local(e->text)) return std::nullopt;
    if (const auto* nv = natural(e->text)) return nv->second;
    c = lookup(e->text).constant();
  } else if (e->kind == ast::ExprKind::Field && e->a->kind == ast::ExprKind::Name && !find_local(e->a->text)) {
    if (const ModuleInfo* m = alias(e->a->text)) c = lookup_in(*m, e->binder).constant();
  }
  if (c && c->type && c->type->kind == TypeKind::Scalar && c->type->scalar == Scalar::Usize && c->value)
    return c->value->bits;
  return std::nullopt;
}

// The payload type of a variant of a sum type, with the sum's type arguments substituted.
const Type* Checker::payload_type(const Type* sum_type, uint32_t variant) {
  const Type* p = sum_type->sum->variants[variant].payload;
  if (!p) return nullptr;
  if (!sum_type->args.empty()) p = types().substitute(p, sum_type->args);
  return p;
}

}  // namespace cairn::check::body
