// E-IMPL-WHEN: the condition of an implementation, typed and judged on its own (§17.2): parameters, len of
// views, literals, constants and naturals, with comparison, logic, bitwise and non-trapping builtins only.
#include <optional>

#include "front/check/impl_rules.h"
#include "front/check/lookup.h"

namespace cairn::check {

namespace {

using ast::Expr;
using ast::ExprKind;

struct WType {
  enum class K : uint8_t { Bad, Bool, Int, Flex } k = K::Bad;
  Scalar s = Scalar::U64;
};

class WhenChecker {
 public:
  WhenChecker(const Program& p, const FnInfo& fn, DiagSink& sink) : p_(p), fn_(fn), sink_(sink) {}

  bool run(const Expr* e) {
    WType t = check(e);
    if (t.k == WType::K::Bad) return false;
    if (t.k != WType::K::Bool) return bad(e->begin, "A when condition is a bool expression.");
    return true;
  }

 private:
  bool bad(Pos pos, const std::string& why) {
    if (!failed_) {
      std::string pre = fn_.template_of ? "in " + fn_.name + ": " : "";
      sink_.report(Code::ImplWhen, pos, pre + why, Phase::WholeProgram);
    }
    failed_ = true;
    return false;
  }
  WType fail(Pos pos, const std::string& why) {
    bad(pos, why);
    return {};
  }
  static WType integer(Scalar s) { return WType{WType::K::Int, s}; }

  // A static value: a literal, a constant or a natural (for divisors and shift counts).
  std::optional<int64_t> static_value(const Expr* e) {
    if (e->kind == ExprKind::Paren) return static_value(e->a);
    if (e->kind == ExprKind::IntLit || e->kind == ExprKind::CharLit)
      return e->negative ? -static_cast<int64_t>(e->int_value) : static_cast<int64_t>(e->int_value);
    if (e->kind == ExprKind::Name) {
      for (const auto& [n, v] : fn_.naturals)
        if (n == e->text) return static_cast<int64_t>(v);
      if (const ConstInfo* c = lookup_item(p_, *fn_.module, e->text).constant(); c && c->value)
        return scalar_is_signed(c->value->type) ? static_cast<int64_t>(c->value->bits)
                                                : static_cast<int64_t>(c->value->bits);
    }
    return std::nullopt;
  }

  std::optional<uint32_t> param(const std::string& n) const {
    for (uint32_t i = 0; i < fn_.params.size(); ++i)
      if (fn_.params[i].name == n) return i;
    return std::nullopt;
  }

  WType name(const Expr* e) {
    for (const auto& nv : fn_.naturals)
      if (nv.first == e->text) return integer(Scalar::Usize);
    if (auto i = param(e->text)) {
      const Type* t = fn_.params[*i].type;
      if (is_int(t)) return integer(t->scalar);
      return fail(e->pos, "A when condition reads by-value integer parameters; " + e->text + " is " + type_name(t) + ".");
    }
    if (const ConstInfo* c = lookup_item(p_, *fn_.module, e->text).constant()) {
      if (c->type && is_int(c->type)) return integer(c->type->scalar);
      if (c->type && is_bool(c->type)) return WType{WType::K::Bool, Scalar::Bool};
    }
    return fail(e->pos, e->text + " cannot appear in a when condition.");
  }

  // Two operands of one integer type (a flexible literal takes its partner's type).
  WType unify(const Expr* at, WType a, WType b) {
    if (a.k == WType::K::Bad || b.k == WType::K::Bad) return {};
    if (a.k == WType::K::Bool || b.k == WType::K::Bool) return fail(at->pos, "This operator takes integers here.");
    if (a.k == WType::K::Flex) return b;
    if (b.k == WType::K::Flex) return a;
    if (a.s != b.s)
      return fail(at->pos, std::string("Expected ") + scalar_name(a.s) + ", got " + scalar_name(b.s) + ".");
    return a;
  }

  WType binary(const Expr* e) {
    using ast::BinOp;
    WType a = check(e->a);
    if (a.k == WType::K::Bad) return a;
    WType b = check(e->b);
    if (b.k == WType::K::Bad) return b;
    switch (e->bin) {
      case BinOp::And:
      case BinOp::Or:
        if (a.k != WType::K::Bool || b.k != WType::K::Bool) return fail(e->pos, "&& and || take bool operands.");
        return a;
      case BinOp::Eq:
      case BinOp::Ne:
        if (a.k == WType::K::Bool && b.k == WType::K::Bool) return a;
        [[fallthrough]];
      case BinOp::Lt:
      case BinOp::Le:
      case BinOp::Gt:
      case BinOp::Ge:
        if (unify(e, a, b).k == WType::K::Bad) return {};
        return WType{WType::K::Bool, Scalar::Bool};
      case BinOp::BitAnd:
      case BinOp::BitOr:
      case BinOp::BitXor: {
        WType t = unify(e, a, b);
        if (t.k == WType::K::Int && !scalar_is_unsigned(t.s)) return fail(e->pos, "Bitwise operators take unsigned integers.");
        return t;
      }
      case BinOp::Div:
      case BinOp::Rem: {
        WType t = unify(e, a, b);
        if (t.k == WType::K::Bad) return t;
        auto d = static_value(e->b);
        if (!d) return fail(e->pos, std::string("The divisor of ") + ast::binop_spelling(e->bin) +
                                        " in a when condition is a literal, a constant or a natural parameter.");
        if (*d == 0) return fail(e->pos, "A when condition cannot divide by zero.");
        if (*d == -1 && t.k == WType::K::Int && scalar_is_signed(t.s))
          return fail(e->pos, "A when condition cannot divide a signed value by -1.");
        return t;
      }
      case BinOp::Add:
      case BinOp::Sub:
      case BinOp::Mul:
        return fail(e->pos, std::string("A when condition cannot use ") + ast::binop_spelling(e->bin) +
                                ", which could trap; use add_wrap, sub_wrap or mul_wrap.");
    }
    return {};
  }

  WType call(const Expr* e) {
    if (!e->a || e->a->kind != ExprKind::Name) return fail(e->pos, "A when condition calls only len, min, max and the wrapping builtins.");
    const std::string& n = e->a->text;
    if (n == "len") {
      if (e->args.size() == 1 && e->args[0]->kind == ExprKind::Name)
        if (auto i = param(e->args[0]->text); i && fn_.params[*i].type->kind == TypeKind::View) return integer(Scalar::Usize);
      return fail(e->pos, "In a when condition, len takes a view parameter.");
    }
    bool pairwise = n == "min" || n == "max" || n == "add_wrap" || n == "sub_wrap" || n == "mul_wrap";
    bool shift = n == "shr" || n == "shl_wrap";
    if (!pairwise && !shift) return fail(e->a->pos, n + " cannot be called in a when condition.");
    if (e->args.size() != 2) return fail(e->pos, n + " takes two arguments.");
    WType a = check(e->args[0]);
    if (a.k == WType::K::Bad) return a;
    if (pairwise) {
      WType t = unify(e, a, check(e->args[1]));
      if (t.k == WType::K::Int && n != "min" && n != "max" && !scalar_is_unsigned(t.s))
        return fail(e->a->pos, n + " takes unsigned integers.");
      return t;
    }
    if (a.k == WType::K::Bool || (a.k == WType::K::Int && !scalar_is_unsigned(a.s)))
      return fail(e->a->pos, n + " takes an unsigned integer.");
    auto k = static_value(e->args[1]);
    unsigned width = a.k == WType::K::Int ? scalar_bits(a.s) : 64;
    if (!k || *k < 0 || static_cast<uint64_t>(*k) >= width)
      return fail(e->args[1]->begin, "A shift in a when condition is by a literal, constant or natural below the width.");
    return a;
  }

  WType check(const Expr* e) {
    switch (e->kind) {
      case ExprKind::IntLit:
      case ExprKind::CharLit: return WType{WType::K::Flex, Scalar::U64};
      case ExprKind::BoolLit: return WType{WType::K::Bool, Scalar::Bool};
      case ExprKind::Paren: return check(e->a);
      case ExprKind::Name: return name(e);
      case ExprKind::Field:
        if (e->a && e->a->kind == ExprKind::Name)
          if (const ModuleInfo* m = lookup_alias(*fn_.module, e->a->text)) {
            ItemRef r;
            if (lookup_in(*fn_.module, *m, e->text, &r) == LookupStatus::Found)
              if (const ConstInfo* c = r.constant(); c && c->type && is_int(c->type)) return integer(c->type->scalar);
          }
        return fail(e->pos, "A when condition reads parameters, len of views, literals, constants and naturals.");
      case ExprKind::Unary:
        if (e->un == ast::UnOp::Not) {
          WType a = check(e->a);
          if (a.k == WType::K::Bad) return a;
          if (a.k != WType::K::Bool) return fail(e->pos, "! takes a bool.");
          return a;
        }
        if (e->un == ast::UnOp::BitNot) {
          WType a = check(e->a);
          if (a.k == WType::K::Int && !scalar_is_unsigned(a.s)) return fail(e->pos, "~ takes an unsigned integer.");
          if (a.k == WType::K::Bool) return fail(e->pos, "~ takes an unsigned integer.");
          return a;
        }
        return fail(e->pos, "A when condition cannot negate, which could trap.");
      case ExprKind::Binary: return binary(e);
      case ExprKind::Call: return call(e);
      default: return fail(e->begin, "This cannot appear in a when condition.");
    }
  }

  const Program& p_;
  const FnInfo& fn_;
  DiagSink& sink_;
  bool failed_ = false;
};

}  // namespace

bool check_when(const Program& program, const FnInfo& impl, DiagSink& sink) {
  if (!impl.decl || !impl.decl->when) return true;
  return WhenChecker(program, impl, sink).run(impl.decl->when);
}

}  // namespace cairn::check
