// Statements of language.md §2.3: blocks, let/reg/unpack, storage, return, break, continue, defer, assignment.
#include "front/parse/parser.h"

namespace cairn::parse {

ast::Block* Parser::block() {
  const Token& open = tok();
  if (!at(TokKind::LBrace)) fail_expected("'{'");
  if (block_depth_ + 1 > kMaxBlockDepth) fail(Code::Depth, open, "Blocks nest deeper than 100 in one function.");
  ++block_depth_;
  advance();
  ast::Block* b = arena_.block(pos_of(open));
  while (!at(TokKind::RBrace)) {
    if (at(TokKind::Eof)) fail_expected("'}'");
    b->stmts.push_back(stmt());
  }
  b->rbrace = pos_of(advance());
  --block_depth_;
  return b;
}

ast::Stmt* Parser::stmt() {
  switch (tok().kind) {
    case TokKind::Let: case TokKind::Reg: return let_stmt();
    case TokKind::Buffer: case TokKind::Stack: return storage_stmt();
    case TokKind::If: return if_stmt();
    case TokKind::While: return while_stmt();
    case TokKind::For: return for_stmt();
    case TokKind::Each: return each_stmt();
    case TokKind::Match: return match_stmt();
    case TokKind::Return: return return_stmt();
    case TokKind::Break: return simple_stmt(TokKind::Break, ast::StmtKind::Break);
    case TokKind::Continue: return simple_stmt(TokKind::Continue, ast::StmtKind::Continue);
    case TokKind::Defer: return defer_stmt();
    case TokKind::LBrace: {
      ast::Stmt* s = arena_.stmt(ast::StmtKind::Block, pos());
      s->body = block();
      return s;
    }
    case TokKind::Ident: refuse_stage2_stmt(); break;
    case TokKind::Parallel: case TokKind::Unsafe: refuse_stage2_stmt(); break;
    // Reserved words that can start an expression statement.
    case TokKind::True: case TokKind::False: case TokKind::Try: case TokKind::Compact: case TokKind::Reduce:
    case TokKind::Spawn:
      break;
    default:
      if (lex::is_keyword(tok().kind)) fail_expected("a statement");
      break;
  }
  return expr_or_assign_stmt();
}

ast::Stmt* Parser::expr_or_assign_stmt() {
  Pos start = pos();
  ast::Expr* lhs = expr();
  ast::AssignOp op;
  if (assign_op(tok().kind, op)) {
    ast::Stmt* s = arena_.stmt(ast::StmtKind::Assign, start);
    s->assign = op;
    s->op_pos = pos_of(advance());
    s->expr = lhs;
    s->expr2 = expr();
    expect(TokKind::Semi);
    return s;
  }
  ast::Stmt* s = arena_.stmt(ast::StmtKind::ExprStmt, start);
  s->expr = lhs;
  expect(TokKind::Semi);
  return s;
}

// let [mut] x [:T] = e;  reg x [:T] = e;  let [mut] R(a, b) = e;  (a name followed by `(` or `.` unpacks)
ast::Stmt* Parser::let_stmt() {
  const Token& kw = advance();
  ast::Stmt* s = arena_.stmt(ast::StmtKind::Let, pos_of(kw));
  if (kw.kind == TokKind::Reg) {
    s->is_mut = true;
    s->legacy = true;
  } else {
    s->is_mut = accept(TokKind::Mut);
    if (at(TokKind::Ident) && (peek().kind == TokKind::LParen || peek().kind == TokKind::Dot))
      return unpack_rest(s);
  }
  s->name = name("a name for the binding");
  if (accept(TokKind::Colon)) s->type = type();
  expect(TokKind::Assign);
  s->expr = expr();
  expect(TokKind::Semi);
  return s;
}

ast::Stmt* Parser::unpack_rest(ast::Stmt* s) {
  s->kind = ast::StmtKind::Unpack;
  s->record = path("a record name");
  expect(TokKind::LParen);
  do {
    s->binders.push_back(name("a binder name"));
  } while (accept(TokKind::Comma));
  expect(TokKind::RParen);
  expect(TokKind::Assign);
  s->expr = expr();
  expect(TokKind::Semi);
  return s;
}

// buffer x:T[n] [@p] = zeroed;  stack x:T[N] = zeroed;  the last bracket group is the capacity.
ast::Stmt* Parser::storage_stmt() {
  const Token& kw = advance();
  ast::Stmt* s = arena_.stmt(ast::StmtKind::Storage, pos_of(kw));
  s->is_stack = kw.kind == TokKind::Stack;
  s->name = name("a name for the storage");
  expect(TokKind::Colon);
  s->type = type(/*storage=*/true);
  if (!at(TokKind::LBracket)) fail_expected("'[' and the capacity");
  advance();
  s->expr = expr();
  expect(TokKind::RBracket);
  if (accept(TokKind::At)) s->placement = name("a placement (host)");
  expect(TokKind::Assign);
  expect(TokKind::Zeroed);
  expect(TokKind::Semi);
  return s;
}

ast::Stmt* Parser::return_stmt() {
  ast::Stmt* s = arena_.stmt(ast::StmtKind::Return, pos_of(advance()));
  if (!at(TokKind::Semi)) s->expr = expr();
  expect(TokKind::Semi);
  return s;
}

ast::Stmt* Parser::simple_stmt(TokKind kw, ast::StmtKind kind) {
  ast::Stmt* s = arena_.stmt(kind, pos_of(expect(kw)));
  expect(TokKind::Semi);
  return s;
}

ast::Stmt* Parser::defer_stmt() {
  ast::Stmt* s = arena_.stmt(ast::StmtKind::Defer, pos_of(advance()));
  s->expr = expr();
  expect(TokKind::Semi);
  return s;
}

// Stage 2 statements (§18): `parallel i in n {}`, `unsafe {}`, `scan + out for ...`, device statements.
void Parser::refuse_stage2_stmt() {
  const Token& t = tok();
  if (t.kind == TokKind::Parallel) unsupported(t, "lanes");
  if (t.kind == TokKind::Unsafe) unsupported(t, "foreign");
  if (t.kind != TokKind::Ident) return;
  const Token& next = peek();
  if (at_scan()) unsupported(t, "lanes");
  if (at_blocks()) unsupported(t, "device");
  if (lex::is_word(t, ContextWord::Barrier) && next.kind == TokKind::Semi) unsupported(t, "device");
  if (lex::is_word(t, ContextWord::Shared) && next.kind == TokKind::Ident && peek(2).kind == TokKind::Colon)
    unsupported(t, "device");
  if (lex::is_word(t, ContextWord::Pipeline) && (next.kind == TokKind::LBrace || next.kind == TokKind::Ident))
    unsupported(t, "device");
}

}  // namespace cairn::parse

namespace cairn::parse {

// `scan OP out for ...` / `scan OP out parallel ...` (Stage 2 lanes); `scan` alone is an ordinary name.
bool Parser::at_scan() const {
  if (!at_word(ContextWord::Scan)) return false;
  ast::BinOp op;
  TokKind op_kind = peek().kind;
  return (binop_level(op_kind, op) > 0 || op_kind == TokKind::Ident) && peek(2).kind == TokKind::Ident &&
         (peek(3).kind == TokKind::For || peek(3).kind == TokKind::Parallel);
}

// `blocks b in g { }` or `blocks bx, by in gx, gy threads ... { }` (Stage 2 device): names separated by commas,
// then `in`; `blocks` alone is an ordinary name.
bool Parser::at_blocks() const {
  if (!at_word(ContextWord::Blocks)) return false;
  for (size_t k = 1; peek(k).kind == TokKind::Ident; k += 2) {
    if (peek(k + 1).kind == TokKind::In) return true;
    if (peek(k + 1).kind != TokKind::Comma) return false;
  }
  return false;
}

}  // namespace cairn::parse
