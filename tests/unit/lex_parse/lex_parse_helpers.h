// Helpers for the lexer and parser tests: lex or parse a string and look at the tokens, tree and refusal.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "front/diag/diagnostic.h"
#include "front/lex/lexer.h"
#include "front/parse/parse.h"
#include "front/syntax/ast.h"

namespace cairn::testing {

struct Parsed {
  SourceSet sources;
  ast::Arena arena;
  DiagSink sink;
  ast::File file;
  uint32_t id = 0;
  // "ok", or the first refusal as "E-CODE LINE:COL".
  std::string first() const {
    auto all = sink.ordered();
    if (all.empty()) return "ok";
    return std::string(code_name(all[0].code)) + " " + std::to_string(all[0].pos.line) + ":" +
           std::to_string(all[0].pos.col);
  }
  std::string message() const {
    auto all = sink.ordered();
    return all.empty() ? std::string() : all[0].message;
  }
  std::string dump() const { return dump_ast(sources, file); }
};

inline std::unique_ptr<Parsed> parse_text(const std::string& text) {
  auto p = std::make_unique<Parsed>();
  p->id = p->sources.add("test.cairn", text);
  p->file = parse_file(p->sources, p->id, p->arena, p->sink);
  return p;
}

// Parses `fn f() { BODY }` and returns the dump of its body statements.
inline std::unique_ptr<Parsed> parse_body(const std::string& body) { return parse_text("fn f() {\n" + body + "\n}\n"); }

// The first statement's first expression of `fn f() { let v = EXPR; }`.
inline std::unique_ptr<Parsed> parse_expr_text(const std::string& e) { return parse_text("fn f() { let v = " + e + "; }"); }

inline const ast::Expr* let_init(const Parsed& p) {
  if (p.file.items.empty() || !p.file.items[0]->body || p.file.items[0]->body->stmts.empty()) return nullptr;
  return p.file.items[0]->body->stmts[0]->expr;
}

struct Lexed {
  SourceSet sources;
  DiagSink sink;
  lex::LexResult result;
  std::string first() const {
    auto all = sink.ordered();
    if (all.empty()) return "ok";
    return std::string(code_name(all[0].code)) + " " + std::to_string(all[0].pos.line) + ":" +
           std::to_string(all[0].pos.col);
  }
  // "kind:text" of every token but the final Eof, space separated.
  std::string kinds() const {
    std::string s;
    for (const auto& t : result.tokens) {
      if (t.kind == lex::TokKind::Eof) break;
      if (!s.empty()) s += ' ';
      s += std::string(lex::tok_class_name(t.kind)) + ":" + std::string(t.text);
    }
    return s;
  }
};

inline std::unique_ptr<Lexed> lex_text(const std::string& text) {
  auto l = std::make_unique<Lexed>();
  uint32_t id = l->sources.add("test.cairn", text);
  l->result = lex::lex_file(l->sources, id, l->sink);
  return l;
}

// A compact rendering of an expression tree: (op a b), names and literals as written.
std::string sexpr(const ast::Expr* e);

}  // namespace cairn::testing
