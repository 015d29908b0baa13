// Expressions of language.md §2.4–2.7: precedence climbing, prefix operators, negative literals, postfix forms.
#include "front/lex/literal.h"
#include "front/parse/parser.h"

namespace cairn::parse {

namespace {

ast::Expr* binary_node(ast::Arena& arena, ast::BinOp op, Pos at, ast::Expr* lhs, ast::Expr* rhs) {
  ast::Expr* e = arena.expr(ast::ExprKind::Binary, at);
  e->bin = op;
  e->a = lhs;
  e->b = rhs;
  e->begin = lhs->begin;
  e->height = std::max(lhs->height, rhs->height) + 1;
  return e;
}

}  // namespace

ast::Expr* Parser::expr() {
  if (at(TokKind::Compact) || at(TokKind::Reduce)) return collector();
  if (at_scan()) unsupported(tok(), "lanes");  // `let s = scan + out for ...`
  return binary(1);
}

// Left-associative precedence climbing over the levels of §2.5; `<<` and `>>` are refused (§2.7).
ast::Expr* Parser::binary(int min_level) {
  ast::Expr* lhs = unary();
  for (;;) {
    ast::BinOp op;
    int level = binop_level(tok().kind, op);
    if (level == 0 || level < min_level) return lhs;
    TokKind k = tok().kind, n = peek().kind;
    if (k == TokKind::Less && (n == TokKind::Less || n == TokKind::LessEq))
      fail(Code::Parse, tok(), "There is no << operator: shifts are shl_wrap(x, k) and shr(x, k).");
    if (k == TokKind::Greater && (n == TokKind::Greater || n == TokKind::GreaterEq))
      fail(Code::Parse, tok(), "There is no >> operator: shifts are shl_wrap(x, k) and shr(x, k).");
    Pos at = pos_of(advance());
    ast::Expr* rhs = binary(level + 1);
    lhs = binary_node(arena_, op, at, lhs, rhs);
    check_height(lhs);
  }
}

// Prefix - ! ~ try; each counts toward the expression nesting limit. A `-` directly before an integer or
// float literal forms one negative literal (§1.4).
ast::Expr* Parser::unary() {
  const Token& t = tok();
  switch (t.kind) {
    case TokKind::Minus:
      if (peek().kind == TokKind::Int || peek().kind == TokKind::Float) return postfix(negative_literal());
      [[fallthrough]];
    case TokKind::Bang: case TokKind::Tilde: {
      enter_expr(t);
      ast::Expr* e = arena_.expr(ast::ExprKind::Unary, pos_of(advance()));
      switch (t.kind) {
#define UNOP(k, spelling, token, op) \
  case TokKind::token: e->un = ast::UnOp::k; break;
#include "front/syntax/unops.def"
#undef UNOP
        default: break;
      }
      e->a = unary();
      e->height = e->a->height + 1;
      leave_expr();
      return e;
    }
    case TokKind::Try: {
      enter_expr(t);
      ast::Expr* e = arena_.expr(ast::ExprKind::Try, pos_of(advance()));
      e->a = unary();
      e->height = e->a->height + 1;
      leave_expr();
      return e;
    }
    default: return postfix(primary());
  }
}

// Calls, parts, indexes (with every argument kept) and fields, applied left to right.
ast::Expr* Parser::postfix(ast::Expr* base) {
  for (;;) {
    switch (tok().kind) {
      case TokKind::LParen: {
        enter_expr(tok());
        ast::Expr* e = arena_.expr(ast::ExprKind::Call, pos_of(advance()));
        e->a = base;
        e->begin = base->begin;
        if (!accept(TokKind::RParen)) {
          do {
            e->args.push_back(expr());
          } while (accept(TokKind::Comma));
          expect(TokKind::RParen);
        }
        leave_expr();
        e->height = child_height(e) + 1;
        check_height(e);
        base = e;
        break;
      }
      case TokKind::LBracket: {
        enter_expr(tok());
        ast::Expr* e = arena_.expr(ast::ExprKind::Index, pos_of(advance()));
        e->a = base;
        e->begin = base->begin;
        ast::Expr* first = expr();
        if (accept(TokKind::DotDot)) {
          e->kind = ast::ExprKind::Part;
          e->b = first;
          e->c = expr();
        } else {
          e->args.push_back(first);
          while (accept(TokKind::Comma)) e->args.push_back(expr());
        }
        expect(TokKind::RBracket);
        leave_expr();
        e->height = child_height(e) + 1;
        check_height(e);
        base = e;
        break;
      }
      case TokKind::Dot: {
        advance();
        ast::Ident member = name("a field, variant or method name after '.'");
        ast::Expr* e = arena_.expr(ast::ExprKind::Field, member.pos);
        e->a = base;
        e->begin = base->begin;
        e->text = member.name;
        e->binder = std::move(member);
        e->height = base->height + 1;
        check_height(e);
        base = e;
        break;
      }
      default: return base;
    }
  }
}

ast::Expr* Parser::primary() {
  const Token& t = tok();
  switch (t.kind) {
    case TokKind::Int: case TokKind::Float: case TokKind::Char: case TokKind::String: return literal();
    case TokKind::True: case TokKind::False: {
      ast::Expr* e = arena_.expr(ast::ExprKind::BoolLit, pos_of(advance()));
      e->bool_value = t.kind == TokKind::True;
      return e;
    }
    case TokKind::Ident: {
      ast::Expr* e = arena_.expr(ast::ExprKind::Name, pos_of(advance()));
      e->text = std::string(t.text);
      return e;
    }
    case TokKind::LParen: {
      enter_expr(t);
      ast::Expr* e = arena_.expr(ast::ExprKind::Paren, pos_of(advance()));
      e->a = expr();
      expect(TokKind::RParen);
      leave_expr();
      e->height = e->a->height + 1;
      return e;
    }
    case TokKind::Pipe: case TokKind::OrOr: unsupported(t, "closures");
    case TokKind::Spawn: unsupported(t, "tasks");
    default: break;
  }
  if (lex::is_keyword(t.kind)) fail(Code::Name, t, "Expected an operand, found " + describe(t) + ".");
  fail_expected("an expression");
}

ast::Expr* Parser::literal() {
  const Token& t = advance();
  switch (t.kind) {
    case TokKind::Int: {
      ast::Expr* e = arena_.expr(ast::ExprKind::IntLit, pos_of(t));
      e->hex = t.text.size() > 2 && t.text[1] == 'x';
      if (!lex::int_literal_value(t.text, e->int_value)) report_literal_range(t, t.text);
      return e;
    }
    case TokKind::Float: {
      ast::Expr* e = arena_.expr(ast::ExprKind::FloatLit, pos_of(t));
      e->text = std::string(t.text);
      return e;
    }
    case TokKind::Char: {
      ast::Expr* e = arena_.expr(ast::ExprKind::CharLit, pos_of(t));
      std::string bytes = lex::unescape_literal(t.text.substr(1, t.text.size() - 2));
      e->int_value = bytes.empty() ? 0 : static_cast<unsigned char>(bytes[0]);
      return e;
    }
    default: {
      ast::Expr* e = arena_.expr(ast::ExprKind::StringLit, pos_of(t));
      e->text = lex::unescape_literal(t.text.substr(1, t.text.size() - 2));
      return e;
    }
  }
}

// `-` then an integer or float literal: one literal with `negative` set, positioned at the `-`.
ast::Expr* Parser::negative_literal() {
  const Token& minus = advance();
  ast::Expr* e = literal();
  e->negative = true;
  e->pos = pos_of(minus);
  e->begin = e->pos;
  return e;
}

}  // namespace cairn::parse
