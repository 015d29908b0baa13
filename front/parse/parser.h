// The recursive-descent parser of language.md §2 (internal to front/parse): state, helpers, rule functions.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "front/diag/diagnostic.h"
#include "front/lex/lexer.h"
#include "front/source/source.h"
#include "front/syntax/ast.h"

namespace cairn::parse {

using lex::ContextWord;
using lex::Token;
using lex::TokKind;

// Thrown after the one parse refusal of a file has been reported; caught by parse_file.
struct ParseAbort {};

// Limits of §1.5 (and the same bound on type nesting, so no rule recurses without limit).
constexpr int kMaxExprDepth = 100;
constexpr uint32_t kMaxTreeHeight = 10000;  // operator and postfix chains (check_height)
constexpr int kMaxBlockDepth = 100;
constexpr int kMaxTypeDepth = 100;

class Parser {
 public:
  Parser(uint32_t file_id, const lex::LexResult& lexed, ast::Arena& arena, DiagSink& sink);
  // Parses every item into `file.items`; throws ParseAbort at the first refusal (items so far are kept).
  void parse_program(ast::File& file);

 private:
  // ---- tokens (parser_core.cpp)
  const Token& tok() const { return toks_[i_]; }
  const Token& peek(size_t k = 1) const { return i_ + k < toks_.size() ? toks_[i_ + k] : toks_.back(); }
  bool at(TokKind k) const { return toks_[i_].kind == k; }
  bool at_word(ContextWord w) const { return lex::is_word(toks_[i_], w); }
  const Token& advance();
  bool accept(TokKind k);
  const Token& expect(TokKind k);
  Pos pos_of(const Token& t) const { return Pos{file_id_, t.line, t.col}; }
  Pos pos() const { return pos_of(tok()); }

  // ---- refusals (parser_core.cpp); each reports one diagnostic and throws ParseAbort
  [[noreturn]] void fail(Code code, const Token& at, std::string message);
  [[noreturn]] void fail_expected(const std::string& what);           // E-PARSE or E-NAME at tok()
  [[noreturn]] void unsupported(const Token& at, const char* feature);  // E-UNSUPPORTED, §18
  static std::string describe(const Token& t);                          // "'}'", "end of file"
  void report_literal_range(const Token& t, std::string_view digits);   // E-LITERAL-RANGE, not fatal

  // ---- names (parser_core.cpp)
  ast::Ident name(const char* what);  // an identifier; a reserved word is E-NAME
  ast::Path path(const char* what);   // IDENT { "." IDENT }
  ast::NatArg nat_arg();              // INT | path
  std::vector<std::string> doc_before(const Token& first);

  // ---- items (parse_items.cpp, parse_fn.cpp)
  ast::Item* item();
  ast::Item* item_after_pub(const Token& pub);
  ast::Item* module_decl();
  ast::Item* import_decl();
  ast::Item* const_decl(Pos start);
  ast::Item* struct_decl(Pos start);
  ast::Item* enum_decl(Pos start);
  ast::Item* family_decl(Pos start);
  ast::Item* test_decl();
  ast::Item* plan_decl();
  void field_decl(ast::Item& s);
  void lends_decl(ast::Item& s);
  void type_params(std::vector<ast::NatParam>& out);
  ast::Item* fn_decl(Pos start);
  void params(std::vector<ast::Param>& out);
  void ceiling(ast::Item& fn);
  void implements_clause(ast::Item& fn);
  void fn_body(ast::Item& fn);
  void refuse_stage2_item();  // trait, impl, extern, unsafe, kernel, derive, recipe, layout

  // ---- types (parse_types.cpp)
  // storage: a `buffer`/`stack` element type, which leaves its last bracket group (the capacity) alone.
  ast::TypeExpr* type(bool storage = false);
  ast::TypeExpr* borrow_type(bool storage);
  ast::TypeExpr* fn_type();
  ast::TypeExpr* named_type(bool storage);
  bool is_capacity_group() const;  // at '[': is its matching ']' followed by '@' or '='?

  // ---- statements (parse_stmts.cpp, parse_control.cpp)
  ast::Block* block();
  ast::Stmt* stmt();
  ast::Stmt* let_stmt();
  ast::Stmt* unpack_rest(ast::Stmt* s);
  ast::Stmt* storage_stmt();
  ast::Stmt* if_stmt();
  ast::Stmt* while_stmt();
  ast::Stmt* for_stmt();
  ast::Stmt* each_stmt();
  ast::Stmt* match_stmt();
  ast::MatchArm arm();
  ast::Stmt* arm_stmt();
  ast::Stmt* return_stmt();
  ast::Stmt* simple_stmt(TokKind kw, ast::StmtKind kind);  // break; continue;
  ast::Stmt* defer_stmt();
  ast::Stmt* expr_or_assign_stmt();
  void refuse_stage2_stmt();  // parallel, unsafe, scan, device statements
  bool at_scan() const;
  bool at_blocks() const;
  ast::Ident binder_name();   // loop and collector binders: a name or `_`

  // ---- expressions (parse_exprs.cpp, parse_collect.cpp)
  ast::Expr* expr();            // collector | binary
  ast::Expr* binary(int min_level);
  ast::Expr* unary();
  ast::Expr* postfix(ast::Expr* base);
  ast::Expr* primary();
  ast::Expr* literal();
  ast::Expr* negative_literal();
  ast::Expr* collector();
  ast::Expr* compact_expr();
  ast::Expr* reduce_expr();
  void count(ast::Expr* c);      // lo..hi or n
  void enter_expr(const Token& t);
  void leave_expr() { --expr_depth_; }
  // Operator and postfix chains (a+b+c..., x[0][0]...) build trees as deep as they are long; past
  // kMaxTreeHeight levels the expression is refused with E-DEPTH so no later recursive walk can run out
  // of stack (a documented limit beyond §1.5, docs/limits.md).
  void check_height(const ast::Expr* e);
  static uint32_t child_height(const ast::Expr* e);

  uint32_t file_id_;
  const std::vector<Token>& toks_;
  const std::vector<lex::Comment>& comments_;
  ast::Arena& arena_;
  DiagSink& sink_;
  size_t i_ = 0;
  size_t doc_i_ = 0;
  int expr_depth_ = 0;
  int block_depth_ = 0;
  int type_depth_ = 0;
  bool in_body_ = false;  // inside a function or test body: literal refusals belong to phase 4
};

// Binary operator of a token and its precedence level (§2.5, 1 = ||), or level 0 for none.
int binop_level(TokKind k, ast::BinOp& op);
bool assign_op(TokKind k, ast::AssignOp& op);

}  // namespace cairn::parse
