// Records: each feature adds its items and writes the statements that use them in main.
#include "fuzz/gen/items_record.h"

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

// rw: statements that may assign the fields, keeping their invariants.
std::string touch_fn(Ctx& c, const std::string& r, const std::vector<Field>& fs) {
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
  return touch;
}

// ro: the integer fields folded.
std::string score_fn(Ctx& c, const std::string& r, const std::vector<Field>& fs) {
  std::string sum = c.fresh("score");
  Code sc;
  sc.open("fn " + sum + "(r:ro<" + r + ">) -> u64");
  sc.line("let mut s:u64 = 7;");
  for (const Field& f : fs)
    if (is_int(f.ty)) sc.line(fold_stmt("s", "r." + f.name, f.ty));
  sc.line("return s;");
  sc.close();
  c.items.push_back(sc.text());
  return sum;
}

// let R(u1, u2, ...) = v; and a print of the binders.
void unpack(Ctx& c, const std::string& r, const std::vector<Field>& fs, const std::string& v) {
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
  std::string touch = touch_fn(c, r, fs);
  std::string sum = score_fn(c, r, fs);
  std::string v = c.fresh("rv");
  c.out->line("let mut " + v + " = " + r + "(" + record_args(c, fs) + ");");
  add_fields(c, v, fs, true);
  c.out->line(touch + "(" + v + ", " + int_expr(c, Ty::U16, 1).text + ");");
  statement(c, 1);
  c.out->line("ck = fold(ck, " + sum + "(" + v + "));");
  if (c.rng.chance(70)) unpack(c, r, fs, v);
}

}  // namespace cairn::fuzz
