// Intended traps: each is certain by construction (a value is first pushed past the guard's limit with max or
// min), and depends on the program's state so no engine can fold it away without computing it.
#include "fuzz/gen/traps.h"

#include "fuzz/gen/body.h"
#include "fuzz/gen/expr.h"

namespace cairn::fuzz {

namespace {

void overflow(Ctx& c) {
  Ty t = random_int_type(c);
  Interval r = full(t);
  std::string a = c.fresh("ta");
  c.out->line("let " + a + ":" + ty(t) + " = max(" + anchored(int_expr(c, t, 2)).text + ", " + lit(r.hi - 3) + ");");
  c.out->line("let " + c.fresh("tb") + ":" + ty(t) + " = " + a + " + 4;");
}

void divide_by_zero(Ctx& c) {
  Ty t = random_int_type(c);
  std::string z = c.fresh("tz");
  Expr e = anchored(int_expr(c, t, 2));
  c.out->line("let " + z + ":" + ty(t) + " = min(max(" + e.text + ", 0), 0);");
  c.out->line("let " + c.fresh("tq") + ":" + ty(t) + " = " + anchored(int_expr(c, t, 1)).text +
              (c.rng.chance(50) ? " / " : " % ") + z + ";");
}

void bounds(Ctx& c) {
  std::string s = c.fresh("tarr"), i = c.fresh("ti");
  c.out->line("stack " + s + ":u8[4] = zeroed;");
  c.out->line("let " + i + ":usize = max(" + anchored(int_expr(c, Ty::Usize, 2)).text + ", 4);");
  c.out->line(s + "[" + i + "] = 1;");
}

void conversion(Ctx& c) {
  std::string v = c.fresh("tv");
  c.out->line("let " + v + ":u32 = max(" + anchored(int_expr(c, Ty::U32, 2)).text + ", 256);");
  c.out->line("let " + c.fresh("tw") + ":u8 = u8(" + v + ");");
}

void shift(Ctx& c) {
  Ty t = c.rng.pick(std::vector<Ty>{Ty::U8, Ty::U16, Ty::U32, Ty::U64, Ty::Usize});
  std::string k = c.fresh("tk");
  c.out->line("let " + k + ":usize = max(" + anchored(int_expr(c, Ty::Usize, 2)).text + ", " +
              std::to_string(ty_bits(t)) + ");");
  c.out->line("let " + c.fresh("ts") + ":" + ty(t) + " = shr(" + anchored(int_expr(c, t, 1)).text + ", " + k + ");");
}

void part(Ctx& c) {
  std::string f = c.fresh("span");
  c.items.push_back("fn " + f + "(n:usize, xs:ro<u8>[n]) -> usize = n + len(xs);\n");
  std::string s = c.fresh("tarr"), h = c.fresh("th");
  c.out->line("stack " + s + ":u8[4] = zeroed;");
  c.out->line("let " + h + ":usize = max(" + anchored(int_expr(c, Ty::Usize, 2)).text + ", 5);");
  c.out->line("let " + c.fresh("tn") + ":usize = " + f + "(2, " + s + "[" + h + " - 2.." + h + "]);");
  c.use(Construct::Parts);
  c.use(Construct::Views);
}

void assert_fails(Ctx& c) {
  std::vector<const Var*> vs;
  for (const Var* v : c.all_vars())
    if (is_int(v->ty) && v->iv.hi < full(v->ty).hi) vs.push_back(v);
  c.use(Construct::Assert);
  if (vs.empty()) {
    c.out->line("assert(ck == add_wrap(ck, 1), \"never\");");
    return;
  }
  const Var* v = vs[c.rng.below(vs.size())];
  c.out->line("assert(" + v->name + " > " + lit(v->iv.hi) + ");");
}

void trap_statements(Ctx& c) {
  switch (c.rng.below(7)) {
    case 0: return overflow(c);
    case 1: return divide_by_zero(c);
    case 2: return bounds(c);
    case 3: return conversion(c);
    case 4: return shift(c);
    case 5: return part(c);
    default: return assert_fails(c);
  }
}

}  // namespace

void emit_intended_trap(Ctx& c) {
  c.use(Construct::IntendedTrap);
  if (c.rng.chance(50)) return trap_statements(c);
  // The trap inside a callee: main's checksum passes through it.
  std::string name = c.fresh("boom");
  Code code;
  {
    BodyScope scope(c, code, Ty::U64);
    code.open("fn " + name + "(ck:u64, z:u32) -> u64");
    c.add(Var{"z", Ty::U32, full(Ty::U32), false});
    trap_statements(c);
    code.line("return ck;");
    code.close();
  }
  c.items.push_back(code.text());
  c.out->line("ck = " + name + "(ck, " + int_expr(c, Ty::U32, 2).text + ");");
  c.use(Construct::Calls);
}

}  // namespace cairn::fuzz
