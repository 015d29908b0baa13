// Scalar helper functions, bounded recursion and natural-parameter templates. Their bodies are generated with
// the parameters' intervals in scope, and the interval of every returned value joins the function's result.
#include "fuzz/gen/items_fn.h"

#include "fuzz/gen/body.h"
#include "fuzz/gen/expr.h"
#include "fuzz/gen/stmt.h"

namespace cairn::fuzz {

void emit_fold_helpers(Ctx& c) {
  c.items.push_back("fn fold(h:u64, v:u64) -> u64 = add_wrap(mul_wrap(h, 1099511628211), v);\n");
  c.items.push_back(
      "fn folds(h:u64, v:i64) -> u64 {\n"
      "  if v < 0 {\n"
      "    return fold(fold(h, 1), u64(-(v + 1)));\n"
      "  }\n"
      "  return fold(h, u64(v));\n"
      "}\n");
}

void emit_helper(Ctx& c) {
  Helper h;
  h.name = c.fresh("h");
  h.ret = random_int_type(c);
  int n = 1 + static_cast<int>(c.rng.below(3));
  Code code;
  {
    BodyScope scope(c, code, h.ret);
    std::string sig = "fn " + h.name + "(";
    for (int i = 0; i < n; ++i) {
      Ty t = random_int_type(c);
      Interval iv = random_interval(c, t);
      std::string p = "a" + std::to_string(i);
      sig += (i ? ", " : "") + p + ":" + ty(t);
      h.params.push_back(t);
      h.params_iv.push_back(iv);
      c.add(Var{p, t, iv, false});
    }
    code.open(sig + ") -> " + ty(h.ret));
    statements(c, 2 + static_cast<int>(c.rng.below(4)), 2);
    Expr e = int_expr(c, h.ret, 3);
    c.ret_iv = c.ret_iv.lo > c.ret_iv.hi ? e.iv : hull(c.ret_iv, e.iv);
    code.line("return " + e.text + ";");
    code.close();
    h.ret_iv = c.ret_iv;
  }
  c.use(Construct::Calls);
  c.items.push_back(code.text());
  c.helpers.push_back(h);
}

void emit_recursion(Ctx& c) {
  Helper h;
  h.name = c.fresh("rec");
  Wide depth = c.rng.range(3, 16);
  h.params = {Ty::U32, Ty::U64};
  h.params_iv = {{0, depth}, full(Ty::U64)};
  h.ret = Ty::U64;
  h.ret_iv = full(Ty::U64);
  Code code;
  {
    BodyScope scope(c, code, Ty::U64);
    code.open("fn " + h.name + "(n:u32, acc:u64) -> u64");
    code.open("if n == 0");
    code.line("return acc;");
    code.close();
    c.add(Var{"n", Ty::U32, {1, depth}, false});
    c.add(Var{"acc", Ty::U64, full(Ty::U64), false});
    Expr step = int_expr(c, Ty::U64, 2);
    code.line("let s:u64 = " + step.text + ";");
    code.line("return " + h.name + "(n - 1, add_wrap(acc, s));");
    code.close();
  }
  c.use(Construct::Recursion);
  c.use(Construct::WrappingArith);
  c.items.push_back(code.text());
  c.helpers.push_back(h);
}

void emit_template(Ctx& c) {
  std::string name = c.fresh("g");
  Ty t = random_int_type(c);
  Interval piv = random_interval(c, t);
  Wide kmax = c.rng.range(2, 6);
  Helper base;
  base.params = {t};
  base.params_iv = {piv};
  base.ret = t;
  Code code;
  {
    BodyScope scope(c, code, t);
    code.open("fn " + name + "[K:nat](x:" + ty(t) + ") -> " + ty(t));
    c.add(Var{"K", Ty::Usize, {1, kmax}, false});
    c.add(Var{"x", t, piv, false});
    statements(c, 1 + static_cast<int>(c.rng.below(3)), 1);
    Expr e = int_expr(c, t, 3);
    c.ret_iv = c.ret_iv.lo > c.ret_iv.hi ? e.iv : hull(c.ret_iv, e.iv);
    code.line("return " + e.text + ";");
    code.close();
    base.ret_iv = c.ret_iv;
  }
  c.items.push_back(code.text());
  c.use(Construct::GenericInstances);
  for (Wide k = 1; k <= kmax; ++k) {
    if (!c.rng.chance(60) && k != kmax) continue;
    Helper h = base;
    h.name = name + "[" + wide_str(k) + "]";
    c.helpers.push_back(h);
  }
  if (c.rng.chance(50)) {
    std::string fam = c.fresh("fam");
    Wide hi = c.rng.range(2, static_cast<int64_t>(kmax) + 1);
    c.items.push_back("family " + fam + " = " + name + "[1.." + wide_str(hi) + "];\n");
    c.use(Construct::Family);
    for (Wide k = 1; k < hi; ++k) {
      Helper h = base;
      h.name = fam + "_" + wide_str(k);
      c.helpers.push_back(h);
    }
  }
}

void emit_constant(Ctx& c) {
  Ty t = random_int_type(c);
  Expr v = int_literal(c, t, full(t));
  Wide value = v.iv.lo;
  std::string text = v.text;
  // Sometimes a constant expression of the same value: (value - d) + d, d small, never leaving the type.
  Wide d = c.rng.range(1, 9);
  if (c.rng.chance(50) && value - d >= full(t).lo) text = "(" + lit(value - d) + " + " + wide_str(d) + ")";
  std::string name = c.fresh("C");
  c.items.push_back("const " + name + ":" + ty(t) + " = " + text + ";\n");
  c.constants.push_back(Var{name, t, {value, value}, false});
  c.use(Construct::Constants);
}

}  // namespace cairn::fuzz
