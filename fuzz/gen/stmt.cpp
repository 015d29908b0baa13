// Statement generation. Every assignment to an integer place keeps the place's invariant interval, either by
// fitting the new value or by guarding a compound assignment with the range where it cannot leave it.
#include "fuzz/gen/stmt.h"

#include "fuzz/gen/body.h"

#include <algorithm>

namespace cairn::fuzz {

namespace {

// The largest integer <= v that a float with `mantissa` significant bits holds exactly.
Wide largest_exact_below(Wide v, int mantissa) {
  int bits = 0;
  while ((Wide{1} << bits) <= v) ++bits;
  if (bits <= mantissa) return v;
  Wide ulp = Wide{1} << (bits - mantissa);
  return v / ulp * ulp;
}

Wide mask_of(Wide v) {
  Wide m = 0;
  while (m < v) m = m * 2 + 1;
  return m;
}

void assign_int(Ctx& c, const Var& v, int depth) {
  Interval inv = v.iv;
  uint64_t k = c.rng.below(4);
  if (k == 0 || k == 1) {
    Expr e = int_expr(c, v.ty, depth);
    bool add = k == 0;
    Interval ok = add ? Interval{inv.lo - e.iv.lo, inv.hi - e.iv.hi} : Interval{inv.lo + e.iv.hi, inv.hi + e.iv.lo};
    ok = meet(ok, inv);
    if (ok.lo <= ok.hi) {
      c.use(Construct::CheckedArith);
      c.use(Construct::If);
      c.out->open("if " + v.name + " >= " + lit(ok.lo) + " && " + v.name + " <= " + lit(ok.hi));
      c.out->line(v.name + (add ? " += " : " -= ") + e.text + ";");
      c.out->close();
      return;
    }
  }
  if (k == 2 && is_unsigned(v.ty) && inv.lo == 0 && mask_of(inv.hi) == inv.hi) {
    Expr e = int_in(c, v.ty, {0, inv.hi}, depth);
    static const char* kOps[] = {" &= ", " |= ", " ^= "};
    c.use(Construct::BitOps);
    c.out->line(v.name + kOps[c.rng.below(3)] + e.text + ";");
    return;
  }
  c.out->line(v.name + " = " + int_in(c, v.ty, inv, depth).text + ";");
}

void assign(Ctx& c, int depth) {
  std::vector<const Var*> vs = c.all_vars(true);
  if (vs.empty()) {
    declare_local(c, random_int_type(c), true, depth);
    return;
  }
  Var v = *vs[c.rng.below(vs.size())];
  if (is_int(v.ty)) return assign_int(c, v, depth);
  if (v.ty == Ty::Bool) return c.out->line(v.name + " = " + bool_expr(c, depth).text + ";");
  Expr e = float_expr(c, v.ty, depth);
  c.use(Construct::FloatOps);
  c.out->line(v.name + (c.rng.chance(30) ? " += " : " = ") + e.text + ";");
}

void block(Ctx& c, int count, int depth) {
  c.push();
  ++c.block_depth;
  statements(c, count, depth);
  --c.block_depth;
  c.pop();
}

void if_stmt(Ctx& c, int depth) {
  c.use(Construct::If);
  c.out->open("if " + bool_expr(c, 2).text);
  block(c, 1 + static_cast<int>(c.rng.below(3)), depth - 1);
  if (c.rng.chance(30)) {
    c.out->reopen("else if " + bool_expr(c, 2).text);
    block(c, 1 + static_cast<int>(c.rng.below(2)), depth - 1);
  }
  if (c.rng.chance(50)) {
    c.out->reopen("else");
    block(c, 1 + static_cast<int>(c.rng.below(3)), depth - 1);
  }
  c.out->close();
}

// `if cond { break; }` or continue, as the last statement of its own block.
void loop_exit(Ctx& c) {
  bool brk = c.rng.chance(50);
  c.use(brk ? Construct::Break : Construct::Continue);
  c.use(Construct::If);
  c.out->open("if " + bool_expr(c, 2).text);
  c.out->line(brk ? "break;" : "continue;");
  c.out->close();
}

void loop_body(Ctx& c, int depth) {
  ++c.loop_depth;
  c.push();
  ++c.block_depth;
  int n = 1 + static_cast<int>(c.rng.below(3));
  for (int i = 0; i < n; ++i) {
    if (c.rng.chance(25)) loop_exit(c);
    statement(c, depth - 1);
  }
  --c.block_depth;
  c.pop();
  --c.loop_depth;
}

void for_stmt(Ctx& c, int depth) {
  c.use(Construct::For);
  Expr lo = int_in(c, Ty::Usize, {0, 2}, 1);
  Expr hi = int_in(c, Ty::Usize, {0, 5}, 1);
  std::string i = c.fresh("i");
  bool named = c.rng.chance(85);
  c.out->open("for " + (named ? i : std::string("_")) + " in " + lo.text + ".." + hi.text);
  c.push();
  if (named) c.add(Var{i, Ty::Usize, {lo.iv.lo, std::max(lo.iv.lo, hi.iv.hi - 1)}, false});
  loop_body(c, depth);
  c.pop();
  c.out->close();
}

void while_stmt(Ctx& c, int depth) {
  c.use(Construct::While);
  std::string w = c.fresh("w");
  Wide bound = c.rng.range(1, 5);
  c.out->line("let mut " + w + ":u32 = 0;");
  c.out->open("while " + w + " < " + lit(bound));
  c.out->line(w + " += 1;");
  c.push();
  c.add(Var{w, Ty::U32, {1, bound}, false});
  loop_body(c, depth);
  c.pop();
  c.out->close();
  c.add(Var{w, Ty::U32, {0, bound}, false});
}

void float_to_int(Ctx& c) {
  Ty f = c.rng.chance(50) ? Ty::F64 : Ty::F32;
  std::vector<const Var*> fs = c.vars(f);
  if (fs.empty()) {
    declare_local(c, f, c.rng.chance(50), 2);
    return;
  }
  Ty t = random_int_type(c);
  Wide hi = std::min(full(t).hi, Wide{1000});
  Wide lo = is_signed_int(t) ? -std::min(-full(t).lo, Wide{1000}) : 0;
  if (c.rng.chance(50)) {  // the type's own edges, as far as the float type holds them exactly
    hi = largest_exact_below(full(t).hi, f == Ty::F32 ? 24 : 53);
    lo = full(t).lo;  // 0 or -2^(w-1): exact in both float types
  }
  std::string k = c.fresh("k");
  std::string src = fs[c.rng.below(fs.size())]->name;
  c.use(Construct::Conversions);
  c.use(Construct::If);
  c.out->line("let mut " + k + ":" + std::string(ty_name(t)) + " = 0;");
  c.out->open("if " + src + " >= " + wide_str(lo) + ".0 && " + src + " <= " + wide_str(hi) + ".0");
  c.out->line(k + " = " + std::string(ty_name(t)) + "(" + src + ");");
  c.out->close();
  c.add(Var{k, t, {std::min(lo, Wide{0}), hi}, false});
}

void assert_stmt(Ctx& c) {
  std::vector<const Var*> vs;
  for (const Var* v : c.all_vars())
    if (is_int(v->ty)) vs.push_back(v);
  c.use(Construct::Assert);
  if (vs.empty()) {
    c.out->line("assert(true);");
    return;
  }
  const Var* v = vs[c.rng.below(vs.size())];
  switch (c.rng.below(4)) {
    case 0: c.out->line("assert(" + v->name + " >= " + lit(v->iv.lo) + ");"); break;
    case 2: c.out->line("assert_eq(" + v->name + ", " + v->name + ");"); break;
    case 1: c.out->line("assert(" + v->name + " <= " + lit(v->iv.hi) + ", \"" + c.fresh("inv") + "\");"); break;
    default: c.out->line("assert(" + v->name + " == " + v->name + ");"); break;
  }
}

}  // namespace

Var declare_local(Ctx& c, Ty t, bool mut, int depth) {
  std::string name = c.fresh(mut ? "m" : "v");
  Expr e = scalar_expr(c, t, depth);
  c.out->line(std::string(mut ? "let mut " : "let ") + name + ":" + std::string(ty_name(t)) + " = " + e.text + ";");
  Var v{name, t, e.iv, mut};
  if (mut && is_int(t)) {
    Expr a = int_literal(c, t, full(t));
    Expr b = int_literal(c, t, full(t));
    v.iv = c.rng.chance(40) ? full(t) : hull(e.iv, hull(a.iv, b.iv));
  }
  c.add(v);
  return v;
}

void print_state(Ctx& c) {
  std::vector<const Var*> vs = c.all_vars();
  std::string args = "\"" + c.fresh("p") + ":\"";
  int n = std::min<int>(static_cast<int>(vs.size()), 4);
  for (int i = 0; i < n; ++i) args += ", ' ', " + vs[vs.size() - 1 - c.rng.below(vs.size())]->name;
  if (c.rng.chance(20)) {
    c.use(Construct::Print);
    c.out->line("print(" + args + ");");
    c.out->line("println();");
  } else {
    c.out->line("println(" + args + ");");
  }
  c.use(Construct::Println);
}

void fold_into_checksum(Ctx& c, const Expr& e) {
  c.out->line(fold_stmt("ck", e.text, e.ty));
}

void early_return(Ctx& c) {
  c.use(Construct::EarlyReturn);
  c.use(Construct::If);
  c.out->open("if " + bool_expr(c, 2).text);
  Expr e = int_expr(c, c.ret_ty, 2);
  c.ret_iv = hull(c.ret_iv, e.iv);
  c.out->line("return " + e.text + ";");
  c.out->close();
}

void statement(Ctx& c, int depth) {
  bool nest = depth > 0 && c.block_depth < 4;
  switch (c.rng.below(c.in_main ? 16 : 13)) {
    case 0:
    case 1: declare_local(c, random_int_type(c), c.rng.chance(50), 2); return;
    case 2: declare_local(c, c.rng.chance(50) ? Ty::F64 : Ty::F32, c.rng.chance(40), 2); return;
    case 3: declare_local(c, Ty::Bool, c.rng.chance(40), 2); return;
    case 4:
    case 5: assign(c, 2); return;
    case 6: if (nest) return if_stmt(c, depth); return assign(c, 1);
    case 7: if (nest) return for_stmt(c, depth); return assign(c, 1);
    case 8: if (nest) return while_stmt(c, depth); return assign(c, 1);
    case 9: return float_to_int(c);
    case 10: if (c.loop_depth > 0) return loop_exit(c); return assert_stmt(c);
    case 11: if (c.early_return_ok && !c.in_main) return early_return(c); return assign(c, 2);
    case 12: return assert_stmt(c);
    case 13: return print_state(c);
    default: {
      Expr e = int_expr(c, random_int_type(c), 2);
      return fold_into_checksum(c, anchored(e));
    }
  }
}

void statements(Ctx& c, int count, int depth) {
  for (int i = 0; i < count; ++i) statement(c, depth);
}

}  // namespace cairn::fuzz
