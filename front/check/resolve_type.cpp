// Type expressions to interned types, with the refusals of §2.2, §3.4-§3.8 and §18 (Stage 2 names).
#include "front/check/resolve_type.h"

#include "front/check/lookup.h"
#include "front/check/stage2_names.h"

namespace cairn::check {

namespace {

// Nested positions, beyond the top-level uses of TypeUse.
enum class Pos2 : uint8_t { Top, Element, BorrowInner, FnParam, FnResult, TypeArg };

bool is_borrowish(const Type* t) { return t->kind == TypeKind::View || t->kind == TypeKind::Borrow; }

std::string path_text(const ast::Path& p) {
  std::string s;
  for (size_t i = 0; i < p.size(); ++i) s += (i ? "." : "") + p[i].name;
  return s;
}

class Resolver {
 public:
  Resolver(Program& p, const ModuleInfo& from, const TypeScope& scope, DiagSink& sink, Phase phase)
      : p_(p), from_(from), scope_(scope), sink_(sink), phase_(phase) {}

  const Type* top(const ast::TypeExpr* te, TypeUse use) {
    const Type* t = resolve(te, Pos2::Top);
    if (t->kind == TypeKind::Error) return t;
    switch (use) {
      case TypeUse::Any: return t;
      case TypeUse::Field:
        if (is_borrowish(t)) return fail(Code::RecordType, te->pos, "A field cannot be a borrow: " + type_name(t) + ".");
        if (t->kind == TypeKind::Void) return fail(Code::RecordType, te->pos, "A field cannot be void.");
        return t;
      case TypeUse::Payload:
        if (is_borrowish(t)) return fail(Code::SumPayload, te->pos, "A payload cannot be a borrow: " + type_name(t) + ".");
        if (t->kind == TypeKind::Void) return fail(Code::SumPayload, te->pos, "A payload cannot be void.");
        return t;
      case TypeUse::Result:
        if (is_borrowish(t))
          return fail(Code::Escape, te->pos, "A borrow cannot be a result type: return an owner or write into an rw parameter.");
        return t;
      case TypeUse::Param:
        if (t->kind == TypeKind::Void) return fail(Code::Param, te->pos, "A parameter cannot be void.");
        return t;
    }
    return t;
  }

 private:
  const Type* fail(Code c, Pos pos, std::string msg) {
    if (!scope_.instance.empty()) msg = "in " + scope_.instance + ": " + msg;
    sink_.report(c, pos, std::move(msg), phase_);
    return p_.types.error();
  }

  const Type* resolve(const ast::TypeExpr* te, Pos2 where) {
    switch (te->kind) {
      case ast::TypeKind::Named: return named(te);
      case ast::TypeKind::IntArg:
        return fail(Code::Type, te->pos, "Expected a type, found the number " + std::to_string(te->int_value) + ".");
      case ast::TypeKind::Borrow: return borrow(te, where);
      case ast::TypeKind::Fn: return fn_type(te);
      case ast::TypeKind::Unsupported:
        return fail(Code::Unsupported, te->pos,
                    (te->feature.empty() ? std::string("this type") : te->feature) +
                        " is a Stage 2 feature and is not supported yet.");
    }
    return p_.types.error();
  }

  // An element of Buf/Array: a value type, not void, not a borrow, not linear (§3.5).
  const Type* element(const ast::TypeExpr* te) {
    const Type* t = resolve(te, Pos2::Element);
    if (t->kind == TypeKind::Error) return t;
    if (t->kind == TypeKind::Void) return fail(Code::OwnerElement, te->pos, "Storage cannot hold void elements.");
    if (is_borrowish(t))
      return fail(Code::OwnerElement, te->pos, "Storage cannot hold borrows: " + type_name(t) + ".");
    if (p_.kinds_ready && type_kind(t) == Kind::Linear)
      return fail(Code::LinearStorage, te->pos, "A linear value cannot be stored in an array: " + type_name(t) + ".");
    return t;
  }

  const Type* borrow(const ast::TypeExpr* te, Pos2 where) {
    if (where == Pos2::BorrowInner) return fail(Code::Type, te->pos, "Borrows do not nest.");
    if (!te->inner) return p_.types.error();
    const Type* inner = resolve(te->inner, Pos2::BorrowInner);
    if (inner->kind == TypeKind::Error) return inner;
    if (inner->kind == TypeKind::Void) return fail(Code::Type, te->inner->pos, "A borrow of void is not a type.");
    if (te->placement) {
      const std::string& w = te->placement->name;
      if (w == "device" || w == "pinned" || w == "unified")
        return fail(Code::Unsupported, te->placement->pos, "device is a Stage 2 feature and is not supported yet.");
      if (w != "host") return fail(Code::Place, te->placement->pos, "Unknown placement @" + w + ": views are @host.");
    }
    if (te->has_extent) {
      if (where == Pos2::FnParam)
        return fail(Code::FnType, te->pos, "A function type cannot take a view; pass a single borrow or a value.");
      return p_.types.view(inner, te->rw);
    }
    return p_.types.borrow(inner, te->rw);
  }

  const Type* fn_type(const ast::TypeExpr* te) {
    std::vector<const Type*> params;
    bool bad = false;
    for (const ast::TypeExpr* pt : te->params) {
      const Type* t = resolve(pt, Pos2::FnParam);
      if (t->kind == TypeKind::Void) t = fail(Code::Type, pt->pos, "A parameter type cannot be void.");
      bad |= t->kind == TypeKind::Error;
      params.push_back(t);
    }
    const Type* r = p_.types.void_type();
    if (te->result) {
      r = resolve(te->result, Pos2::FnResult);
      if (is_borrowish(r)) r = fail(Code::Escape, te->result->pos, "A borrow cannot be a result type.");
      bad |= r->kind == TypeKind::Error;
    }
    if (bad) return p_.types.error();
    return p_.types.fn(std::move(params), r);
  }

  const uint64_t* natural(const std::string& name) const {
    if (!scope_.naturals) return nullptr;
    for (const auto& nv : *scope_.naturals)
      if (nv.first == name) return &nv.second;
    return nullptr;
  }

  // The length of Array[T, N]: a literal, a usize constant or a natural (E-STATIC otherwise).
  std::optional<uint64_t> array_length(const ast::TypeExpr* te) {
    if (te->kind == ast::TypeKind::IntArg) return te->int_value;
    if (te->kind == ast::TypeKind::Named && te->args.empty()) {
      if (te->path.size() == 1)
        if (const uint64_t* v = natural(te->path[0].name)) return *v;
      LookupStatus st;
      ItemRef r = lookup_path(p_, from_, te->path, &st);
      if (st == LookupStatus::Private) {
        fail(Code::Private, te->pos, path_text(te->path) + " is private to its module.");
        return std::nullopt;
      }
      if (const ConstInfo* c = r.constant()) {
        if (c->type && c->type->kind == TypeKind::Scalar && c->type->scalar == Scalar::Usize) {
          if (c->value) return c->value->bits;
          return std::nullopt;  // refused already
        }
      }
    }
    fail(Code::Static, te->pos, "An Array length must be an integer literal, a usize constant or a natural parameter.");
    return std::nullopt;
  }

  const Type* builtin_generic(const ast::TypeExpr* te, const std::string& n) {
    size_t want = n == "Buf" ? 1 : 2;
    if (te->args.size() != want)
      return fail(Code::GenericArity, te->pos, n + " takes " + (want == 1 ? "one type argument" : "a type and a length") +
                                                   ", got " + std::to_string(te->args.size()) + ".");
    const Type* elem = element(te->args[0]);
    if (n == "Buf") return elem->kind == TypeKind::Error ? elem : p_.types.buf(elem);
    std::optional<uint64_t> len = array_length(te->args[1]);
    if (elem->kind == TypeKind::Error || !len) return p_.types.error();
    return p_.types.array(elem, *len);
  }

  const Type* sum_type(const ast::TypeExpr* te, const SumInfo* s, const std::string& shown) {
    if (s->type_params == 0) {
      if (!te->args.empty())
        return fail(Code::Unsupported, te->pos, "generics are a Stage 2 feature and are not supported yet.");
      return p_.types.sum(s, {});
    }
    if (te->args.size() != s->type_params)
      return fail(Code::GenericArity, te->pos, shown + " takes " + std::to_string(s->type_params) +
                                                   " type argument" + (s->type_params == 1 ? "" : "s") + ", got " +
                                                   std::to_string(te->args.size()) + ".");
    std::vector<const Type*> args;
    bool bad = false;
    for (const ast::TypeExpr* a : te->args) {
      const Type* t = resolve(a, Pos2::TypeArg);
      if (t->kind == TypeKind::Void) t = fail(Code::SumPayload, a->pos, "A payload cannot be void.");
      if (is_borrowish(t)) t = fail(Code::SumPayload, a->pos, "A payload cannot be a borrow: " + type_name(t) + ".");
      bad |= t->kind == TypeKind::Error;
      args.push_back(t);
    }
    if (bad) return p_.types.error();
    return p_.types.sum(s, std::move(args));
  }

  const Type* item_type(const ast::TypeExpr* te, const ItemRef& r, const std::string& shown) {
    if (const RecordInfo* rec = r.record()) {
      if (!te->args.empty())
        return fail(Code::Unsupported, te->pos, "generics are a Stage 2 feature and are not supported yet.");
      return p_.types.record(rec);
    }
    if (const SumInfo* s = r.sum()) return sum_type(te, s, shown);
    return fail(Code::Type, te->pos, shown + " is not a type.");
  }

  const Type* named(const ast::TypeExpr* te) {
    const std::string shown = path_text(te->path);
    if (te->path.size() == 1) {
      const std::string& n = te->path[0].name;
      Scalar s;
      if (scalar_from_name(n, &s)) {
        if (!te->args.empty()) return fail(Code::GenericArity, te->pos, n + " takes no type arguments.");
        return p_.types.scalar(s);
      }
      if (n == "void") return p_.types.void_type();
      if (n == "Buf" || n == "Array") return builtin_generic(te, n);
      const char* stage2 = stage2_feature(n, Stage2Use::Type);
      if (stage2 && std::string_view(stage2) == "storage-floats")
        return fail(Code::Unsupported, te->pos, stage2_refusal(stage2));
      if (natural(n))
        return fail(Code::ImplParam, te->pos, n + " is a natural parameter, not a type.");
      if (ItemRef r = lookup_item(p_, from_, n)) return item_type(te, r, shown);
      if (stage2) return fail(Code::Unsupported, te->pos, stage2_refusal(stage2));
      if (n == "Option" || n == "Result")
        return fail(Code::Type, te->pos, "Unknown type " + n + ": it is declared in std.core, import std.core (" + n + ").");
      return fail(Code::Type, te->pos, "Unknown type " + n + ".");
    }
    LookupStatus st;
    ItemRef r = lookup_path(p_, from_, te->path, &st);
    if (st == LookupStatus::Private) return fail(Code::Private, te->pos, shown + " is private to its module.");
    if (st == LookupStatus::NotFound) return fail(Code::Type, te->pos, "Unknown type " + shown + ".");
    return item_type(te, r, shown);
  }

  Program& p_;
  const ModuleInfo& from_;
  const TypeScope& scope_;
  DiagSink& sink_;
  Phase phase_;
};

}  // namespace

const Type* resolve_type(Program& program, const ModuleInfo& from, const ast::TypeExpr* te,
                         const TypeScope& scope, DiagSink& sink, Phase phase, TypeUse use) {
  if (!te) return program.types.void_type();
  Resolver r(program, from, scope, sink, phase);
  return r.top(te, use);
}

}  // namespace cairn::check
