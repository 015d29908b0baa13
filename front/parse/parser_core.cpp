// Parser plumbing: token navigation, refusals with their messages, names, paths, natural arguments, docs.
#include <algorithm>

#include "front/lex/literal.h"
#include "front/parse/parser.h"

namespace cairn::parse {

Parser::Parser(uint32_t file_id, const lex::LexResult& lexed, ast::Arena& arena, DiagSink& sink)
    : file_id_(file_id), toks_(lexed.tokens), comments_(lexed.comments), arena_(arena), sink_(sink) {}

const Token& Parser::advance() {
  const Token& t = toks_[i_];
  if (i_ + 1 < toks_.size()) ++i_;
  return t;
}

bool Parser::accept(TokKind k) {
  if (!at(k)) return false;
  advance();
  return true;
}

const Token& Parser::expect(TokKind k) {
  if (!at(k)) fail_expected("'" + std::string(lex::tok_spelling(k)) + "'");
  return advance();
}

std::string Parser::describe(const Token& t) {
  if (t.kind == TokKind::Eof) return "end of file";
  if (lex::is_keyword(t.kind)) return "reserved word '" + std::string(t.text) + "'";
  return "'" + std::string(t.text) + "'";
}

void Parser::fail(Code code, const Token& at, std::string message) {
  sink_.report(code, pos_of(at), std::move(message), Phase::Parse);
  throw ParseAbort{};
}

void Parser::fail_expected(const std::string& what) {
  fail(Code::Parse, tok(), "Expected " + what + ", found " + describe(tok()) + ".");
}

void Parser::unsupported(const Token& at, const char* feature) {
  fail(Code::Unsupported, at, std::string(feature) + " are a Stage 2 feature and are not supported yet.");
}

void Parser::report_literal_range(const Token& t, std::string_view digits) {
  sink_.report(Code::LiteralRange, pos_of(t),
               "The integer literal " + std::string(digits) + " is above 18446744073709551615.",
               in_body_ ? Phase::Bodies : Phase::Declarations);
}

ast::Ident Parser::name(const char* what) {
  if (lex::is_keyword(tok().kind))  // §1.3: a reserved word where a name is required
    fail(Code::Name, tok(), std::string("Expected ") + what + ", found " + describe(tok()) + ".");
  if (!at(TokKind::Ident)) fail_expected(what);
  const Token& t = advance();
  return ast::Ident{std::string(t.text), pos_of(t)};
}

ast::Path Parser::path(const char* what) {
  ast::Path p;
  p.push_back(name(what));
  while (at(TokKind::Dot)) {
    advance();
    p.push_back(name("a name after '.'"));
  }
  return p;
}

ast::NatArg Parser::nat_arg() {
  ast::NatArg a;
  a.pos = pos();
  if (at(TokKind::Int)) {
    const Token& t = advance();
    a.is_int = true;
    if (!lex::int_literal_value(t.text, a.value)) report_literal_range(t, t.text);
    return a;
  }
  if (!at(TokKind::Ident)) fail_expected("an integer or a name");
  a.path = path("a name");
  return a;
}

// The run of own-line `//` comments on the lines directly above `first` (§1.1 documentation comments).
std::vector<std::string> Parser::doc_before(const Token& first) {
  std::vector<std::string> doc;
  while (doc_i_ < comments_.size() && comments_[doc_i_].line < first.line) ++doc_i_;
  if (i_ > 0 && toks_[i_ - 1].line == first.line) return doc;  // the item does not start its line
  uint32_t want = first.line;
  for (size_t k = doc_i_; k > 0; --k) {
    const lex::Comment& c = comments_[k - 1];
    if (!c.own_line || c.line + 1 != want) break;
    if (i_ > 0 && toks_[i_ - 1].line >= c.line) break;  // a token sits between comment and item
    doc.emplace_back(c.text);
    want = c.line;
  }
  std::reverse(doc.begin(), doc.end());
  return doc;
}

void Parser::enter_expr(const Token& t) {
  if (++expr_depth_ > kMaxExprDepth) fail(Code::Depth, t, "Expression nesting is deeper than 100.");
}

void Parser::check_height(const ast::Expr* e) {
  if (e->height > kMaxTreeHeight)
    fail(Code::Depth, tok(), "This expression is more than 10,000 operators deep: split it with let bindings.");
}

uint32_t Parser::child_height(const ast::Expr* e) {
  uint32_t h = 0;
  for (const ast::Expr* c : {e->a, e->b, e->c, e->d, e->e})
    if (c) h = std::max(h, c->height);
  for (const ast::Expr* c : e->args) h = std::max(h, c->height);
  return h;
}

void Parser::parse_program(ast::File& file) {
  while (!at(TokKind::Eof)) file.items.push_back(item());
}

int binop_level(TokKind k, ast::BinOp& op) {
  using ast::BinOp;
  switch (k) {
#define BINOP(e, spelling, level, token, row) \
  case TokKind::token: op = BinOp::e; return level;
#include "front/syntax/binops.def"
#undef BINOP
    default: return 0;
  }
}

bool assign_op(TokKind k, ast::AssignOp& op) {
  using ast::AssignOp;
  switch (k) {
#define ASSIGNOP(e, spelling, token, binary) \
  case TokKind::token: op = AssignOp::e; return true;
#include "front/syntax/assignops.def"
#undef ASSIGNOP
    default: return false;
  }
}

}  // namespace cairn::parse
