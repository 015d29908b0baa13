// Function items (language.md §2.1, §17.1): natural parameters, parameters, result, ceiling, implements, body.
#include "front/parse/parser.h"

namespace cairn::parse {

ast::Item* Parser::fn_decl(Pos start) {
  advance();
  ast::Item* it = arena_.item(ast::ItemKind::Fn, start);
  it->name = name("a function name");
  if (at(TokKind::LBracket)) {
    it->has_nat_params = true;
    type_params(it->nat_params);
  }
  if (!at(TokKind::LParen)) fail_expected("'(' to start the parameters of " + it->name.name);
  params(it->params);
  if (accept(TokKind::Arrow)) it->result = type();
  ceiling(*it);
  if (at_word(ContextWord::Implements)) implements_clause(*it);
  fn_body(*it);
  return it;
}

void Parser::params(std::vector<ast::Param>& out) {
  expect(TokKind::LParen);
  if (accept(TokKind::RParen)) return;
  do {
    ast::Param p;
    p.name = name("a parameter name");
    expect(TokKind::Colon);
    p.type = type();
    out.push_back(std::move(p));
  } while (accept(TokKind::Comma));
  expect(TokKind::RParen);
}

// `pure` or `effects(label, ...)`; a label is `pure` or IDENT { ":" IDENT } (io, read:xs, ffi:name).
void Parser::ceiling(ast::Item& fn) {
  if (at(TokKind::Pure)) {
    fn.ceiling = ast::Item::Ceiling::Pure;
    fn.ceiling_pos = pos_of(advance());
    return;
  }
  if (!at(TokKind::Effects)) return;
  fn.ceiling = ast::Item::Ceiling::Effects;
  fn.ceiling_pos = pos_of(advance());
  expect(TokKind::LParen);
  if (accept(TokKind::RParen)) return;
  do {
    ast::CeilingLabel l;
    l.pos = pos();
    if (accept(TokKind::Pure)) {
      l.text = "pure";
    } else {
      l.text = name("an effect label").name;
      while (accept(TokKind::Colon)) l.text += ":" + name("an effect label part").name;
    }
    fn.ceiling_labels.push_back(std::move(l));
  } while (accept(TokKind::Comma));
  expect(TokKind::RParen);
}

// `implements f [when cond] [tune K in [..], ...]`; `needs(...)` is Stage 2 implementation-tuning.
void Parser::implements_clause(ast::Item& fn) {
  advance();
  fn.has_implements = true;
  fn.implements = path("the reference function's name");
  if (at_word(ContextWord::When)) {
    advance();
    fn.when = expr();  // ends at `tune`, `needs`, `{` or `=`: none continues an expression
  }
  if (at_word(ContextWord::Needs)) unsupported(tok(), "implementation-tuning");
  if (at_word(ContextWord::Tune)) {
    advance();
    do {
      ast::TuneList list;
      list.name = name("a natural parameter name");
      expect(TokKind::In);
      expect(TokKind::LBracket);
      if (!at(TokKind::RBracket)) {
        do {
          list.values.push_back(nat_arg());
        } while (accept(TokKind::Comma));
      }
      expect(TokKind::RBracket);
      fn.tune.push_back(std::move(list));
    } while (accept(TokKind::Comma));
  }
  if (at_word(ContextWord::Needs)) unsupported(tok(), "implementation-tuning");
}

// A block, or `= expr;` meaning `{ return expr; }`, which needs a non-void result (E-EXPRESSION-BODY,
// a declaration-phase rule of §0.4: reported here without stopping the parse).
void Parser::fn_body(ast::Item& fn) {
  block_depth_ = 0;
  in_body_ = true;
  if (at(TokKind::LBrace)) {
    fn.body = block();
  } else if (at(TokKind::Assign)) {
    const Token& eq = advance();
    fn.expr_body_pos = pos_of(eq);
    bool is_void = fn.result == nullptr ||
                   (fn.result->kind == ast::TypeKind::Named && fn.result->path.size() == 1 &&
                    fn.result->path[0].name == "void" && fn.result->args.empty());
    if (is_void)
      sink_.report(Code::ExpressionBody, pos_of(eq),
                   "An expression body needs a result type: " + fn.name.name + " returns void.",
                   Phase::Declarations);
    fn.expr_body = expr();
    expect(TokKind::Semi);
  } else {
    fail_expected("'{' or '=' to start the body of " + fn.name.name);
  }
  in_body_ = false;
}

}  // namespace cairn::parse
