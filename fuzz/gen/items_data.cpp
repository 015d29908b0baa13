// Records, sums, match and try: each feature adds its items and writes the statements that use them in main.
#include "fuzz/gen/items_data.h"

#include "fuzz/gen/body.h"
#include "fuzz/gen/expr.h"
#include "fuzz/gen/stmt.h"

namespace cairn::fuzz {

namespace {

struct Field {
  std::string name;
  Ty ty;
  Interval iv;
};

std::string record_args(Ctx& c, const std::vector<Field>& fs) {
  std::string s;
  for (size_t i = 0; i < fs.size(); ++i) {
    if (i) s += ", ";
    s += is_int(fs[i].ty) ? int_in(c, fs[i].ty, fs[i].iv, 2).text : scalar_expr(c, fs[i].ty, 2).text;
  }
  return s;
}

void add_fields(Ctx& c, const std::string& root, const std::vector<Field>& fs, bool assignable) {
  for (const Field& f : fs) c.add(Var{root + "." + f.name, f.ty, f.iv, assignable});
}

}  // namespace

void feature_record(Ctx& c) {
  std::string r = c.fresh("R");
  std::vector<Field> fs;
  int n = 2 + static_cast<int>(c.rng.below(3));
  std::string decl = "struct " + r + " {";
  for (int i = 0; i < n; ++i) {
    Ty t = c.rng.chance(80) ? random_int_type(c) : (c.rng.chance(50) ? Ty::Bool : Ty::F64);
    Field f{"f" + std::to_string(i), t, is_int(t) ? random_interval(c, t) : Interval{}};
    decl += " " + f.name + ":" + ty(t) + ";";
    fs.push_back(f);
  }
  c.items.push_back(decl + " }\n");
  c.use(Construct::Records);
  c.use(Construct::SingleBorrows);
  // rw: statements that may assign the fields, keeping their invariants.
  std::string touch = c.fresh("touch");
  Code tc;
  {
    BodyScope scope(c, tc, Ty::Bool);
    tc.open("fn " + touch + "(r:rw<" + r + ">, d:u16)");
    c.add(Var{"d", Ty::U16, full(Ty::U16), false});
    add_fields(c, "r", fs, true);
    statements(c, 2 + static_cast<int>(c.rng.below(3)), 1);
    tc.close();
  }
  c.items.push_back(tc.text());
  // ro: the fields folded.
  std::string sum = c.fresh("score");
  Code sc;
  sc.open("fn " + sum + "(r:ro<" + r + ">) -> u64");
  sc.line("let mut s:u64 = 7;");
  for (const Field& f : fs)
    if (is_int(f.ty)) sc.line(fold_stmt("s", "r." + f.name, f.ty));
  sc.line("return s;");
  sc.close();
  c.items.push_back(sc.text());
  // main
  std::string v = c.fresh("rv");
  c.out->line("let mut " + v + " = " + r + "(" + record_args(c, fs) + ");");
  add_fields(c, v, fs, true);
  c.out->line(touch + "(" + v + ", " + int_expr(c, Ty::U16, 1).text + ");");
  statement(c, 1);
  c.out->line("ck = fold(ck, " + sum + "(" + v + "));");
  if (c.rng.chance(70)) {
    std::string binds;
    std::vector<Var> bound;
    for (const Field& f : fs) {
      std::string b = c.fresh("u");
      binds += (binds.empty() ? "" : ", ") + b;
      bound.push_back(Var{b, f.ty, f.iv, false});
    }
    c.out->line("let " + r + "(" + binds + ") = " + v + ";");
    for (const Var& b : bound) c.add(b);
    c.use(Construct::Unpack);
    std::string args = "\"" + c.fresh("p") + ":\"";
    for (const Var& b : bound) args += ", ' ', " + b.name;
    c.out->line("println(" + args + ");");
    c.use(Construct::Println);
  }
}

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
  std::string of = c.fresh("pick");
  Code oc;
  {
    BodyScope scope(c, oc, Ty::Bool);
    oc.open("fn " + of + "(x:" + ty(t) + ") -> " + e);
    c.add(Var{"x", t, full(t), false});
    for (int i = 0; i + 1 < n; ++i) {
      oc.open("if " + bool_expr(c, 2).text);
      oc.line("return " + (c.rng.chance(50) ? e + "." : std::string()) + vs[i] + ";");
      oc.close();
    }
    oc.line("return " + e + "." + vs[n - 1] + ";");
    oc.close();
  }
  c.items.push_back(oc.text());
  std::string val = c.fresh("weigh");
  Code vc;
  {
    BodyScope scope(c, vc, Ty::U32);
    vc.open("fn " + val + "(k:" + e + ", x:" + ty(t) + ") -> u32");
    c.add(Var{"x", t, full(t), false});
    vc.line("let mut r:u32 = 1;");
    c.add(Var{"r", Ty::U32, full(Ty::U32), true});
    vc.open("match k");
    int returning = static_cast<int>(c.rng.below(static_cast<uint64_t>(n)));
    for (int i = 0; i < n; ++i) {
      if (i == returning) {
        vc.line(vs[i] + " => return " + int_expr(c, Ty::U32, 2).text + ";");
      } else if (c.rng.chance(50)) {
        vc.line(vs[i] + " => r = " + int_expr(c, Ty::U32, 2).text + ";");
      } else {
        vc.open(vs[i] + " =>");
        c.push();
        statements(c, 1 + static_cast<int>(c.rng.below(2)), 1);
        c.pop();
        vc.close();
      }
    }
    vc.close();
    vc.line("return r;");
    vc.close();
  }
  c.items.push_back(vc.text());
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
  struct Variant {
    std::string name;
    bool payload;
    Ty ty;
    Interval iv;
  };
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
  std::string mk = c.fresh("make");
  Code mc;
  {
    BodyScope scope(c, mc, Ty::Bool);
    mc.open("fn " + mk + "(x:" + ty(t) + ") -> " + s);
    c.add(Var{"x", t, full(t), false});
    for (int i = 0; i < n; ++i) {
      const Variant& v = vs[i];
      bool last = i + 1 == n;
      if (!last) mc.open("if " + bool_expr(c, 2).text);
      std::string q = c.rng.chance(50) || last ? s + "." : std::string();
      mc.line("return " + q + v.name + (v.payload ? "(" + int_in(c, v.ty, v.iv, 2).text + ")" : "") + ";");
      if (!last) mc.close();
    }
    mc.close();
  }
  c.items.push_back(mc.text());
  std::string sv = c.fresh("sv");
  c.out->line("let " + sv + " = " + mk + "(" + int_expr(c, t, 2).text + ");");
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
  c.use(Construct::Match);
}

}  // namespace cairn::fuzz
