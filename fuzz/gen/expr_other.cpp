// Bool and float expressions. Floats use only operations every engine rounds the same way: + - * /, sqrt,
// the exact abs/floor/ceil/trunc and negation, conversions and comparisons.
#include "fuzz/gen/expr.h"

namespace cairn::fuzz {

namespace {

Expr comparison(Ctx& c, int depth) {
  static const char* kOps[] = {" < ", " <= ", " > ", " >= ", " == ", " != "};
  const char* op = kOps[c.rng.below(6)];
  Ty t = c.rng.chance(80) ? random_int_type(c) : (c.rng.chance(50) ? Ty::F64 : Ty::F32);
  Expr a = is_float(t) ? float_expr(c, t, depth - 1) : int_expr(c, t, depth - 1);
  Expr b = is_float(t) ? float_expr(c, t, depth - 1) : int_expr(c, t, depth - 1);
  if (a.lit && b.lit) a = anchored(a);
  c.use(Construct::Comparisons);
  return Expr{"(" + a.text + op + b.text + ")", Ty::Bool, {}, false};
}

}  // namespace

Expr bool_expr(Ctx& c, int depth) {
  c.use(Construct::Bool);
  if (depth <= 0 || c.rng.chance(20)) {
    std::vector<const Var*> vs = c.vars(Ty::Bool);
    if (!vs.empty() && c.rng.chance(70)) return Expr{vs[c.rng.below(vs.size())]->name, Ty::Bool, {}, false};
    if (depth > 0 || c.rng.chance(30)) return Expr{c.rng.chance(50) ? "true" : "false", Ty::Bool, {}, false};
    return comparison(c, 1);
  }
  switch (c.rng.below(6)) {
    case 0: return Expr{"(!" + bool_expr(c, depth - 1).text + ")", Ty::Bool, {}, false};
    case 1: return Expr{"(" + bool_expr(c, depth - 1).text + " && " + bool_expr(c, depth - 1).text + ")", Ty::Bool, {}, false};
    case 2: return Expr{"(" + bool_expr(c, depth - 1).text + " || " + bool_expr(c, depth - 1).text + ")", Ty::Bool, {}, false};
    case 3: {
      Expr a = bool_expr(c, depth - 1);
      return Expr{"(" + a.text + (c.rng.chance(50) ? " == " : " != ") + bool_expr(c, depth - 1).text + ")", Ty::Bool, {}, false};
    }
    default: return comparison(c, depth);
  }
}

Expr float_literal(Ctx& c, Ty t) {
  c.use(Construct::Float);
  c.use(construct_of(t));
  std::string s;
  switch (c.rng.below(6)) {
    case 0: s = std::to_string(c.rng.range(0, 9)) + ".0"; break;
    case 1: s = std::to_string(c.rng.range(0, 999)) + "." + std::to_string(c.rng.range(0, 99)); break;
    case 2: s = "0." + std::to_string(c.rng.range(0, 9)) + std::to_string(c.rng.range(1, 9)); break;
    case 3: s = std::to_string(c.rng.range(1, 9)) + "." + std::to_string(c.rng.range(0, 9)) + "e" + std::to_string(c.rng.range(-12, 20)); break;
    case 4: s = "0.0"; break;
    default: s = std::to_string(c.rng.range(1, 99)) + ".5"; break;
  }
  if (c.rng.chance(30)) s = "(-" + s + ")";
  return Expr{s, t, {}, true};
}

Expr float_expr(Ctx& c, Ty t, int depth) {
  c.use(Construct::Float);
  c.use(construct_of(t));
  if (depth <= 0 || c.rng.chance(25)) {
    std::vector<const Var*> vs = c.vars(t);
    if (!vs.empty() && c.rng.chance(70)) return Expr{vs[c.rng.below(vs.size())]->name, t, {}, false};
    return float_literal(c, t);
  }
  std::string n(ty_name(t));
  switch (c.rng.below(9)) {
    case 0:
    case 1:
    case 2: {
      static const char* kOps[] = {" + ", " - ", " * ", " / "};
      Expr a = float_expr(c, t, depth - 1);
      Expr b = float_expr(c, t, depth - 1);
      if (a.lit && b.lit) a = anchored(a);
      c.use(Construct::FloatOps);
      return Expr{"(" + a.text + kOps[c.rng.below(4)] + b.text + ")", t, {}, false};
    }
    case 3: {
      static const char* kFns[] = {"sqrt(", "abs(", "floor(", "ceil(", "trunc("};
      Expr a = anchored(float_expr(c, t, depth - 1));
      c.use(Construct::FloatOps);
      return Expr{kFns[c.rng.below(5)] + a.text + ")", t, {}, false};
    }
    case 4: {
      Expr a = anchored(float_expr(c, t, depth - 1));
      c.use(Construct::FloatOps);
      return Expr{"(-" + a.text + ")", t, {}, false};
    }
    case 5:
    case 6: {
      Expr a = int_expr(c, random_int_type(c), depth - 1);
      c.use(Construct::Conversions);
      return Expr{n + "(" + a.text + ")", t, {}, false};
    }
    case 7: {
      Ty other = t == Ty::F32 ? Ty::F64 : Ty::F32;
      Expr a = float_expr(c, other, depth - 1);
      c.use(Construct::Conversions);
      return Expr{n + "(" + a.text + ")", t, {}, false};
    }
    default: {
      Expr a = float_expr(c, t, depth - 1);
      Expr b = float_expr(c, t, depth - 1);
      if (a.lit && b.lit) a = anchored(a);
      c.use(Construct::FloatOps);
      return Expr{"(" + a.text + (c.rng.chance(50) ? " * " : " + ") + b.text + ")", t, {}, false};
    }
  }
}

Expr scalar_expr(Ctx& c, Ty t, int depth) {
  if (t == Ty::Bool) return bool_expr(c, depth);
  if (is_float(t)) return float_expr(c, t, depth);
  return int_expr(c, t, depth);
}

}  // namespace cairn::fuzz
