// try: a fallible step returning std.core's Result (or the program's own two-variant outcome sum), an Option
// step, and a chain that propagates both failures with try; main matches the outcomes.
#include "fuzz/gen/body.h"
#include "fuzz/gen/expr.h"
#include "fuzz/gen/items_try.h"
#include "fuzz/gen/stmt.h"

namespace cairn::fuzz {

namespace {

// fn NAME(x:T) -> OUT { if cond { return FAIL(e); } return OK(e in ok_iv); }
std::string fallible(Ctx& c, const std::string& name, Ty t, const std::string& out, const std::string& ok,
                     const std::string& fail, Ty ok_ty, Interval ok_iv, bool fail_payload) {
  Code code;
  BodyScope scope(c, code, Ty::Bool);
  code.open("fn " + name + "(x:" + ty(t) + ") -> " + out);
  c.add(Var{"x", t, full(t), false});
  code.open("if " + bool_expr(c, 2).text);
  code.line("return " + fail + (fail_payload ? "(" + int_expr(c, Ty::U8, 2).text + ")" : "") + ";");
  code.close();
  code.line("return " + ok + "(" + int_in(c, ok_ty, ok_iv, 2).text + ");");
  code.close();
  return code.text();
}

// chain: Result[u64, u8] from two steps; ochain: Option[u64] from one Option step.
void chains(Ctx& c, Ty t, const std::string& chain, const std::string& step, const std::string& ochain,
            const std::string& maybe) {
  Code code;
  code.open("fn " + chain + "(a:" + ty(t) + ", b:" + ty(t) + ") -> Result[u64, u8]");
  code.line("let p:u32 = try " + step + "(a);");
  code.line("let q:u32 = try " + step + "(b);");
  code.line("return Ok(u64(p) + u64(q));");
  code.close();
  c.items.push_back(code.text());
  Code oc;
  oc.open("fn " + ochain + "(a:" + ty(t) + ") -> Option[u64]");
  oc.line("let p:u16 = try " + maybe + "(a);");
  oc.line("return Some(u64(p) * 3);");
  oc.close();
  c.items.push_back(oc.text());
}

// main matches both outcomes.
void match_outcomes(Ctx& c, Ty t, const std::string& chain, const std::string& ochain) {
  std::string ok = c.fresh("okv"), err = c.fresh("errv"), some = c.fresh("got");
  c.out->open("match " + chain + "(" + int_expr(c, t, 2).text + ", " + int_expr(c, t, 2).text + ")");
  c.out->line("Ok(" + ok + ") => ck = fold(ck, " + ok + ");");
  c.out->open("Err(" + err + ") =>");
  c.out->line("ck = fold(ck, u64(" + err + "));");
  c.out->line("println(\"err \", " + err + ");");
  c.use(Construct::Println);
  c.out->close();
  c.out->close();
  c.out->open("match " + ochain + "(" + int_expr(c, t, 2).text + ")");
  c.out->line("Some(" + some + ") => ck = fold(ck, " + some + ");");
  c.out->line("None => ck = fold(ck, 5);");
  c.out->close();
  c.use(Construct::Match);
}

}  // namespace

void feature_try(Ctx& c) {
  c.need_std_core = true;
  c.use(Construct::Try);
  c.use(Construct::OptionResult);
  c.use(Construct::GenericInstances);
  Ty t = random_int_type(c);
  Interval ok_iv = random_interval(c, Ty::U32);
  std::string step = c.fresh("step");
  bool own = c.rng.chance(40);
  std::string own_sum = c.fresh("Out");
  if (own) {
    c.items.push_back("enum " + own_sum + " { " + own_sum + "ok(u32); " + own_sum + "bad(u8); }\n");
    c.use(Construct::PayloadSums);
    c.items.push_back(fallible(c, step, t, own_sum, own_sum + "." + own_sum + "ok", own_sum + "." + own_sum + "bad",
                               Ty::U32, ok_iv, true));
  } else {
    c.items.push_back(fallible(c, step, t, "Result[u32, u8]", "Ok", "Err", Ty::U32, ok_iv, true));
  }
  std::string maybe = c.fresh("maybe");
  Interval opt_iv = random_interval(c, Ty::U16);
  c.items.push_back(fallible(c, maybe, t, "Option[u16]", "Some", "None", Ty::U16, opt_iv, false));
  std::string chain = c.fresh("chain");
  std::string ochain = c.fresh("ochain");
  chains(c, t, chain, step, ochain, maybe);
  match_outcomes(c, t, chain, ochain);
}

}  // namespace cairn::fuzz
