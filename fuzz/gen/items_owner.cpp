// Buf owners: made by a function, moved into a record and into a by-value parameter, taken, swapped, indexed
// through a field path, and reassigned; the generator tracks every owner's length to keep indexes in bounds.
#include "fuzz/gen/body.h"
#include "fuzz/gen/expr.h"
#include "fuzz/gen/items_owner.h"
#include "fuzz/gen/stmt.h"

namespace cairn::fuzz {

namespace {

struct OwnerFns {
  std::string make, total, eat, holder;
  Ty t;
  Interval elem;
};

void emit_owner_items(Ctx& c, const OwnerFns& f) {
  std::string tt = ty(f.t);
  c.items.push_back("struct " + f.holder + " { items:Buf[" + tt + "]; tag:u16; }\n");
  Code mk;
  {
    BodyScope scope(c, mk, Ty::Bool);
    mk.open("fn " + f.make + "(n:usize, s:" + tt + ") -> Buf[" + tt + "]");
    c.add(Var{"s", f.t, f.elem, false});
    mk.line("let mut b = Buf[" + tt + "](n);");
    mk.open("for i in 0..n");
    c.add(Var{"i", Ty::Usize, {0, 15}, false});
    mk.line("b[i] = " + int_in(c, f.t, f.elem, 2).text + ";");
    mk.close();
    mk.line("return b;");
    mk.close();
  }
  c.items.push_back(mk.text());
  Code tc;
  tc.open("fn " + f.total + "(n:usize, xs:ro<" + tt + ">[n]) -> u64");
  tc.line("let mut s:u64 = 11;");
  tc.open("for x in xs");
  tc.line(fold_stmt("s", "x", f.t));
  tc.close();
  tc.line("return s;");
  tc.close();
  c.items.push_back(tc.text());
  Code ec;
  ec.open("fn " + f.eat + "(b:Buf[" + tt + "]) -> u64");
  ec.line("return fold(u64(len(b)), " + f.total + "(b));");
  ec.close();
  c.items.push_back(ec.text());
}

}  // namespace

void feature_owners(Ctx& c) {
  OwnerFns f;
  f.t = random_int_type(c);
  f.elem = random_interval(c, f.t);
  f.make = c.fresh("make_buf");
  f.total = c.fresh("sum_buf");
  f.eat = c.fresh("eat");
  f.holder = c.fresh("Holder");
  emit_owner_items(c, f);
  c.use(Construct::BufOwners);
  c.use(Construct::Records);
  Code& o = *c.out;
  std::string a = c.fresh("ba"), b = c.fresh("bb"), t = c.fresh("bt"), h = c.fresh("hold"), d = c.fresh("bd");
  Wide la = c.rng.range(1, 8), lb = c.rng.range(1, 8);
  o.line("let mut " + a + " = " + f.make + "(" + wide_str(la) + ", " + int_in(c, f.t, f.elem, 1).text + ");");
  o.line("let mut " + b + " = " + f.make + "(" + wide_str(lb) + ", " + int_in(c, f.t, f.elem, 1).text + ");");
  if (c.rng.chance(60)) {
    o.line("swap(" + a + ", " + b + ");");
    std::swap(la, lb);
    c.use(Construct::Swap);
  }
  o.line(a + "[" + int_in(c, Ty::Usize, {0, la - 1}, 1).text + "] = " + int_in(c, f.t, f.elem, 2).text + ";");
  o.line("ck = fold(ck, " + f.total + "(" + a + "));");
  o.line("ck = fold(ck, u64(len(" + b + ")));");
  o.line("let " + t + " = take(" + a + ");");
  c.use(Construct::Take);
  o.line("ck = fold(ck, u64(len(" + a + ")));");
  o.line("let mut " + h + " = " + f.holder + "(" + t + ", " + int_expr(c, Ty::U16, 1).text + ");");
  o.line(h + ".items[" + int_in(c, Ty::Usize, {0, la - 1}, 1).text + "] = " + int_in(c, f.t, f.elem, 1).text + ";");
  o.line("ck = fold(ck, u64(" + h + ".tag));");
  o.line("let " + d + " = take(" + h + ".items);");
  if (c.rng.chance(50)) {
    o.line("swap(" + h + ".items, " + b + ");");
    c.use(Construct::Swap);
    o.line("ck = fold(ck, " + f.total + "(" + h + ".items));");
    o.line("ck = fold(ck, u64(len(" + b + ")));");
  } else {
    o.line("ck = fold(ck, " + f.total + "(" + b + "));");
  }
  o.line("ck = fold(ck, " + f.eat + "(" + d + "));");
  o.line(a + " = " + f.make + "(" + wide_str(lb) + ", " + int_in(c, f.t, f.elem, 1).text + ");");
  o.line("ck = fold(ck, " + f.total + "(" + a + "));");
}

}  // namespace cairn::fuzz
