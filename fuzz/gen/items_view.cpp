// Views, parts, storage and collectors. Every array element has one invariant interval (elem_iv) that every
// store keeps, and every index and part bound is fitted below the storage's known length.
#include <algorithm>

#include "fuzz/gen/body.h"
#include "fuzz/gen/expr.h"
#include "fuzz/gen/items_view.h"
#include "fuzz/gen/stmt.h"

namespace cairn::fuzz {

namespace {

struct ViewFns {
  std::string fill, sum, pick, red;
  Ty t;
  Interval elem;
  Wide red_len;  // the literal extent of `red`
  Ty red_ty;
};

std::string fill_fn(Ctx& c, ViewFns& f) {
  Code code;
  BodyScope scope(c, code, Ty::Bool);
  code.open("fn " + f.fill + "(n:usize, out:rw<" + ty(f.t) + ">[n], s:" + ty(f.t) + ")");
  c.add(Var{"s", f.t, f.elem, false});
  code.open("for i in 0..n");
  c.push();
  c.add(Var{"i", Ty::Usize, {0, 15}, false});
  code.line("out[i] = " + int_in(c, f.t, f.elem, 3).text + ";");
  c.pop();
  code.close();
  code.close();
  return code.text();
}

std::string sum_fn(Ctx& c, ViewFns& f) {
  Code code;
  code.open("fn " + f.sum + "(n:usize, xs:ro<" + ty(f.t) + ">[n]) -> u64");
  code.line("let mut s:u64 = u64(n);");
  if (c.rng.chance(50)) {
    code.open("for x in xs");
    code.line(fold_stmt("s", "x", f.t));
  } else {
    code.open("for j, x in xs");
    code.line(fold_stmt("s", "x", f.t));
    code.line("s = fold(s, u64(j));");
  }
  code.close();
  code.line("return s;");
  code.close();
  c.use(Construct::ElementLoop);
  return code.text();
}

std::string pick_fn(Ctx& c, ViewFns& f) {
  Code code;
  BodyScope scope(c, code, Ty::Bool);
  std::string tt = ty(f.t);
  code.open("fn " + f.pick + "(n:usize, out:rw<" + tt + ">[n], xs:ro<" + tt + ">[n], lim:" + tt + ") -> usize");
  c.add(Var{"lim", f.t, full(f.t), false});
  code.line("let k = compact out for i in 0..n where xs[i] > lim yield xs[i];");
  code.line("return k;");
  code.close();
  c.use(Construct::Compact);
  return code.text();
}

// reduce over a view of literal extent L: an operator the element type admits, never overflowing.
std::string red_fn(Ctx& c, ViewFns& f) {
  Code code;
  std::string tt = ty(f.t);
  std::string l = wide_str(f.red_len);
  Wide m = std::max(f.elem.hi, -f.elem.lo);
  std::vector<std::string> ops = {"min", "max"};
  if (is_unsigned(f.t)) ops.insert(ops.end(), {"add_wrap", "mul_wrap", "&", "|", "^"});
  if (m * f.red_len <= full(f.t).hi && -m * f.red_len >= full(f.t).lo) ops.push_back("+");
  std::string op = c.rng.pick(ops);
  code.open("fn " + f.red + "(xs:ro<" + tt + ">[" + l + "]) -> u64");
  code.line("let r = reduce " + op + " for i in 0.." + l + " yield xs[i];");
  code.line("let all = reduce && for i in " + l + " yield xs[i] >= " + lit(f.elem.lo) + ";");
  code.line("let fsum = reduce + for i in 0.." + l + " yield f64(xs[i]) * 0.5;");
  code.line("let mut s:u64 = 0;");
  code.line(fold_stmt("s", "r", f.t));
  code.open("if all");
  code.line("s = fold(s, 1);");
  code.close();
  code.open("if fsum > 10.0");
  code.line("s = fold(s, 2);");
  code.close();
  code.line("return s;");
  code.close();
  c.use(Construct::Reduce);
  return code.text();
}

// One storage in main: its name, its known length, and whether its capacity is the literal itself.
struct Store {
  std::string name;
  Wide len;
};

Store declare_storage(Ctx& c, const ViewFns& f) {
  Store s{c.fresh("st"), c.rng.range(4, 10)};
  std::string tt = ty(f.t);
  switch (c.rng.below(3)) {
    case 0:
      c.out->line("stack " + s.name + ":" + tt + "[" + wide_str(s.len) + "] = zeroed;");
      c.use(Construct::Stack);
      break;
    case 1: {
      std::string n = c.fresh("n");
      c.out->line("let " + n + ":usize = " + wide_str(s.len) + ";");
      c.add(Var{n, Ty::Usize, {s.len, s.len}, false});
      c.out->line("buffer " + s.name + ":" + tt + "[" + n + "] = zeroed;");
      c.use(Construct::Buffer);
      break;
    }
    default:
      c.out->line("let mut " + s.name + " = Array[" + tt + ", " + wide_str(s.len) + "]();");
      c.use(Construct::ArrayValues);
      break;
  }
  if (f.elem.lo > 0 || f.elem.hi < 0) {  // zero is outside the element invariant: fill before any read
    c.out->line(f.fill + "(" + s.name + ", " + int_in(c, f.t, f.elem, 1).text + ");");
  }
  return s;
}

// A part s[lo..lo+k] with k elements, lo + k <= len.
std::string part(Ctx& c, const Store& s, Wide k) {
  Expr lo = int_in(c, Ty::Usize, {0, s.len - k}, 1);
  c.use(Construct::Parts);
  if (lo.lit) return s.name + "[" + lo.text + ".." + wide_str(lo.iv.lo + k) + "]";
  std::string b = c.fresh("lo");
  c.out->line("let " + b + ":usize = " + lo.text + ";");
  c.add(Var{b, Ty::Usize, lo.iv, false});
  return s.name + "[" + b + ".." + b + " + " + wide_str(k) + "]";
}

void use_storage(Ctx& c, const ViewFns& f, const Store& a, const Store& b) {
  std::string idx = int_in(c, Ty::Usize, {0, a.len - 1}, 2).text;
  c.out->line(f.fill + "(" + a.name + ", " + int_in(c, f.t, f.elem, 2).text + ");");
  Wide k = c.rng.range(1, static_cast<int64_t>(a.len));
  std::string p = part(c, a, k);
  c.out->line(f.fill + "(" + wide_str(k) + ", " + p + ", " + int_in(c, f.t, f.elem, 1).text + ");");
  c.out->line(a.name + "[" + idx + "] = " + int_in(c, f.t, f.elem, 2).text + ";");
  c.out->line("ck = fold(ck, " + f.sum + "(" + a.name + "));");
  Wide k2 = c.rng.range(0, static_cast<int64_t>(a.len));
  std::string p2 = part(c, a, k2);
  c.out->line("ck = fold(ck, " + f.sum + "(" + wide_str(k2) + ", " + p2 + "));");
  std::string i = int_in(c, Ty::Usize, {0, a.len - 1}, 1).text;
  std::string j = int_in(c, Ty::Usize, {0, a.len - 1}, 1).text;
  c.out->line("swap(" + a.name + "[" + i + "], " + a.name + "[" + j + "]);");
  c.use(Construct::Swap);
  Wide m = std::min(a.len, b.len);
  std::string lim = int_expr(c, f.t, 1).text;
  std::string kk = c.fresh("kept");
  c.out->line("let " + kk + " = " + f.pick + "(" + wide_str(m) + ", " + b.name + "[0.." + wide_str(m) + "], " + a.name +
              "[0.." + wide_str(m) + "], " + lim + ");");
  c.add(Var{kk, Ty::Usize, {0, m}, false});
  c.out->line("ck = fold(ck, u64(" + kk + "));");
  if (a.len >= f.red_len) {
    c.out->line("ck = fold(ck, " + f.red + "(" + a.name + "[0.." + wide_str(f.red_len) + "]));");
  }
  // Collectors and an element loop in main itself.
  std::string r = c.fresh("r");
  c.out->line("let " + r + " = reduce " + (c.rng.chance(50) ? "max" : "min") + " for i in 0.." + wide_str(a.len) +
              " yield " + a.name + "[i];");
  c.add(Var{r, f.t, f.elem, false});
  c.out->line(fold_stmt("ck", r, f.t));
  std::string q = c.fresh("q");
  c.out->line("let " + q + " = compact " + b.name + " for i in 0.." + wide_str(m) + " where " + a.name + "[i] != " +
              int_in(c, f.t, f.elem, 0).text + " yield " + a.name + "[i];");
  c.out->line("ck = fold(ck, u64(" + q + "));");
  std::string x = c.fresh("x"), w = c.fresh("ix");
  c.out->open("for " + w + ", " + x + " in " + b.name);
  c.out->line(fold_stmt("ck", x, f.t));
  c.out->line("ck = fold(ck, u64(" + w + "));");
  c.out->close();
  c.use(Construct::ElementLoop);
  c.use(Construct::Compact);
  c.use(Construct::Reduce);
}

}  // namespace

void feature_views(Ctx& c) {
  ViewFns f;
  f.t = random_int_type(c);
  f.elem = random_interval(c, f.t);
  f.fill = c.fresh("fill");
  f.sum = c.fresh("total");
  f.pick = c.fresh("keep");
  f.red = c.fresh("fold_all");
  f.red_len = c.rng.range(2, 6);
  c.items.push_back(fill_fn(c, f));
  c.items.push_back(sum_fn(c, f));
  c.items.push_back(pick_fn(c, f));
  c.items.push_back(red_fn(c, f));
  c.use(Construct::Views);
  Store a = declare_storage(c, f);
  Store b = declare_storage(c, f);
  use_storage(c, f, a, b);
}

}  // namespace cairn::fuzz
