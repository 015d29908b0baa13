// Parser tests for statements (§2.3): let/reg/unpack, storage capacities, control flow, match arms, assignment.
#include <gtest/gtest.h>

#include "lex_parse_helpers.h"

namespace cairn::testing {
namespace {

const ast::Stmt* first_stmt(const Parsed& p) {
  if (p.file.items.empty() || !p.file.items[0]->body || p.file.items[0]->body->stmts.empty()) return nullptr;
  return p.file.items[0]->body->stmts[0];
}

TEST(ParseStmt, LetForms) {
  auto p = parse_body("let mut x:u64 = 1;");
  ASSERT_EQ(p->first(), "ok");
  const ast::Stmt* s = first_stmt(*p);
  EXPECT_EQ(s->kind, ast::StmtKind::Let);
  EXPECT_TRUE(s->is_mut);
  EXPECT_EQ(s->name.name, "x");
  ASSERT_TRUE(s->type);
  EXPECT_EQ(s->type->path[0].name, "u64");

  auto r = parse_body("reg y = 2;");
  const ast::Stmt* reg = first_stmt(*r);
  EXPECT_TRUE(reg->is_mut);
  EXPECT_TRUE(reg->legacy);
  EXPECT_EQ(parse_body("let _ = f(x);")->first(), "ok");
}

TEST(ParseStmt, LetNeedsInitializer) { EXPECT_EQ(parse_body("let x;")->first(), "E-PARSE 2:6"); }
TEST(ParseStmt, ReservedWordAsLocalName) { EXPECT_EQ(parse_body("let type:u64 = 3;")->first(), "E-NAME 2:5"); }

TEST(ParseStmt, Unpack) {
  auto p = parse_body("let mut geo.Pair(a, _) = p;");
  ASSERT_EQ(p->first(), "ok");
  const ast::Stmt* s = first_stmt(*p);
  EXPECT_EQ(s->kind, ast::StmtKind::Unpack);
  EXPECT_TRUE(s->is_mut);
  ASSERT_EQ(s->record.size(), 2u);
  EXPECT_EQ(s->record[1].name, "Pair");
  ASSERT_EQ(s->binders.size(), 2u);
  EXPECT_EQ(s->binders[1].name, "_");
}

TEST(ParseStmt, StorageLastBracketGroupIsCapacity) {
  auto p = parse_body("buffer rows:Buf[u8][n] = zeroed;");
  ASSERT_EQ(p->first(), "ok");
  const ast::Stmt* s = first_stmt(*p);
  EXPECT_EQ(s->kind, ast::StmtKind::Storage);
  EXPECT_FALSE(s->is_stack);
  EXPECT_EQ(s->type->path[0].name, "Buf");
  ASSERT_EQ(s->type->args.size(), 1u);
  EXPECT_EQ(sexpr(s->expr), "n");

  auto q = parse_body("stack acc:u64[K * 2] = zeroed;");
  ASSERT_EQ(q->first(), "ok");
  EXPECT_TRUE(first_stmt(*q)->is_stack);
  EXPECT_TRUE(first_stmt(*q)->type->args.empty());
  EXPECT_EQ(sexpr(first_stmt(*q)->expr), "(* K 2)");

  auto r = parse_body("buffer b:Array[u8, 4][16] @host = zeroed;");
  ASSERT_EQ(r->first(), "ok");
  EXPECT_EQ(first_stmt(*r)->type->args.size(), 2u);
  ASSERT_TRUE(first_stmt(*r)->placement);
  EXPECT_EQ(first_stmt(*r)->placement->name, "host");
}

TEST(ParseStmt, StorageNeedsZeroed) {
  EXPECT_EQ(parse_body("stack a:u8[4] = 0;")->first(), "E-PARSE 2:17");
  EXPECT_EQ(parse_body("stack a:u8 = zeroed;")->first(), "E-PARSE 2:12");
}

TEST(ParseStmt, IfElseChain) {
  auto p = parse_body("if a { } else if b { } else { return; }");
  ASSERT_EQ(p->first(), "ok");
  const ast::Stmt* s = first_stmt(*p);
  ASSERT_TRUE(s->else_stmt);
  EXPECT_EQ(s->else_stmt->kind, ast::StmtKind::If);
  ASSERT_TRUE(s->else_stmt->else_stmt);
  EXPECT_EQ(s->else_stmt->else_stmt->kind, ast::StmtKind::Block);
  EXPECT_EQ(parse_body("if a { } else return;")->first(), "E-PARSE 2:15");
}

TEST(ParseStmt, ConditionEndsAtBrace) {
  auto p = parse_body("while x < n { x += 1; }");
  ASSERT_EQ(p->first(), "ok");
  EXPECT_EQ(sexpr(first_stmt(*p)->expr), "(< x n)");
}

TEST(ParseStmt, ForForms) {
  auto a = parse_body("for i in 0..n { }");
  EXPECT_EQ(first_stmt(*a)->kind, ast::StmtKind::ForRange);
  auto b = parse_body("for x in xs { }");
  EXPECT_EQ(first_stmt(*b)->kind, ast::StmtKind::ForEach);
  EXPECT_FALSE(first_stmt(*b)->index_name.has_value());
  auto c = parse_body("for i, x in s.data { }");
  ASSERT_EQ(c->first(), "ok");
  EXPECT_EQ(first_stmt(*c)->kind, ast::StmtKind::ForEach);
  EXPECT_EQ(first_stmt(*c)->index_name->name, "i");
  EXPECT_EQ(first_stmt(*c)->name.name, "x");
  auto d = parse_body("each i in n { }");
  ASSERT_EQ(d->first(), "ok");
  EXPECT_EQ(first_stmt(*d)->kind, ast::StmtKind::ForRange);
  EXPECT_TRUE(first_stmt(*d)->legacy);
  EXPECT_EQ(sexpr(first_stmt(*d)->expr), "0");
  EXPECT_EQ(sexpr(first_stmt(*d)->expr2), "n");
  EXPECT_EQ(parse_body("for i, x in 0..n { }")->first(), "E-PARSE 2:14");
}

TEST(ParseStmt, MatchArms) {
  auto p = parse_body("match r {\n Number(v) => { total += v; }\n Blank => return 0;\n Sum.Bad(_) => n = 2;\n"
                      " Other => f(x);\n Stop => break;\n Go => continue;\n}");
  ASSERT_EQ(p->first(), "ok");
  const ast::Stmt* s = first_stmt(*p);
  ASSERT_EQ(s->arms.size(), 6u);
  EXPECT_TRUE(s->arms[0].has_binder);
  EXPECT_TRUE(s->arms[0].block);
  EXPECT_EQ(s->arms[1].stmt->kind, ast::StmtKind::Return);
  EXPECT_EQ(s->arms[2].pattern.size(), 2u);
  EXPECT_EQ(s->arms[2].stmt->kind, ast::StmtKind::Assign);
  EXPECT_EQ(s->arms[3].stmt->kind, ast::StmtKind::ExprStmt);
}

TEST(ParseStmt, BracelessArmMustBeSimple) {
  EXPECT_EQ(parse_body("match op { Read => let k:u64 = 1; }")->first(), "E-PARSE 2:20");
  EXPECT_EQ(parse_body("match op { Read => x + 1; }")->first(), "E-PARSE 2:20");
  EXPECT_EQ(parse_body("match op { Read => try f(x); }")->first(), "E-PARSE 2:20");
  EXPECT_EQ(parse_body("match op { Read => if a { } }")->first(), "E-PARSE 2:20");
}

TEST(ParseStmt, AssignmentOperators) {
  const char* ops[] = {"=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^="};
  for (const char* op : ops) {
    auto p = parse_body(std::string("xs[i] ") + op + " 1;");
    ASSERT_EQ(p->first(), "ok") << op;
    const ast::Stmt* s = first_stmt(*p);
    EXPECT_EQ(s->kind, ast::StmtKind::Assign);
    EXPECT_EQ(std::string(ast::assignop_spelling(s->assign)), op);
    EXPECT_EQ(s->op_pos.col, 7u);
  }
}

TEST(ParseStmt, SimpleStatements) {
  auto p = parse_body("defer close(t); return; break; continue; { f(); } try g(); x;");
  ASSERT_EQ(p->first(), "ok");
  const auto& st = p->file.items[0]->body->stmts;
  ASSERT_EQ(st.size(), 7u);
  EXPECT_EQ(st[0]->kind, ast::StmtKind::Defer);
  EXPECT_EQ(st[1]->kind, ast::StmtKind::Return);
  EXPECT_EQ(st[1]->expr, nullptr);
  EXPECT_EQ(st[4]->kind, ast::StmtKind::Block);
  EXPECT_EQ(st[5]->kind, ast::StmtKind::ExprStmt);
}

TEST(ParseStmt, MissingSemicolon) {
  auto p = parse_body("f()\n}");
  EXPECT_EQ(p->first(), "E-PARSE 3:1");
  EXPECT_EQ(p->message(), "Expected ';', found '}'.");
}

TEST(ParseStmt, NotAStatement) {
  EXPECT_EQ(parse_body("else { }")->first(), "E-PARSE 2:1");
  EXPECT_EQ(parse_body("struct S { }")->first(), "E-PARSE 2:1");
}

TEST(ParseStmt, BlockPositions) {
  auto p = parse_text("fn f() -> u64 {\n  return 1;\n}\n");
  ASSERT_EQ(p->first(), "ok");
  const ast::Block* b = p->file.items[0]->body;
  EXPECT_EQ(b->lbrace.line, 1u);
  EXPECT_EQ(b->lbrace.col, 15u);
  EXPECT_EQ(b->rbrace.line, 3u);
  EXPECT_EQ(b->rbrace.col, 1u);
}

TEST(ParseStmt, UnclosedBlock) { EXPECT_EQ(parse_text("fn f() {\n  f();\n")->first(), "E-PARSE 3:1"); }

}  // namespace
}  // namespace cairn::testing
