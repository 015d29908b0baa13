// Type expressions of language.md §2.2: named types with arguments, borrows with extent and placement, fn types.
#include "front/lex/literal.h"
#include "front/parse/parser.h"

namespace cairn::parse {

namespace {

// Restores the type nesting counter on every exit of a type rule.
struct TypeDepth {
  int& depth;
  explicit TypeDepth(int& d) : depth(d) { ++depth; }
  ~TypeDepth() { --depth; }
};

}  // namespace

ast::TypeExpr* Parser::type(bool storage) {
  TypeDepth guard(type_depth_);
  if (type_depth_ > kMaxTypeDepth) fail(Code::Depth, tok(), "Type nesting is deeper than 100.");
  switch (tok().kind) {
    case TokKind::Ro: case TokKind::Rw: return borrow_type(storage);
    case TokKind::Fn: return fn_type();
    case TokKind::Dyn: unsupported(tok(), "traits");
    case TokKind::Ident: return named_type(storage);
    default: break;
  }
  if (lex::is_keyword(tok().kind))
    fail(Code::Name, tok(), "Expected a type, found " + describe(tok()) + ".");
  fail_expected("a type");
}

ast::TypeExpr* Parser::borrow_type(bool storage) {
  const Token& kw = advance();
  ast::TypeExpr* t = arena_.type(ast::TypeKind::Borrow, pos_of(kw));
  t->rw = kw.kind == TokKind::Rw;
  expect(TokKind::Less);
  if (at(TokKind::Fn)) unsupported(kw, "closures");  // ro<fn(...) -> R>: a closure parameter
  t->inner = type();
  expect(TokKind::Greater);
  if (at(TokKind::LBracket) && !(storage && is_capacity_group())) {
    advance();
    t->has_extent = true;
    t->extent = nat_arg();
    expect(TokKind::RBracket);
    if (at(TokKind::At)) {
      advance();
      t->placement = name("a placement (host)");
    }
  }
  return t;
}

ast::TypeExpr* Parser::fn_type() {
  ast::TypeExpr* t = arena_.type(ast::TypeKind::Fn, pos_of(advance()));
  expect(TokKind::LParen);
  if (!accept(TokKind::RParen)) {
    do {
      t->params.push_back(type());
    } while (accept(TokKind::Comma));
    expect(TokKind::RParen);
  }
  if (accept(TokKind::Arrow)) t->result = type();
  return t;
}

ast::TypeExpr* Parser::named_type(bool storage) {
  ast::TypeExpr* t = arena_.type(ast::TypeKind::Named, pos());
  t->path = path("a type name");
  if (!at(TokKind::LBracket) || (storage && is_capacity_group())) return t;
  advance();
  do {
    if (at(TokKind::Int)) {
      const Token& n = advance();
      ast::TypeExpr* arg = arena_.type(ast::TypeKind::IntArg, pos_of(n));
      if (!lex::int_literal_value(n.text, arg->int_value)) report_literal_range(n, n.text);
      t->args.push_back(arg);
    } else {
      t->args.push_back(type());
    }
  } while (accept(TokKind::Comma));
  expect(TokKind::RBracket);
  return t;
}

// In a storage statement the last bracket group before `@` or `=` is the capacity (§2.3).
bool Parser::is_capacity_group() const {
  int depth = 0;
  for (size_t k = i_; k < toks_.size(); ++k) {
    switch (toks_[k].kind) {
      case TokKind::LBracket: ++depth; break;
      case TokKind::RBracket:
        if (--depth == 0) {
          TokKind next = k + 1 < toks_.size() ? toks_[k + 1].kind : TokKind::Eof;
          return next == TokKind::At || next == TokKind::Assign;
        }
        break;
      case TokKind::Semi: case TokKind::LBrace: case TokKind::RBrace: case TokKind::Eof: return false;
      default: break;
    }
  }
  return false;
}

}  // namespace cairn::parse
