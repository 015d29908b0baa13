// The declaration phase on parsed programs: modules, items, instances, kinds, extents, ceilings, rows.
#include <gtest/gtest.h>

#include "decl_helper.h"
#include "front/check/lookup.h"

namespace cairn::testing {
namespace {

using check::FnInfo;

TEST(Declarations, ModulesAndLookupOrder) {
  auto c = check_text(
      "import util (twice);\n"
      "pub const ROOT:u64 = 1;\n"
      "fn main() -> i32 { return i32(twice(ROOT)); }\n"
      "module util;\n"
      "pub fn twice(x:u64) -> u64 = x * 2;\n"
      "fn hidden() -> u64 = ROOT;\n");
  EXPECT_TRUE(c->refusals().empty());
  check::Program& p = c->program();
  const check::ModuleInfo* root = p.module("");
  const check::ModuleInfo* util = p.module("util");
  ASSERT_TRUE(root && util);
  EXPECT_NE(p.module("std.core"), nullptr);
  // root: the listed import is found unqualified; util sees the root's pub constant.
  EXPECT_TRUE(check::lookup_item(p, *root, "twice").fn());
  EXPECT_TRUE(check::lookup_item(p, *util, "ROOT").constant());
  EXPECT_FALSE(check::lookup_item(p, *root, "hidden"));
  check::ItemRef r;
  EXPECT_EQ(check::lookup_in(*root, *util, "hidden", &r), check::LookupStatus::Private);
  EXPECT_EQ(check::lookup_in(*util, *util, "hidden", &r), check::LookupStatus::Found);
  ASSERT_NE(p.main, nullptr);
  EXPECT_EQ(p.main->name, "main");
}

TEST(Declarations, RootPrivateItemsStayInTheRoot) {
  auto c = check_text("const SECRET:u64 = 1;\nfn main() -> i32 { return 0; }\nmodule m;\nfn f() -> u64 = SECRET;\n");
  EXPECT_EQ(c->refusals(), std::vector<std::string>{"E-UNBOUND 4"});
}

TEST(Declarations, KindsFollowComponents) {
  auto c = check_text(
      "import std.core (Option);\n"
      "linear struct Lease { id:u64; }\n"
      "struct Holder { l:Lease; }\n"
      "struct Owner { b:Buf[u8]; }\n"
      "struct Plain { a:Array[u32, 4]; f:fn(u64) -> u64; }\n"
      "enum Maybe { Yes(Owner); No; }\n"
      "fn main() -> i32 { return 0; }\n");
  ASSERT_TRUE(c->refusals().empty());
  check::Program& p = c->program();
  auto kind_of = [&](const char* name) {
    const check::ModuleInfo* root = p.module("");
    return check::type_kind(p.types.record(check::lookup_item(p, *root, name).record()));
  };
  EXPECT_EQ(kind_of("Lease"), check::Kind::Linear);
  EXPECT_EQ(kind_of("Holder"), check::Kind::Linear);
  EXPECT_EQ(kind_of("Owner"), check::Kind::Affine);
  EXPECT_EQ(kind_of("Plain"), check::Kind::Copy);
  const check::SumInfo* maybe = check::lookup_item(p, *p.module(""), "Maybe").sum();
  EXPECT_EQ(check::type_kind(p.types.sum(maybe, {})), check::Kind::Affine);
}

TEST(Declarations, SignaturesAndExtents) {
  auto c = check_text(
      "const W:usize = 4;\n"
      "fn f(n:usize, a:ro<u8>[n], b:rw<u64>[W], c:ro<u8>[3] @host, d:rw<u32>) effects(read:a, write:b, pure) {}\n"
      "fn main() -> i32 { return 0; }\n");
  ASSERT_TRUE(c->refusals().empty()) << c->refusals()[0];
  FnInfo* f = c->fn("f");
  ASSERT_TRUE(f);
  ASSERT_EQ(f->params.size(), 5u);
  EXPECT_EQ(f->params[1].extent.kind, check::ExtentSpec::Kind::Param);
  EXPECT_EQ(f->params[1].extent.value, 0u);
  EXPECT_EQ(f->params[2].extent.kind, check::ExtentSpec::Kind::Value);
  EXPECT_EQ(f->params[2].extent.value, 4u);
  EXPECT_EQ(f->params[3].extent.value, 3u);
  EXPECT_EQ(f->params[4].type->kind, check::TypeKind::Borrow);
  EXPECT_EQ(f->ceiling, check::Ceiling::Effects);
  EXPECT_TRUE(f->ceiling_has_pure);
  EXPECT_TRUE(f->ceiling_row.has(check::Effect::Trap));
  EXPECT_FALSE(f->ceiling_row.has(check::Effect::Io));
  EXPECT_EQ(f->ceiling_row.writes, std::vector<uint32_t>{2});
}

TEST(Declarations, InstancesInValueOrderAtTheTemplatesPlace) {
  auto c = check_text(
      "fn first() -> u64 = 1;\n"
      "fn scale[K:nat](x:u64) -> u64 = x * u64(K);\n"
      "fn chain[K:nat](x:u64) -> u64 = scale[K](x);\n"
      "family gain = scale[2..4];\n"
      "const N:usize = 16;\n"
      "fn main() -> i32 {\n"
      "  let a = chain[N](1);\n"
      "  let b = scale[1](1);\n"
      "  return 0;\n"
      "}\n");
  ASSERT_TRUE(c->refusals().empty()) << c->refusals()[0];
  std::vector<std::string> order;
  for (FnInfo* f : c->program().body_order) order.push_back(f->name);
  EXPECT_EQ(order, (std::vector<std::string>{"first", "scale[1]", "scale[2]", "scale[3]", "scale[16]", "chain[16]",
                                             "main"}));
  FnInfo* s2 = c->fn("scale[2]");
  ASSERT_TRUE(s2);
  EXPECT_EQ(s2->family_names, std::vector<std::string>{"gain_2"});
  EXPECT_EQ(s2->naturals, (std::vector<std::pair<std::string, uint64_t>>{{"K", 2}}));
  FnInfo* scale = c->fn("scale");
  EXPECT_EQ(check::find_instance(*scale, {16}), c->fn("scale[16]"));
  EXPECT_EQ(check::find_instance(*scale, {5}), nullptr);
  EXPECT_NE(s2->decl, scale->decl);  // a clone with the naturals bound
}

TEST(Declarations, RowsRenameAtCallsAndJoinRecursion) {
  auto c = check_text(
      "fn fill(n:usize, out:rw<u64>[n], v:u64) { for i in 0..n { out[i] = v; } }\n"
      "fn reset(n:usize, xs:rw<u64>[n]) { fill(xs, 0); }\n"
      "fn local() -> u64 { stack s:u64[4] = zeroed; fill(s, 1); return s[0]; }\n"
      "fn ping(n:u64) -> u64 { if n == 0 { return 0; } return pong(n - 1); }\n"
      "fn pong(n:u64) -> u64 = ping(n);\n"
      "fn main() -> i32 { return 0; }\n");
  ASSERT_TRUE(c->refusals().empty()) << c->refusals()[0];
  auto labels = [&](const char* name) {
    FnInfo* f = c->fn(name);
    std::vector<std::string> names;
    for (auto& p : f->params) names.push_back(p.name);
    return check::row_labels(f->row, names);
  };
  EXPECT_EQ(labels("reset"), (std::vector<std::string>{"trap", "write:xs"}));
  auto local = labels("local");
  EXPECT_NE(std::find(local.begin(), local.end(), "local_write"), local.end());
  auto ping = labels("ping");
  EXPECT_NE(std::find(ping.begin(), ping.end(), "diverge"), ping.end());
  auto pong = labels("pong");
  EXPECT_NE(std::find(pong.begin(), pong.end(), "diverge"), pong.end());
}

TEST(Declarations, ImplementationsJoinTheirReferencesRow) {
  auto c = check_text(
      "fn twice(x:u64) -> u64 = x * 2;\n"
      "fn twice_loop(x:u64) -> u64 implements twice {\n"
      "  let mut k = x;\n"
      "  while k > 100 { k = k - 1; }\n"
      "  return x * 2;\n"
      "}\n"
      "fn main() -> i32 { return 0; }\n");
  // twice declares no ceiling: its implementation's diverge exceeds its own row.
  EXPECT_EQ(c->refusals(), std::vector<std::string>{"E-IMPL-EFFECT 2"});
  FnInfo* twice = c->fn("twice");
  ASSERT_TRUE(twice);
  EXPECT_FALSE(twice->body_row.has(check::Effect::Diverge));
  EXPECT_TRUE(twice->row.has(check::Effect::Diverge));
  ASSERT_EQ(twice->implementations.size(), 1u);
}

TEST(Declarations, PlansSelectAnImplementation) {
  auto c = check_text(
      "fn twice(x:u64) -> u64 pure = x * 2;\n"
      "fn twice_add(x:u64) -> u64 implements twice when x < 100 = x + x;\n"
      "plan twice use twice_add;\n"
      "fn main() -> i32 { return 0; }\n");
  ASSERT_TRUE(c->refusals().empty()) << c->refusals()[0];
  EXPECT_EQ(c->fn("twice")->planned, c->fn("twice_add"));
}

TEST(Declarations, MainRules) {
  EXPECT_EQ(check_text("fn f() -> u64 = 1;\n")->refusals(), std::vector<std::string>{"E-MAIN 1"});
  EXPECT_TRUE(check_text("fn f() -> u64 = 1;\n", true)->refusals().empty());
  EXPECT_TRUE(check_text("fn main() { }\n")->refusals().empty());
  EXPECT_EQ(check_text("fn main() -> u64 { return 0; }\n")->refusals(), std::vector<std::string>{"E-MAIN 1"});
}

TEST(Declarations, EveryPhase3FaultInOneCheck) {
  auto c = check_text(
      "struct A { x:u128; }\n"
      "fn f(x:ro<u8>[m]) -> u8 = 0;\n"
      "enum E { V; V; }\n"
      "fn main() -> i32 { return 0; }\n");
  EXPECT_EQ(c->refusals(), (std::vector<std::string>{"E-TYPE 1", "E-EXTENT 2", "E-ENUM 3"}));
  EXPECT_EQ(c->result.not_judged, c->program().body_order.size());
}

TEST(Declarations, EffectRowsPastTheLimit) {
  // 1,030 borrow parameters, each read: the row passes 1,024 labels (§1.5).
  std::string params, sum;
  for (int i = 0; i < 1030; ++i) {
    params += (i ? ", p" : "p") + std::to_string(i) + ":ro<u64>";
    sum += (i ? " + p" : "p") + std::to_string(i);
  }
  auto c = check_text("fn wide(" + params + ") -> u64 {\n  return " + sum + ";\n}\nfn main() -> i32 { return 0; }\n");
  EXPECT_EQ(c->refusals(), std::vector<std::string>{"E-EFFECT-LIMIT 1"});
}

TEST(Declarations, FreestandingTargetHasNoTests) {
  check::CheckOptions o;
  o.target = check::Target::Aarch64Virt;
  auto c = check_files({"fn main() -> i32 { return 0; }\ntest one { assert(true); }\ntest two { assert(true); }\n"}, o);
  EXPECT_EQ(c->refusals(), (std::vector<std::string>{"E-TEST 2", "E-TEST 3"}));
}

TEST(Declarations, DependenciesSitInModulesAndTheirMainIsIgnored) {
  check::CheckOptions o;
  o.own_files_begin = 1;
  auto c = check_files({"module geo;\npub fn area(x:u64) -> u64 = x;\nfn main() -> i32 { return 1; }\n"
                        "test t { assert(false); }\n",
                        "import geo;\nfn main() -> i32 { return i32(geo.area(2)); }\n"},
                       o);
  EXPECT_TRUE(c->refusals().empty()) << c->refusals()[0];
  ASSERT_NE(c->program().main, nullptr);
  EXPECT_EQ(c->program().main->qualified, "main");
  EXPECT_TRUE(c->fn("geo.area")->in_dependency);
  for (check::FnInfo* f : c->program().body_order) EXPECT_FALSE(f->is_test);
  auto bad = check_files({"pub fn stray() -> u64 = 1;\nmodule geo;\n", "fn main() -> i32 { return 0; }\n"}, o);
  EXPECT_EQ(bad->refusals(), std::vector<std::string>{"E-DECLARATION 1"});
}

TEST(Declarations, NoMainInOwnFilesPointsAtTheFirstOwnFile) {
  check::CheckOptions o;
  o.own_files_begin = 1;
  auto c = check_files({"module geo;\npub fn area(x:u64) -> u64 = x;\n", "fn helper() -> u64 = 1;\n"}, o);
  std::vector<Diagnostic> all = c->sink.ordered();
  ASSERT_EQ(all.size(), 1u);
  const Diagnostic& d = all[0];
  EXPECT_EQ(std::string(code_name(d.code)), "E-MAIN");
  EXPECT_EQ(d.pos.file, 1u);
  EXPECT_EQ(d.pos.line, 1u);
  EXPECT_EQ(d.pos.col, 1u);
}

}  // namespace
}  // namespace cairn::testing
