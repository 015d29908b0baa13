// Collectors of language.md §2.4 and §8.16: `compact OUT for i in count where p yield v` and `reduce OP ...`.
#include "front/parse/parser.h"

namespace cairn::parse {

// A collector is always a whole expression; it nests like a bracket for the depth limit.
ast::Expr* Parser::collector() {
  const Token& kw = tok();
  enter_expr(kw);
  ast::Expr* e = kw.kind == TokKind::Compact ? compact_expr() : reduce_expr();
  leave_expr();
  return e;
}

ast::Expr* Parser::compact_expr() {
  ast::Expr* e = arena_.expr(ast::ExprKind::Compact, pos_of(advance()));
  e->a = postfix(primary());  // the target ends at `for`
  expect(TokKind::For);
  e->binder = binder_name();
  expect(TokKind::In);
  count(e);
  expect(TokKind::Where);
  e->d = expr();  // ends at `yield`
  expect(TokKind::Yield);
  e->e = expr();  // runs to the end of the whole expression
  return e;
}

ast::Expr* Parser::reduce_expr() {
  ast::Expr* e = arena_.expr(ast::ExprKind::Reduce, pos_of(advance()));
  ast::BinOp op;
  if (binop_level(tok().kind, op) > 0) {
    advance();
    e->bin = op;
    e->reduce_is_binop = true;
  } else if (at(TokKind::Parallel)) {
    unsupported(tok(), "lanes");
  } else {
    e->text = name("a reduce operator (+ * & | ^ && || add_wrap mul_wrap min max)").name;
  }
  if (at(TokKind::Parallel)) unsupported(tok(), "lanes");  // reduce + parallel i in n yield e
  expect(TokKind::For);
  e->binder = binder_name();
  expect(TokKind::In);
  count(e);
  expect(TokKind::Yield);
  e->e = expr();
  return e;
}

// `lo..hi`, or a count `n` meaning 0..n (b stays null and c holds n).
void Parser::count(ast::Expr* c) {
  ast::Expr* first = expr();
  if (accept(TokKind::DotDot)) {
    c->b = first;
    c->c = expr();
  } else {
    c->c = first;
  }
}

}  // namespace cairn::parse
