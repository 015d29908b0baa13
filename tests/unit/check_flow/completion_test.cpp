// Completion rules of the flow checks (§8.10-§8.12) on parsed bodies: E-LOOP-CONTROL, E-UNREACHABLE, E-RETURN.
#include <gtest/gtest.h>

#include "front/check/flow_completion.h"
#include "front/parse/parse.h"

namespace cairn {
namespace {

struct Found {
  std::string code;
  uint32_t line = 0;
};

// Parses `text` and runs the completion check over every function; returns the refusals in order.
std::vector<Found> complete(const std::string& text) {
  SourceSet sources;
  uint32_t id = sources.add("t.cairn", text);
  ast::Arena arena;
  DiagSink parse_sink;
  ast::File file = parse_file(sources, id, arena, parse_sink);
  EXPECT_TRUE(parse_sink.empty()) << (parse_sink.empty() ? "" : parse_sink.all()[0].message);
  DiagSink sink;
  for (ast::Item* item : file.items) {
    if (item->kind != ast::ItemKind::Fn && item->kind != ast::ItemKind::Test) continue;
    bool needs = item->kind == ast::ItemKind::Fn && item->result != nullptr;
    int n = check::flow::check_completion(item->body, needs, item->name.name, "", false, sink);
    if (n == 0) check::flow::check_completion(item->body, needs, item->name.name, "", true, sink);
  }
  std::vector<Found> out;
  for (const Diagnostic& d : sink.ordered()) out.push_back({std::string(code_name(d.code)), d.pos.line});
  return out;
}

TEST(Completion, AcceptsReturningBodies) {
  EXPECT_TRUE(complete("fn f(x:u64) -> u64 {\n  if x > 0 { return 1; } else { return 2; }\n}\n").empty());
  EXPECT_TRUE(complete("fn f(x:u64) -> u64 {\n  { return x; }\n}\n").empty());
  EXPECT_TRUE(complete("fn f(x:u64) {\n  if x > 0 { return; }\n}\n").empty());
  EXPECT_TRUE(complete("fn f(x:u64) -> u64 = x;\n").empty());
}

TEST(Completion, ReturnMissingAtClosingBrace) {
  auto r = complete("fn pick(x:u64) -> u64 {\n  if x > 0 { return 1; }\n}\n");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].code, "E-RETURN");
  EXPECT_EQ(r[0].line, 3u);
}

TEST(Completion, LoopsNeverAlwaysLeave) {
  auto r = complete("fn f() -> u64 {\n  while true {\n    return 1;\n  }\n}\n");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].code, "E-RETURN");
  EXPECT_EQ(r[0].line, 5u);
  // A statement after a loop is reachable.
  EXPECT_TRUE(complete("fn f() -> u64 {\n  while true { return 1; }\n  return 2;\n}\n").empty());
}

TEST(Completion, UnreachableAfterReturn) {
  auto r = complete("fn f(x:u64) -> u64 {\n  return x;\n  println(x);\n  println(x);\n}\n");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].code, "E-UNREACHABLE");
  EXPECT_EQ(r[0].line, 3u);
}

TEST(Completion, UnreachableAfterIfElseThatLeaves) {
  auto r = complete(
      "fn f(x:u64) -> u64 {\n  if x > 0 { return 1; } else { return 2; }\n  return 3;\n}\n");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].code, "E-UNREACHABLE");
  EXPECT_EQ(r[0].line, 3u);
}

TEST(Completion, UnreachableAfterBreakInLoop) {
  auto r = complete("fn f() {\n  for i in 0..3 {\n    break;\n    println(i);\n  }\n}\n");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].code, "E-UNREACHABLE");
  EXPECT_EQ(r[0].line, 4u);
}

TEST(Completion, LoopControlOutsideLoop) {
  auto r = complete("fn main() -> i32 {\n  let c = true;\n  if c {\n    continue;\n  }\n  return 0;\n}\n");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].code, "E-LOOP-CONTROL");
  EXPECT_EQ(r[0].line, 4u);
  r = complete("fn f() {\n  break;\n}\n");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].code, "E-LOOP-CONTROL");
}

TEST(Completion, LoopControlInsideMatchArmOfLoop) {
  const char* src =
      "enum Op { A; B; }\n"
      "fn f(o:Op) {\n"
      "  while true {\n"
      "    match o {\n"
      "      A => break;\n"
      "      B => continue;\n"
      "    }\n"
      "  }\n"
      "}\n";
  EXPECT_TRUE(complete(src).empty());
}

TEST(Completion, MatchWhoseArmsAllLeave) {
  const char* src =
      "enum Op { A; B; }\n"
      "fn f(o:Op) -> u64 {\n"
      "  match o {\n"
      "    A => return 1;\n"
      "    B => { return 2; }\n"
      "  }\n"
      "}\n";
  EXPECT_TRUE(complete(src).empty());
  const char* partial =
      "enum Op { A; B; }\n"
      "fn f(o:Op) -> u64 {\n"
      "  match o {\n"
      "    A => return 1;\n"
      "    B => { println(2); }\n"
      "  }\n"
      "}\n";
  auto r = complete(partial);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].code, "E-RETURN");
  EXPECT_EQ(r[0].line, 7u);
}

TEST(Completion, ReturnWaitsForOtherRefusals) {
  auto r = complete("fn f() -> u64 {\n  break;\n}\n");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].code, "E-LOOP-CONTROL");
}

}  // namespace
}  // namespace cairn
