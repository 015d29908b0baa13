// Constant items (§11): typing of their expressions (§4.1 with the declared type expected) and exact folding.
#include <map>
#include <optional>

#include "front/check/const_fold.h"
#include "front/check/const_flex.h"
#include "front/check/decl_context.h"
#include "front/check/lookup.h"
#include "front/check/resolve_type.h"
#include "front/check/stage2_names.h"

namespace cairn::check {

namespace {

using ast::Expr;
using ast::ExprKind;

class ConstFolder {
 public:
  explicit ConstFolder(DeclContext& cx) : cx_(cx) {}

  void fold(ConstInfo& c) {
    State& st = state_[&c];
    if (st == State::Done || st == State::Failed) return;
    st = State::Visiting;
    path_.push_back({&c, nullptr});
    const ast::Item* it = c.decl;
    std::optional<ConstValue> v;
    if (c.type && c.type->kind == TypeKind::Scalar) {
      module_stack_.push_back(c.module);
      v = eval(it->init, c.type->scalar);
      module_stack_.pop_back();
      if (v && v->type != c.type->scalar) {
        refuse(Code::TypeMismatch, it->init->begin,
               std::string("Expected ") + scalar_name(c.type->scalar) + ", got " + scalar_name(v->type) + ".");
        v.reset();
      }
    }
    c.value = v;
    state_[&c] = v ? State::Done : State::Failed;
    path_.pop_back();
  }

 private:
  enum class State : uint8_t { Unvisited, Visiting, Done, Failed };

  void refuse(Code code, Pos pos, std::string msg) { cx_.refuse(code, pos, std::move(msg)); }
  const ModuleInfo& here() const { return *module_stack_.back(); }

  std::optional<ConstValue> status(ConstStatus s, const Expr* at, const std::string& what, ConstValue v) {
    switch (s) {
      case ConstStatus::Ok: return v;
      case ConstStatus::Overflow:
        refuse(Code::LiteralRange, at->pos, what + " is not representable in its type.");
        return std::nullopt;
      case ConstStatus::DivZero:
        refuse(Code::Const, at->pos, "A constant divides by zero.");
        return std::nullopt;
      case ConstStatus::NotFinite:
        refuse(Code::LiteralRange, at->pos, "A constant's float value must be finite.");
        return std::nullopt;
      case ConstStatus::BadOperator:
        refuse(Code::Operator, at->pos, what + " is not defined for this type.");
        return std::nullopt;
      case ConstStatus::Conversion:
        refuse(Code::Const, at->pos, "The conversion in this constant would trap.");
        return std::nullopt;
      case ConstStatus::BadCast:
        refuse(Code::Cast, at->pos, "A conversion takes and gives numeric scalars, not bool.");
        return std::nullopt;
    }
    return std::nullopt;
  }

  // A flexible expression typed T.
  std::optional<ConstValue> flex(const Expr* e, Scalar t) {
    ConstValue out;
    switch (e->kind) {
      case ExprKind::IntLit:
      case ExprKind::CharLit: {
        if (t == Scalar::Bool) return mismatch(e, t, e->kind == ExprKind::CharLit ? Scalar::U8 : Scalar::U64);
        ConstStatus s = const_int_literal(t, e->int_value, e->negative, &out);
        if (s == ConstStatus::BadOperator) {
          refuse(Code::Operator, e->pos, std::string("A negative literal cannot be a ") + scalar_name(t) + ".");
          return std::nullopt;
        }
        if (s == ConstStatus::Overflow) {
          refuse(Code::LiteralRange, e->pos,
                 std::string(e->negative ? "-" : "") + std::to_string(e->int_value) + " does not fit " +
                     scalar_name(t) + ".");
          return std::nullopt;
        }
        return out;
      }
      case ExprKind::FloatLit: {
        if (!scalar_is_float(t)) {
          refuse(Code::TypeMismatch, e->pos, std::string("Expected ") + scalar_name(t) + ", got a float literal.");
          return std::nullopt;
        }
        if (const_float_literal(t, e->text, e->negative, &out) != ConstStatus::Ok) {
          refuse(Code::LiteralRange, e->pos, e->text + " is infinite as " + scalar_name(t) + ".");
          return std::nullopt;
        }
        return out;
      }
      case ExprKind::Paren: return flex(e->a, t);
      case ExprKind::Unary: {
        auto a = flex(e->a, t);
        if (!a) return a;
        return status(const_unary(e->un, *a, &out), e, std::string("Prefix ") + ast::unop_spelling(e->un), out);
      }
      case ExprKind::Binary: {
        auto a = flex(e->a, t);
        if (!a) return a;
        auto b = flex(e->b, t);
        if (!b) return b;
        return status(const_binary(e->bin, *a, *b, &out), e, std::string(ast::binop_spelling(e->bin)) + " on " + scalar_name(t), out);
      }
      default: break;
    }
    return not_constant(e);
  }

  std::optional<ConstValue> mismatch(const Expr* e, Scalar want, Scalar got) {
    refuse(Code::TypeMismatch, e->begin, std::string("Expected ") + scalar_name(want) + ", got " + scalar_name(got) + ".");
    return std::nullopt;
  }

  std::optional<ConstValue> not_constant(const Expr* e) {
    refuse(Code::Const, e->begin,
           "A constant may use only literals, other constants, operators and conversions.");
    return std::nullopt;
  }

  // `expected`: the numeric type a flexible expression takes (std::nullopt: its default type).
  std::optional<ConstValue> eval(const Expr* e, std::optional<Scalar> expected) {
    if (is_flexible(e)) {
      Scalar t;
      if (expected && *expected != Scalar::Bool) {
        t = *expected;
      } else {
        FlexShape s;
        flex_shape(e, s);
        t = default_type(s);
      }
      return flex(e, t);
    }
    switch (e->kind) {
      case ExprKind::BoolLit: return const_bool(e->bool_value);
      case ExprKind::Paren: return eval(e->a, expected);
      case ExprKind::Name: return name(e);
      case ExprKind::Field: return qualified(e);
      case ExprKind::Unary: {
        auto a = eval(e->a, e->un == ast::UnOp::Not ? std::nullopt : expected);
        if (!a) return a;
        ConstValue out;
        return status(const_unary(e->un, *a, &out), e,
                      std::string("Prefix ") + ast::unop_spelling(e->un) + " on " + scalar_name(a->type), out);
      }
      case ExprKind::Binary: return binary(e);
      case ExprKind::Call: return conversion(e);
      default: return not_constant(e);
    }
  }

  std::optional<ConstValue> binary(const Expr* e) {
    bool fa = is_flexible(e->a), fb = is_flexible(e->b);
    std::optional<ConstValue> a, b;
    if (fa && fb) {  // a comparison of two flexible operands: typed together (§4.1 rule 3)
      FlexShape s;
      flex_shape(e->a, s);
      flex_shape(e->b, s);
      Scalar t = default_type(s);
      a = flex(e->a, t);
      if (!a) return a;
      b = flex(e->b, t);
    } else if (fa) {
      b = eval(e->b, std::nullopt);
      if (!b) return b;
      a = eval(e->a, b->type == Scalar::Bool ? std::nullopt : std::optional<Scalar>(b->type));
    } else {
      a = eval(e->a, std::nullopt);
      if (!a) return a;
      b = eval(e->b, a->type == Scalar::Bool ? std::nullopt : std::optional<Scalar>(a->type));
    }
    if (!a || !b) return std::nullopt;
    const std::string what = std::string(ast::binop_spelling(e->bin)) + " on ";
    // each operand against the operator first (§4.2), then the two types against each other
    bool logical = e->bin == ast::BinOp::And || e->bin == ast::BinOp::Or;
    bool eq = e->bin == ast::BinOp::Eq || e->bin == ast::BinOp::Ne;
    for (const ConstValue* v : {&*a, &*b}) {
      bool is_bool = v->type == Scalar::Bool;
      if ((logical && !is_bool) || (!logical && !eq && is_bool)) {
        refuse(Code::Operator, e->pos, what + scalar_name(v->type) + " is not defined.");
        return std::nullopt;
      }
    }
    if (a->type != b->type) return mismatch(e->b, a->type, b->type);
    ConstValue out;
    return status(const_binary(e->bin, *a, *b, &out), e, what + scalar_name(a->type), out);
  }

  std::optional<ConstValue> conversion(const Expr* e) {
    const Expr* callee = e->a;
    Scalar to;
    if (!callee || callee->kind != ExprKind::Name || !scalar_from_name(callee->text, &to)) {
      const char* stage2 = callee && callee->kind == ExprKind::Name ? stage2_feature(callee->text, Stage2Use::Type)
                                                                      : nullptr;
      if (stage2 && std::string_view(stage2) == "storage-floats") {
        refuse(Code::Unsupported, callee->pos, stage2_refusal(stage2));
        return std::nullopt;
      }
      return not_constant(e);
    }
    if (e->args.size() != 1) {
      refuse(Code::Arity, e->pos, std::string("A conversion takes exactly one argument, got ") +
                                      std::to_string(e->args.size()) + ".");
      return std::nullopt;
    }
    auto a = eval(e->args[0], std::nullopt);
    if (!a) return a;
    ConstValue out;
    ConstStatus s = const_convert(*a, to, &out);
    if (s == ConstStatus::Conversion) {
      refuse(Code::Const, callee->pos, std::string(scalar_name(to)) + "(" + const_text(*a) + ") would trap: the value is outside " + scalar_name(to) + ".");
      return std::nullopt;
    }
    return status(s, callee, std::string("The conversion to ") + scalar_name(to), out);
  }

  std::optional<ConstValue> use_const(const ConstInfo* c, const Expr* at) {
    ConstInfo* mc = const_cast<ConstInfo*>(c);
    State st = state_[mc];
    if (!path_.empty()) path_.back().second = at;
    if (st == State::Visiting) {
      cycle(mc);
      return std::nullopt;
    }
    if (st == State::Unvisited) fold(*mc);
    if (!mc->value) return std::nullopt;  // refused already
    return mc->value;
  }

  // A cycle closes at `c`: refused once, at the member declared first, where its definition enters the cycle.
  void cycle(const ConstInfo* c) {
    size_t k = path_.size();
    while (k > 0 && path_[k - 1].first != c) --k;
    if (k == 0) return;
    size_t first = k - 1;
    for (size_t i = k - 1; i < path_.size(); ++i)
      if (path_[i].first->decl->name.pos < path_[first].first->decl->name.pos) first = i;
    const Expr* at = path_[first].second;
    refuse(Code::Const, at ? at->pos : path_[first].first->decl->name.pos,
           path_[first].first->name + " is defined in terms of itself.");
  }

  std::optional<ConstValue> name(const Expr* e) {
    ItemRef r = lookup_item(cx_.program, here(), e->text);
    if (!r) {
      refuse(Code::Unbound, e->pos, "Unknown name " + e->text + ".");
      return std::nullopt;
    }
    if (const ConstInfo* c = r.constant()) return use_const(c, e);
    return not_constant(e);
  }

  std::optional<ConstValue> qualified(const Expr* e) {
    if (e->a && e->a->kind == ExprKind::Name) {
      if (const ModuleInfo* m = lookup_alias(here(), e->a->text)) {
        ItemRef r;
        LookupStatus st = lookup_in(here(), *m, e->text, &r);
        std::string shown = e->a->text + "." + e->text;
        if (st == LookupStatus::NotFound) {
          refuse(Code::Unbound, e->binder.pos, "Unknown name " + shown + ".");
          return std::nullopt;
        }
        if (st == LookupStatus::Private) {
          refuse(Code::Private, e->binder.pos, shown + " is private to its module.");
          return std::nullopt;
        }
        if (const ConstInfo* c = r.constant()) return use_const(c, e);
      }
    }
    return not_constant(e);
  }

  DeclContext& cx_;
  std::map<const ConstInfo*, State> state_;
  std::vector<const ModuleInfo*> module_stack_;
  std::vector<std::pair<const ConstInfo*, const Expr*>> path_;  // constants being folded, reference followed
};

}  // namespace

void declare_constants(DeclContext& cx) {
  // Types first (every constant's type is a scalar, E-CONST otherwise), then values in source order.
  for (ConstInfo& c : cx.program.consts) {
    const Type* t = resolve_type(cx.program, *c.module, c.decl->type, TypeScope{}, cx.sink, Phase::Declarations);
    if (t->kind == TypeKind::Error) {
      cx.fatal = true;
    } else if (t->kind != TypeKind::Scalar) {
      cx.refuse(Code::Const, c.decl->type->pos,
                "A constant's type is an integer, float or bool type, not " + type_name(t) + ".");
      t = cx.program.types.error();
    }
    c.type = t;
  }
  // Fold in dependency order (an iterative post-order over the constants each one names), so that a long
  // chain of constants never nests the folder's recursion; a cycle is found by the folder itself.
  ConstFolder folder(cx);
  for (ConstInfo* c : constant_dependency_order(cx.program)) folder.fold(*c);
}

}  // namespace cairn::check
