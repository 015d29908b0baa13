// Control statements of language.md §2.3: if/else if chains, while, for (range, elements), each, match arms.
#include "front/parse/parser.h"

namespace cairn::parse {

// `if c {} else if d {} else {}`: an else-if chain is read iteratively, so its length costs no stack.
ast::Stmt* Parser::if_stmt() {
  ast::Stmt* first = arena_.stmt(ast::StmtKind::If, pos_of(advance()));
  ast::Stmt* cur = first;
  for (;;) {
    cur->expr = expr();
    cur->body = block();
    if (!accept(TokKind::Else)) break;
    if (at(TokKind::If)) {
      ast::Stmt* next = arena_.stmt(ast::StmtKind::If, pos_of(advance()));
      cur->else_stmt = next;
      cur = next;
      continue;
    }
    if (!at(TokKind::LBrace)) fail_expected("'if' or '{' after 'else'");
    ast::Stmt* last = arena_.stmt(ast::StmtKind::Block, pos());
    last->body = block();
    cur->else_stmt = last;
    break;
  }
  return first;
}

ast::Stmt* Parser::while_stmt() {
  ast::Stmt* s = arena_.stmt(ast::StmtKind::While, pos_of(advance()));
  s->expr = expr();
  s->body = block();
  return s;
}

ast::Ident Parser::binder_name() { return name("a binder name"); }

// for i in lo..hi {}  |  for x in xs {}  |  for i, x in xs {}
ast::Stmt* Parser::for_stmt() {
  Pos start = pos_of(advance());
  if (at(TokKind::Ident) && peek().kind == TokKind::Comma) {
    ast::Stmt* s = arena_.stmt(ast::StmtKind::ForEach, start);
    s->index_name = binder_name();
    advance();
    s->name = binder_name();
    expect(TokKind::In);
    s->expr = expr();
    if (at(TokKind::DotDot)) fail_expected("'{' (a loop with an index and an element walks an array)");
    s->body = block();
    return s;
  }
  ast::Stmt* s = arena_.stmt(ast::StmtKind::ForEach, start);
  s->name = binder_name();
  expect(TokKind::In);
  s->expr = expr();
  if (accept(TokKind::DotDot)) {
    s->kind = ast::StmtKind::ForRange;
    s->expr2 = expr();
  }
  s->body = block();
  return s;
}

// each i in n {} means for i in 0..n {}: the lower bound is a literal 0 placed at n.
ast::Stmt* Parser::each_stmt() {
  ast::Stmt* s = arena_.stmt(ast::StmtKind::ForRange, pos_of(advance()));
  s->legacy = true;
  s->name = binder_name();
  expect(TokKind::In);
  s->expr2 = expr();
  ast::Expr* zero = arena_.expr(ast::ExprKind::IntLit, s->expr2->begin);
  s->expr = zero;
  if (at(TokKind::DotDot)) fail_expected("'{' (each takes a count: each i in n)");
  s->body = block();
  return s;
}

ast::Stmt* Parser::match_stmt() {
  ast::Stmt* s = arena_.stmt(ast::StmtKind::Match, pos_of(advance()));
  s->expr = expr();
  expect(TokKind::LBrace);
  while (!at(TokKind::RBrace)) {
    if (at(TokKind::Eof)) fail_expected("'}'");
    s->arms.push_back(arm());
  }
  advance();
  return s;
}

// V [(x)] => { ... }  |  V [(x)] => simple statement
ast::MatchArm Parser::arm() {
  ast::MatchArm a;
  a.pos = pos();
  a.pattern = path("a variant name");
  if (accept(TokKind::LParen)) {
    a.has_binder = true;
    a.binder = name("a binder name");
    expect(TokKind::RParen);
  }
  expect(TokKind::FatArrow);
  if (at(TokKind::LBrace))
    a.block = block();
  else
    a.stmt = arm_stmt();
  return a;
}

// A brace-less arm is one return, break, continue, assignment or call (§2.3); anything else is E-PARSE.
ast::Stmt* Parser::arm_stmt() {
  const Token& first = tok();
  static const char* const kArmRule =
      "A match arm without braces must be a return, break, continue, assignment or call.";
  switch (first.kind) {
    case TokKind::Return: return return_stmt();
    case TokKind::Break: return simple_stmt(TokKind::Break, ast::StmtKind::Break);
    case TokKind::Continue: return simple_stmt(TokKind::Continue, ast::StmtKind::Continue);
    case TokKind::True: case TokKind::False: break;
    default:
      if (lex::is_keyword(first.kind)) fail(Code::Parse, first, kArmRule);
      break;
  }
  ast::Stmt* s = expr_or_assign_stmt();
  if (s->kind == ast::StmtKind::ExprStmt && s->expr->kind != ast::ExprKind::Call) fail(Code::Parse, first, kArmRule);
  return s;
}

}  // namespace cairn::parse
