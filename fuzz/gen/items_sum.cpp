// Tag-only enums and payload sums: a function choosing a variant, a function matching it, and main using both.
#include "fuzz/gen/items_sum.h"

#include "fuzz/gen/body.h"
#include "fuzz/gen/expr.h"
#include "fuzz/gen/stmt.h"

namespace cairn::fuzz {

namespace {

struct Variant {
  std::string name;
  bool payload;
  Ty ty;
  Interval iv;
};

// fn pickN(x:T) -> E: one if per variant but the last, bare or qualified variants returned.
std::string pick_fn(Ctx& c, const std::string& e, const std::vector<std::string>& vs, Ty t) {
  std::string of = c.fresh("pick");
  Code oc;
  BodyScope scope(c, oc, Ty::Bool);
  oc.open("fn " + of + "(x:" + ty(t) + ") -> " + e);
  c.add(Var{"x", t, full(t), false});
  for (size_t i = 0; i + 1 < vs.size(); ++i) {
    oc.open("if " + bool_expr(c, 2).text);
    oc.line("return " + (c.rng.chance(50) ? e + "." : std::string()) + vs[i] + ";");
    oc.close();
  }
  oc.line("return " + e + "." + vs.back() + ";");
  oc.close();
  c.items.push_back(oc.text());
  return of;
}

// One arm of weigh's match: a return, an assignment, or a block of statements.
void weigh_arm(Ctx& c, Code& vc, const std::string& v, bool returning) {
  if (returning) {
    vc.line(v + " => return " + int_expr(c, Ty::U32, 2).text + ";");
  } else if (c.rng.chance(50)) {
    vc.line(v + " => r = " + int_expr(c, Ty::U32, 2).text + ";");
  } else {
    vc.open(v + " =>");
    c.push();
    statements(c, 1 + static_cast<int>(c.rng.below(2)), 1);
    c.pop();
    vc.close();
  }
}

// fn weighN(k:E, x:T) -> u32: a match with one arm per variant, exactly one of them returning.
std::string weigh_fn(Ctx& c, const std::string& e, const std::vector<std::string>& vs, Ty t) {
  std::string val = c.fresh("weigh");
  Code vc;
  BodyScope scope(c, vc, Ty::U32);
  vc.open("fn " + val + "(k:" + e + ", x:" + ty(t) + ") -> u32");
  c.add(Var{"x", t, full(t), false});
  vc.line("let mut r:u32 = 1;");
  c.add(Var{"r", Ty::U32, full(Ty::U32), true});
  vc.open("match k");
  size_t returning = c.rng.below(vs.size());
  for (size_t i = 0; i < vs.size(); ++i) weigh_arm(c, vc, vs[i], i == returning);
  vc.close();
  vc.line("return r;");
  vc.close();
  c.items.push_back(vc.text());
  return val;
}

// fn makeN(x:T) -> S: one if per variant but the last, payloads fitted into their invariants.
std::string make_fn(Ctx& c, const std::string& s, const std::vector<Variant>& vs, Ty t) {
  std::string mk = c.fresh("make");
  Code mc;
  BodyScope scope(c, mc, Ty::Bool);
  mc.open("fn " + mk + "(x:" + ty(t) + ") -> " + s);
  c.add(Var{"x", t, full(t), false});
  for (size_t i = 0; i < vs.size(); ++i) {
    const Variant& v = vs[i];
    bool last = i + 1 == vs.size();
    if (!last) mc.open("if " + bool_expr(c, 2).text);
    std::string q = c.rng.chance(50) || last ? s + "." : std::string();
    mc.line("return " + q + v.name + (v.payload ? "(" + int_in(c, v.ty, v.iv, 2).text + ")" : "") + ";");
    if (!last) mc.close();
  }
  mc.close();
  c.items.push_back(mc.text());
  return mk;
}

// match in main, the payload binders folded into the checksum.
void match_in_main(Ctx& c, const std::string& sv, const std::vector<Variant>& vs) {
  c.out->open("match " + sv);
  for (const Variant& v : vs) {
    std::string b = c.fresh("b");
    c.out->open(v.name + (v.payload ? "(" + b + ")" : "") + " =>");
    c.push();
    if (v.payload) {
      c.add(Var{b, v.ty, v.iv, false});
      c.out->line(fold_stmt("ck", b, v.ty));
    } else {
      c.out->line("ck = fold(ck, " + std::to_string(c.rng.below(100)) + ");");
    }
    if (c.rng.chance(50)) statement(c, 1);
    c.pop();
    c.out->close();
  }
  c.out->close();
}

}  // namespace

void feature_tag_enum(Ctx& c) {
  std::string e = c.fresh("E");
  int n = 2 + static_cast<int>(c.rng.below(3));
  std::vector<std::string> vs;
  std::string decl = "enum " + e + " {";
  for (int i = 0; i < n; ++i) {
    vs.push_back(e + "v" + std::to_string(i));
    decl += " " + vs.back() + ";";
  }
  c.items.push_back(decl + " }\n");
  c.use(Construct::TagEnums);
  Ty t = random_int_type(c);
  std::string of = pick_fn(c, e, vs, t);
  std::string val = weigh_fn(c, e, vs, t);
  c.use(Construct::Match);
  std::string k = c.fresh("tag");
  c.out->line("let " + k + ":" + e + " = " + of + "(" + int_expr(c, t, 2).text + ");");
  c.out->open("if " + k + (c.rng.chance(50) ? " == " : " != ") + e + "." + vs[c.rng.below(vs.size())]);
  c.out->line("ck = fold(ck, 3);");
  c.out->close();
  c.use(Construct::Comparisons);
  c.out->line("ck = fold(ck, u64(" + val + "(" + k + ", " + int_expr(c, t, 2).text + ")));");
}

void feature_payload_sum(Ctx& c) {
  std::string s = c.fresh("S");
  int n = 2 + static_cast<int>(c.rng.below(3));
  std::vector<Variant> vs;
  std::string decl = "enum " + s + " {";
  for (int i = 0; i < n; ++i) {
    Variant v{s + "v" + std::to_string(i), i == 0 || c.rng.chance(60), random_int_type(c), {}};
    v.iv = random_interval(c, v.ty);
    decl += " " + v.name + (v.payload ? "(" + ty(v.ty) + ")" : "") + ";";
    vs.push_back(v);
  }
  c.items.push_back(decl + " }\n");
  c.use(Construct::PayloadSums);
  Ty t = random_int_type(c);
  std::string mk = make_fn(c, s, vs, t);
  std::string sv = c.fresh("sv");
  c.out->line("let " + sv + " = " + mk + "(" + int_expr(c, t, 2).text + ");");
  match_in_main(c, sv, vs);
  c.use(Construct::Match);
}

}  // namespace cairn::fuzz
