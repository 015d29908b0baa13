// Integer expressions with proven intervals: checked arithmetic whose operands are fitted so it cannot trap,
// wrapping builtins, bit operations, shifts, min/max, conversions and calls of helper functions.
#include <algorithm>

#include "fuzz/gen/expr.h"

namespace cairn::fuzz {

namespace {

Wide clamp_to(Wide v, const Interval& t) { return std::min(std::max(v, t.lo), t.hi); }
Wide mag(const Interval& i) { return std::max(i.lo < 0 ? -i.lo : i.lo, i.hi < 0 ? -i.hi : i.hi); }

Expr make(Ty t, std::string text, Interval iv) { return Expr{std::move(text), t, iv, false}; }

// Two operands, the first anchored when both are lone literals (so the pair has a type of its own).
void pair_anchor(Expr& a, const Expr& b) {
  if (a.lit && b.lit) a = anchored(a);
}

Expr leaf(Ctx& c, Ty t) {
  std::vector<const Var*> vs = c.vars(t);
  if (!vs.empty() && c.rng.chance(75)) {
    const Var* v = vs[c.rng.below(vs.size())];
    return make(t, v->name, v->iv);
  }
  return int_literal(c, t, full(t));
}

Expr add_sub(Ctx& c, Ty t, int depth, bool add) {
  Interval r = full(t);
  Expr a = int_expr(c, t, depth - 1);
  Expr b = int_expr(c, t, depth - 1);
  if (!add && is_unsigned(t)) {
    Wide k = a.iv.lo >= b.iv.hi ? b.iv.hi : int_literal(c, t, {std::min(a.iv.lo, b.iv.hi), std::max(a.iv.lo, b.iv.hi)}).iv.lo;
    a = fit(c, a, {k, r.hi});
    b = fit(c, b, {0, k});
  } else {
    Interval res = add ? Interval{a.iv.lo + b.iv.lo, a.iv.hi + b.iv.hi} : Interval{a.iv.lo - b.iv.hi, a.iv.hi - b.iv.lo};
    if (!res.within(r)) {
      Interval half{r.lo / 2, r.hi / 2};
      a = fit(c, a, half);
      b = fit(c, b, half);
    }
  }
  pair_anchor(a, b);
  Interval iv = add ? Interval{a.iv.lo + b.iv.lo, a.iv.hi + b.iv.hi} : Interval{a.iv.lo - b.iv.hi, a.iv.hi - b.iv.lo};
  c.use(Construct::CheckedArith);
  return make(t, "(" + a.text + (add ? " + " : " - ") + b.text + ")", iv);
}

Expr mul(Ctx& c, Ty t, int depth) {
  Interval r = full(t);
  Expr a = int_expr(c, t, depth - 1);
  Expr b = int_expr(c, t, depth - 1);
  Wide am = mag(a.iv), bm = mag(b.iv);
  bool ok = am == 0 || bm <= r.hi / am;
  if (ok && is_signed_int(t)) ok = am == 0 || bm <= -(r.lo / am);
  if (!ok) {
    Wide s = isqrt(r.hi);
    Interval small = is_signed_int(t) ? Interval{-s, s} : Interval{0, s};
    a = fit(c, a, small);
    b = fit(c, b, small);
  }
  pair_anchor(a, b);
  Wide p[4] = {a.iv.lo * b.iv.lo, a.iv.lo * b.iv.hi, a.iv.hi * b.iv.lo, a.iv.hi * b.iv.hi};
  c.use(Construct::CheckedArith);
  return make(t, "(" + a.text + " * " + b.text + ")", {*std::min_element(p, p + 4), *std::max_element(p, p + 4)});
}

Expr div_rem(Ctx& c, Ty t, int depth, bool div) {
  Interval r = full(t);
  Expr a = int_expr(c, t, depth - 1);
  Expr b = int_expr(c, t, depth - 1);
  if (b.iv.lo <= 0 && b.iv.hi >= 0) {
    bool negative = is_signed_int(t) && c.rng.chance(30);
    b = fit(c, b, negative ? Interval{r.lo, -1} : Interval{1, r.hi});
  }
  if (b.iv.lo < 0 && a.iv.lo == r.lo) a = fit(c, a, {r.lo + 1, r.hi});
  pair_anchor(a, b);
  Interval iv;
  if (div) {
    Wide q[4] = {a.iv.lo / b.iv.lo, a.iv.lo / b.iv.hi, a.iv.hi / b.iv.lo, a.iv.hi / b.iv.hi};
    iv = {std::min({q[0], q[1], q[2], q[3], Wide{0}}), std::max({q[0], q[1], q[2], q[3], Wide{0}})};
  } else {
    Wide m = mag(b.iv) - 1;
    Wide lo = a.iv.lo >= 0 ? 0 : -std::min(-a.iv.lo, m);
    Wide hi = a.iv.hi <= 0 ? 0 : std::min(a.iv.hi, m);
    iv = {lo, hi};
  }
  c.use(Construct::CheckedArith);
  return make(t, "(" + a.text + (div ? " / " : " % ") + b.text + ")", iv);
}

Expr neg_abs(Ctx& c, Ty t, int depth) {
  Interval r = full(t);
  Expr a = anchored(int_expr(c, t, depth - 1));
  a = fit(c, a, {r.lo + 1, r.hi});
  a = anchored(a);
  c.use(Construct::CheckedArith);
  if (c.rng.chance(50)) return make(t, "(-" + a.text + ")", {-a.iv.hi, -a.iv.lo});
  Interval iv = a.iv.lo >= 0 ? a.iv : a.iv.hi <= 0 ? Interval{-a.iv.hi, -a.iv.lo} : Interval{0, mag(a.iv)};
  return make(t, "abs(" + a.text + ")", iv);
}

Expr min_max(Ctx& c, Ty t, int depth) {
  Expr a = int_expr(c, t, depth - 1);
  Expr b = int_expr(c, t, depth - 1);
  pair_anchor(a, b);
  bool is_min = c.rng.chance(50);
  Interval iv = is_min ? Interval{std::min(a.iv.lo, b.iv.lo), std::min(a.iv.hi, b.iv.hi)}
                       : Interval{std::max(a.iv.lo, b.iv.lo), std::max(a.iv.hi, b.iv.hi)};
  return make(t, std::string(is_min ? "min(" : "max(") + a.text + ", " + b.text + ")", iv);
}

Expr wrapping(Ctx& c, Ty t, int depth) {
  Interval r = full(t);
  Expr a = int_expr(c, t, depth - 1);
  Expr b = int_expr(c, t, depth - 1);
  pair_anchor(a, b);
  static const char* kNames[] = {"add_wrap", "sub_wrap", "mul_wrap"};
  int k = static_cast<int>(c.rng.below(3));
  Interval iv = r;
  if (k == 0 && a.iv.hi + b.iv.hi <= r.hi) iv = {a.iv.lo + b.iv.lo, a.iv.hi + b.iv.hi};
  if (k == 1 && a.iv.lo >= b.iv.hi) iv = {a.iv.lo - b.iv.hi, a.iv.hi - b.iv.lo};
  if (k == 2 && (a.iv.hi == 0 || b.iv.hi <= r.hi / a.iv.hi)) iv = {a.iv.lo * b.iv.lo, a.iv.hi * b.iv.hi};
  c.use(Construct::WrappingArith);
  return make(t, std::string(kNames[k]) + "(" + a.text + ", " + b.text + ")", iv);
}

Wide mask_above(Wide v) {
  Wide m = 0;
  while (m < v) m = m * 2 + 1;
  return m;
}

Expr bits(Ctx& c, Ty t, int depth) {
  Interval r = full(t);
  c.use(Construct::BitOps);
  Expr a = int_expr(c, t, depth - 1);
  if (c.rng.chance(20)) {
    a = anchored(a);
    return make(t, "(~" + a.text + ")", {r.hi - a.iv.hi, r.hi - a.iv.lo});
  }
  Expr b = int_expr(c, t, depth - 1);
  pair_anchor(a, b);
  int k = static_cast<int>(c.rng.below(3));
  Interval iv = k == 0 ? Interval{0, std::min(a.iv.hi, b.iv.hi)} : Interval{0, mask_above(std::max(a.iv.hi, b.iv.hi))};
  static const char* kOps[] = {" & ", " | ", " ^ "};
  return make(t, "(" + a.text + kOps[k] + b.text + ")", iv);
}

Expr shift(Ctx& c, Ty t, int depth) {
  Interval r = full(t);
  int w = ty_bits(t);
  c.use(Construct::Shifts);
  Expr x = anchored(int_expr(c, t, depth - 1));
  Expr k = c.rng.chance(50) ? int_literal(c, Ty::Usize, {0, w - 1}) : int_in(c, Ty::Usize, {0, w - 1}, depth - 1);
  if (c.rng.chance(50)) {
    return make(t, "shr(" + x.text + ", " + k.text + ")", {x.iv.lo >> static_cast<int>(k.iv.hi), x.iv.hi >> static_cast<int>(k.iv.lo)});
  }
  Interval iv = r;
  int bl = 0;
  while ((Wide{1} << bl) <= x.iv.hi) ++bl;
  if (bl + k.iv.hi <= w) iv = {x.iv.lo << static_cast<int>(k.iv.lo), x.iv.hi << static_cast<int>(k.iv.hi)};
  return make(t, "shl_wrap(" + x.text + ", " + k.text + ")", iv);
}

Expr conversion(Ctx& c, Ty t, int depth) {
  Ty s = random_int_type(c);
  if (s == t) return leaf(c, t);
  Expr e = int_expr(c, s, depth - 1);
  e = fit(c, e, meet(full(s), full(t)));
  c.use(Construct::Conversions);
  c.use(construct_of(s));
  return make(t, std::string(ty_name(t)) + "(" + e.text + ")", e.iv);
}

Expr call(Ctx& c, Ty t, int depth) {
  std::vector<const Helper*> hs = c.helpers_returning(t);
  if (hs.empty()) return leaf(c, t);
  const Helper* h = hs[c.rng.below(hs.size())];
  std::string text = h->name + "(";
  for (size_t i = 0; i < h->params.size(); ++i) {
    if (i) text += ", ";
    text += int_in(c, h->params[i], h->params_iv[i], depth - 1).text;
  }
  c.use(Construct::Calls);
  return make(t, text + ")", h->ret_iv);
}

}  // namespace

Construct construct_of(Ty t) {
  switch (t) {
    case Ty::U8: return Construct::U8;
    case Ty::U16: return Construct::U16;
    case Ty::U32: return Construct::U32;
    case Ty::U64: return Construct::U64;
    case Ty::Usize: return Construct::Usize;
    case Ty::I8: return Construct::I8;
    case Ty::I16: return Construct::I16;
    case Ty::I32: return Construct::I32;
    case Ty::I64: return Construct::I64;
    case Ty::F32: return Construct::F32;
    case Ty::F64: return Construct::F64;
    case Ty::Bool: return Construct::Bool;
  }
  return Construct::Int;
}

Ty random_int_type(Ctx& c) { return c.rng.pick(int_types()); }

Expr anchored(const Expr& e) {
  if (!e.lit) return e;
  Expr a = e;
  a.text = std::string(ty_name(e.ty)) + "(" + e.text + ")";
  a.lit = false;
  return a;
}

Expr int_literal(Ctx& c, Ty t, Interval within) {
  Wide v;
  uint64_t pick = c.rng.below(100);
  Wide span = within.hi - within.lo;
  if (pick < 12) v = within.lo;
  else if (pick < 24) v = within.hi;
  else if (pick < 70) v = clamp_to(static_cast<Wide>(c.rng.range(-20, 40)), within);
  else v = within.lo + (span >= (Wide{1} << 64) - 1 ? Wide{c.rng.next()} : static_cast<Wide>(c.rng.next() % static_cast<uint64_t>(span + 1)));
  c.use(Construct::Int);
  c.use(construct_of(t));
  return Expr{lit(v), t, {v, v}, true};
}

Expr fit(Ctx& c, const Expr& e, Interval target) {
  if (e.iv.within(target)) return e;
  if (e.lit) return int_literal(c, e.ty, {clamp_to(e.iv.lo, target), clamp_to(e.iv.lo, target)});
  Expr r = e;
  if (r.iv.lo < target.lo) r.text = "max(" + r.text + ", " + lit(target.lo) + ")";
  if (r.iv.hi > target.hi) r.text = "min(" + r.text + ", " + lit(target.hi) + ")";
  r.iv = {clamp_to(e.iv.lo, target), clamp_to(e.iv.hi, target)};
  return r;
}

Expr int_in(Ctx& c, Ty t, Interval target, int depth) { return fit(c, int_expr(c, t, depth), target); }

Expr int_expr(Ctx& c, Ty t, int depth) {
  c.use(Construct::Int);
  c.use(construct_of(t));
  if (depth <= 0 || c.rng.chance(25)) return leaf(c, t);
  bool u = is_unsigned(t);
  switch (c.rng.below(12)) {
    case 0: return add_sub(c, t, depth, true);
    case 1: return add_sub(c, t, depth, false);
    case 2: return mul(c, t, depth);
    case 3: return div_rem(c, t, depth, c.rng.chance(50));
    case 4: return u ? bits(c, t, depth) : neg_abs(c, t, depth);
    case 5: return min_max(c, t, depth);
    case 6: return u ? wrapping(c, t, depth) : add_sub(c, t, depth, true);
    case 7: return u ? bits(c, t, depth) : mul(c, t, depth);
    case 8: return u ? shift(c, t, depth) : conversion(c, t, depth);
    case 9: return conversion(c, t, depth);
    case 10: return call(c, t, depth);
    default: return leaf(c, t);
  }
}

}  // namespace cairn::fuzz
