// Parser tests for every item form of §2.1 and §17.1, documentation comments and item-level refusals.
#include <gtest/gtest.h>

#include "lex_parse_helpers.h"

namespace cairn::testing {
namespace {

const ast::Item& only_item(const Parsed& p) { return *p.file.items.at(0); }

TEST(ParseItem, ModuleAndImports) {
  auto p = parse_text("module net.http;\nimport std.core;\nimport a.b as c (X, y);\n");
  ASSERT_EQ(p->first(), "ok");
  ASSERT_EQ(p->file.items.size(), 3u);
  EXPECT_EQ(p->file.items[0]->kind, ast::ItemKind::Module);
  EXPECT_EQ(p->file.items[0]->path.size(), 2u);
  const ast::Item& imp = *p->file.items[2];
  EXPECT_EQ(imp.alias->name, "c");
  ASSERT_EQ(imp.names.size(), 2u);
  EXPECT_EQ(imp.names[1].name, "y");
}

TEST(ParseItem, ModuleUnderStdRefused) {
  EXPECT_EQ(parse_text("module std.extra;")->first(), "E-DECLARATION 1:8");
  EXPECT_EQ(parse_text("module std;")->first(), "E-DECLARATION 1:8");
  EXPECT_EQ(parse_text("module stdx;")->first(), "ok");
}

TEST(ParseItem, Const) {
  auto p = parse_text("pub const LIMIT:u32 = 0xFFFF;");
  ASSERT_EQ(p->first(), "ok");
  EXPECT_TRUE(only_item(*p).is_pub);
  EXPECT_EQ(only_item(*p).name.name, "LIMIT");
  EXPECT_EQ(only_item(*p).pos.col, 1u);
  EXPECT_EQ(only_item(*p).name.pos.col, 11u);
}

TEST(ParseItem, Structs) {
  auto p = parse_text("pub linear struct Lease packed { id:u64; }");
  ASSERT_EQ(p->first(), "ok");
  EXPECT_TRUE(only_item(*p).is_linear);
  EXPECT_TRUE(only_item(*p).packed);
  EXPECT_TRUE(only_item(*p).is_pub);
  auto q = parse_text("struct W align(16) { bytes:Buf[u8]; size:usize; v:Buf[f64][size]; k:u64[size]; "
                      "lends bytes[0..size]; lends:u8; }");
  ASSERT_EQ(q->first(), "ok");
  const ast::Item& w = only_item(*q);
  ASSERT_TRUE(w.align);
  ASSERT_EQ(w.fields.size(), 5u);
  EXPECT_FALSE(w.fields[0].extent.has_value());
  EXPECT_EQ(w.fields[0].type->args.size(), 1u);
  EXPECT_EQ(w.fields[2].extent->name, "size");
  EXPECT_EQ(w.fields[3].extent->name, "size");  // x:u64[k]: a field extent (E-EXTENT later)
  EXPECT_TRUE(w.fields[3].type->args.empty());
  EXPECT_EQ(w.fields[4].name.name, "lends");
  ASSERT_EQ(w.lends.size(), 1u);
  EXPECT_TRUE(w.lends[0].lo.is_int);
  EXPECT_EQ(w.lends[0].hi.path[0].name, "size");
  EXPECT_EQ(parse_text("struct E { }")->first(), "ok");  // E-RECORD is the checker's
}

TEST(ParseItem, GenericRecordRecorded) {
  auto p = parse_text("struct Pair[T] { a:T; b:T; }\nenum Tree[T] { Leaf(T); }");
  ASSERT_EQ(p->first(), "ok");
  ASSERT_EQ(p->file.items[0]->type_params.size(), 1u);
  EXPECT_FALSE(p->file.items[0]->type_params[0].is_nat);
  EXPECT_EQ(p->file.items[1]->type_params.size(), 1u);
}

TEST(ParseItem, Enum) {
  auto p = parse_text("enum Reading { Number(u64); BadDigit(usize); Blank; }");
  ASSERT_EQ(p->first(), "ok");
  ASSERT_EQ(only_item(*p).variants.size(), 3u);
  EXPECT_TRUE(only_item(*p).variants[0].payload);
  EXPECT_FALSE(only_item(*p).variants[2].payload);
  EXPECT_EQ(parse_text("enum E { A, B }")->first(), "E-PARSE 1:11");
}

TEST(ParseItem, FunctionSignature) {
  auto p = parse_text("fn fill[K:nat, T, U:type, V: Ord + copy](n:usize, out:rw<u64>[n] @host, f:fn(u64) -> u64) "
                      "-> u64 effects(write:out, trap, pure, ffi:name) { return 0; }");
  ASSERT_EQ(p->first(), "ok");
  const ast::Item& f = only_item(*p);
  EXPECT_TRUE(f.has_nat_params);
  ASSERT_EQ(f.nat_params.size(), 4u);
  EXPECT_TRUE(f.nat_params[0].is_nat);
  EXPECT_FALSE(f.nat_params[1].is_nat);
  EXPECT_FALSE(f.nat_params[2].is_nat);
  EXPECT_FALSE(f.nat_params[3].is_nat);
  ASSERT_EQ(f.params.size(), 3u);
  const ast::TypeExpr* out = f.params[1].type;
  EXPECT_EQ(out->kind, ast::TypeKind::Borrow);
  EXPECT_TRUE(out->rw);
  EXPECT_TRUE(out->has_extent);
  EXPECT_EQ(out->extent.path[0].name, "n");
  EXPECT_EQ(out->placement->name, "host");
  EXPECT_EQ(f.params[2].type->kind, ast::TypeKind::Fn);
  EXPECT_EQ(f.ceiling, ast::Item::Ceiling::Effects);
  ASSERT_EQ(f.ceiling_labels.size(), 4u);
  EXPECT_EQ(f.ceiling_labels[0].text, "write:out");
  EXPECT_EQ(f.ceiling_labels[2].text, "pure");
  EXPECT_EQ(f.ceiling_labels[3].text, "ffi:name");
}

TEST(ParseItem, PureCeilingAndExpressionBody) {
  auto p = parse_text("fn twice(x:u64) -> u64 pure = x * 2;");
  ASSERT_EQ(p->first(), "ok");
  EXPECT_EQ(only_item(*p).ceiling, ast::Item::Ceiling::Pure);
  ASSERT_TRUE(only_item(*p).expr_body);
  EXPECT_EQ(only_item(*p).expr_body_pos.col, 29u);
  EXPECT_EQ(parse_text("fn e() effects() { }")->first(), "ok");
}

TEST(ParseItem, ExpressionBodyOnVoid) {
  auto p = parse_text("fn log(x:u64) = println(x);\nfn g() -> void = 1;");
  EXPECT_EQ(p->first(), "E-EXPRESSION-BODY 1:15");
  EXPECT_EQ(p->sink.count(), 2u);
  EXPECT_EQ(p->file.items.size(), 2u);  // not a parse error: parsing goes on
  EXPECT_EQ(p->sink.all()[0].phase, Phase::Declarations);
}

TEST(ParseItem, Implements) {
  auto p = parse_text("fn prefix_by[K:nat](n:usize) implements prefix when n % K == 0 tune K in [4, 8, 16], W in [] {}");
  ASSERT_EQ(p->first(), "ok");
  const ast::Item& f = only_item(*p);
  EXPECT_TRUE(f.has_implements);
  EXPECT_EQ(f.implements[0].name, "prefix");
  EXPECT_EQ(sexpr(f.when), "(== (% n K) 0)");
  ASSERT_EQ(f.tune.size(), 2u);
  EXPECT_EQ(f.tune[0].values.size(), 3u);
  EXPECT_EQ(f.tune[1].values.size(), 0u);
  auto q = parse_text("fn g(n:usize) -> u64 pure implements m.f when n > 2 = 1;");
  ASSERT_EQ(q->first(), "ok");
  EXPECT_EQ(sexpr(only_item(*q).when), "(> n 2)");
  EXPECT_EQ(only_item(*q).implements.size(), 2u);
}

TEST(ParseItem, FamilyTestPlan) {
  auto p = parse_text("pub family gain = scale[1..N];\ntest t { }\ntest u(x:u64) -> u64 { }\n"
                      "plan total use total_by2;\nplan prefix use prefix_by[16, N];");
  ASSERT_EQ(p->first(), "ok");
  const auto& it = p->file.items;
  EXPECT_EQ(it[0]->kind, ast::ItemKind::Family);
  EXPECT_TRUE(it[0]->is_pub);
  EXPECT_EQ(it[0]->lo.value, 1u);
  EXPECT_EQ(it[0]->hi.path[0].name, "N");
  EXPECT_EQ(it[1]->kind, ast::ItemKind::Test);
  EXPECT_FALSE(it[1]->has_param_list);
  EXPECT_TRUE(it[2]->has_param_list);
  EXPECT_TRUE(it[2]->result);
  EXPECT_EQ(it[3]->kind, ast::ItemKind::Plan);
  EXPECT_FALSE(it[3]->has_nat_args);
  EXPECT_TRUE(it[4]->has_nat_args);
  EXPECT_EQ(it[4]->nat_args.size(), 2u);
}

TEST(ParseItem, ContextualWordsAreNames) {
  auto p = parse_text("fn test(plan:u64, use:u64, when:u64) -> u64 { let tune = plan; return tune; }");
  EXPECT_EQ(p->first(), "ok");
}

TEST(ParseItem, DocComments) {
  auto p = parse_text("// not attached\n\n// Doubles x.\n// Never traps.\nfn twice(x:u64) -> u64 = x * 2; // trailing\n"
                      "fn other() {}\n");
  ASSERT_EQ(p->first(), "ok");
  ASSERT_EQ(p->file.items[0]->doc.size(), 2u);
  EXPECT_EQ(p->file.items[0]->doc[0], " Doubles x.");
  EXPECT_EQ(p->file.items[0]->doc[1], " Never traps.");
  EXPECT_TRUE(p->file.items[1]->doc.empty());
}

TEST(ParseItem, ItemLevelJunk) {
  EXPECT_EQ(parse_text("let stray:u64 = 1;")->first(), "E-DECLARATION 1:1");
  EXPECT_EQ(parse_text("fn f() {}\n}")->first(), "E-DECLARATION 2:1");
  EXPECT_EQ(parse_text("static X:u8 = 1;")->first(), "E-DECLARATION 1:1");
  EXPECT_EQ(parse_text(";")->first(), "E-DECLARATION 1:1");
  EXPECT_EQ(parse_text("test = 1;")->first(), "E-DECLARATION 1:1");
}

TEST(ParseItem, MisplacedPub) {
  EXPECT_EQ(parse_text("pub import a;")->first(), "E-PARSE 1:1");
  EXPECT_EQ(parse_text("pub test t {}")->first(), "E-PARSE 1:1");
  EXPECT_EQ(parse_text("pub pub fn f() {}")->first(), "E-PARSE 1:1");
  EXPECT_EQ(parse_text("pub linear struct L { a:u8; }")->first(), "ok");
}

TEST(ParseItem, ReservedWordAsItemName) {
  EXPECT_EQ(parse_text("fn if() {}")->first(), "E-NAME 1:4");
  EXPECT_EQ(parse_text("struct S { in:u8; }")->first(), "E-NAME 1:12");
}

TEST(ParseItem, ParseErrorStopsAndKeepsEarlierItems) {
  auto p = parse_text("fn a() {}\nfn b( {}\nfn c() {}\n");
  EXPECT_EQ(p->first(), "E-PARSE 2:7");
  EXPECT_EQ(p->sink.count(), 1u);
  EXPECT_EQ(p->file.items.size(), 1u);
}

TEST(ParseItem, Types) {
  auto p = parse_text("fn f(a:geo.Point, b:Array[f32, 4], c:ro<u8>, d:fn() , e:Result[Option[u64], E]) {}");
  ASSERT_EQ(p->first(), "ok");
  const auto& ps = only_item(*p).params;
  EXPECT_EQ(ps[0].type->path.size(), 2u);
  EXPECT_EQ(ps[1].type->args[1]->kind, ast::TypeKind::IntArg);
  EXPECT_EQ(ps[1].type->args[1]->int_value, 4u);
  EXPECT_FALSE(ps[2].type->has_extent);
  EXPECT_EQ(ps[3].type->result, nullptr);
  EXPECT_EQ(ps[4].type->args[0]->args.size(), 1u);
  EXPECT_EQ(parse_text("fn f(a:ro<ro<u8>>) {}")->first(), "ok");  // nested borrows: E-TYPE later
  EXPECT_EQ(parse_text("fn f(a:if) {}")->first(), "E-NAME 1:8");
  EXPECT_EQ(parse_text("fn f(a:3) {}")->first(), "E-PARSE 1:8");
}

}  // namespace
}  // namespace cairn::testing
