// Parser tests for Stage 2 syntax (§18): refused at parse time with E-UNSUPPORTED and the feature's name,
// or recorded for the checker where only it can decide.
#include <gtest/gtest.h>

#include "lex_parse_helpers.h"

namespace cairn::testing {
namespace {

std::string refusal(const std::string& text) {
  auto p = parse_text(text);
  return p->first() + (p->message().empty() ? "" : " " + p->message());
}

TEST(Stage2, Items) {
  EXPECT_EQ(refusal("trait Shape { fn area(self:ro<Self>) -> u64; }"),
            "E-UNSUPPORTED 1:1 traits are a Stage 2 feature and are not supported yet.");
  EXPECT_EQ(parse_text("impl Shape for Square {}")->first(), "E-UNSUPPORTED 1:1");
  EXPECT_EQ(refusal("extern \"c\" fn f() -> i32 effects(io);").substr(0, 30), "E-UNSUPPORTED 1:1 foreign are ");
  EXPECT_EQ(parse_text("unsafe { }")->first(), "E-UNSUPPORTED 1:1");
  EXPECT_EQ(refusal("kernel fn k() {}").substr(0, 24), "E-UNSUPPORTED 1:1 device");
  EXPECT_EQ(refusal("derive eq for P;").substr(0, 25), "E-UNSUPPORTED 1:1 recipes");
  EXPECT_EQ(refusal("recipe columns for R { $name }").substr(0, 25), "E-UNSUPPORTED 1:1 recipes");
  EXPECT_EQ(parse_text("pub trait T {}")->first(), "E-UNSUPPORTED 1:5");
  EXPECT_EQ(refusal("plan f { grain 64; }").substr(0, 23), "E-UNSUPPORTED 1:8 lanes");
}

TEST(Stage2, NeedsIsImplementationTuning) {
  EXPECT_EQ(refusal("fn g(n:usize) implements f when n > 0 needs(avx) {}").substr(0, 48),
            "E-UNSUPPORTED 1:39 implementation-tuning are a S");
  EXPECT_EQ(parse_text("fn g(n:usize) implements f needs(avx) {}")->first(), "E-UNSUPPORTED 1:28");
}

TEST(Stage2, Statements) {
  EXPECT_EQ(refusal("fn f() { parallel i in n { } }").substr(0, 24), "E-UNSUPPORTED 1:10 lanes");
  EXPECT_EQ(parse_text("fn f() { scan + out for i in n yield e; }")->first(), "E-UNSUPPORTED 1:10");
  EXPECT_EQ(parse_text("fn f() { let k = scan max out parallel i in n yield e; }")->first(), "E-UNSUPPORTED 1:18");
  EXPECT_EQ(parse_text("fn f() { let s = reduce + parallel i in n yield e; }")->first(), "E-UNSUPPORTED 1:27");
  EXPECT_EQ(parse_text("fn f() { unsafe { } }")->first(), "E-UNSUPPORTED 1:10");
  EXPECT_EQ(parse_text("fn f() { blocks b in G threads t in T { } }")->first(), "E-UNSUPPORTED 1:10");
  EXPECT_EQ(parse_text("fn f() { barrier; }")->first(), "E-UNSUPPORTED 1:10");
  EXPECT_EQ(parse_text("fn f() { let scan = 1; let x = scan + 1; }")->first(), "ok");  // only a name
}

TEST(Stage2, Expressions) {
  EXPECT_EQ(refusal("fn f() { g(|x| x + 1); }").substr(0, 27), "E-UNSUPPORTED 1:12 closures");
  EXPECT_EQ(parse_text("fn f() { let h = || 1; }")->first(), "E-UNSUPPORTED 1:18");
  EXPECT_EQ(refusal("fn f() { let t = spawn g(a); }").substr(0, 24), "E-UNSUPPORTED 1:18 tasks");
}

TEST(Stage2, Types) {
  EXPECT_EQ(refusal("fn f(s:ro<dyn Shape>) {}").substr(0, 25), "E-UNSUPPORTED 1:11 traits");
  EXPECT_EQ(refusal("fn f(g:ro<fn(u64) -> u64>) {}").substr(0, 26), "E-UNSUPPORTED 1:8 closures");
}

TEST(Stage2, LeftForTheChecker) {
  // Only the checker can tell these apart from core programs (names, imports, bracket entries).
  EXPECT_EQ(parse_text("import std.io as io;")->first(), "ok");
  EXPECT_EQ(parse_text("fn f() { let h = f16(x); wait(t); let d = Dyn[Shape](v); }")->first(), "ok");
  EXPECT_EQ(parse_text("fn f(x:ro<u8>[n]@device) {}")->first(), "ok");
  auto p = parse_text("fn first[T](n:usize) -> u64 = 0;");
  ASSERT_EQ(p->first(), "ok");
  EXPECT_FALSE(p->file.items[0]->nat_params[0].is_nat);
}

}  // namespace
}  // namespace cairn::testing
