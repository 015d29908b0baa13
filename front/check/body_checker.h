// The body checker's state for one function or test body (language.md §4–§10, §15), shared by body_*.cpp.
#pragma once
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "front/check/const_flex.h"
#include "front/check/expr_info.h"
#include "front/check/lookup.h"
#include "front/check/phases.h"
#include "front/check/sema.h"

namespace cairn::check::body {

struct Refused {};    // a refusal was reported: the current statement is taken back (tools.md §2.1)
struct NotJudged {};  // the statement names a binding of a refused statement: skipped silently

// What a name or dotted path in expression position denotes before it is used (§2.6).
struct StaticRef {
  enum class Kind : uint8_t { Value, Module, ModulePrefix, Sum, Record, Scalar, Generic } kind = Kind::Value;
  const ModuleInfo* module = nullptr;  // Module
  std::string prefix;                  // ModulePrefix: a partial module path "net"
  const SumInfo* sum = nullptr;        // Sum
  std::vector<const Type*> args;       // Sum: explicit type arguments (Option[u64])
  bool has_args = false;
  const RecordInfo* record = nullptr;  // Record
  const Type* type = nullptr;          // Scalar / Record / Sum with arguments: the type
  std::string generic;                 // Generic: "Buf", "Array" (needs type arguments)
};


class Checker {
 public:
  Checker(Program& program, FnInfo& fn, ast::Arena& arena, DiagSink& sink);
  void run();
  void annotate_when(ast::Expr* when);

  // --- diagnostics and annotations (body_entry.cpp)
  [[noreturn]] void refuse(Code code, Pos pos, std::string message,
                           std::optional<std::string> help = std::nullopt);
  [[noreturn]] void not_judged() { throw NotJudged{}; }
  [[noreturn]] void mismatch(const Type* want, const Type* got, Pos pos,
                             std::optional<std::string> help = std::nullopt);
  ExprInfo* info(ast::Expr* e);
  const Type* set(ast::Expr* e, const Type* t) { e->type = t; return t; }
  TypeTable& types() { return program_.types; }
  const Type* usize() { return types().scalar(Scalar::Usize); }
  const Type* boolean() { return types().scalar(Scalar::Bool); }
  const Type* void_type() { return types().void_type(); }
  bool guarded(void (Checker::*what)(ast::Stmt*), ast::Stmt* s);
  // Runs f; a refusal or an unjudged name ends it (the enclosing statement is taken back).
  template <class F>
  bool attempt(F&& f) {
    try {
      f();
      return true;
    } catch (const Refused&) {
      return false;
    } catch (const NotJudged&) {
      return false;
    }
  }

  // --- scopes and bindings (body_scope.cpp)
  LocalVar* find_local(const std::string& name) const;
  const std::pair<std::string, uint64_t>* natural(const std::string& name) const;
  void check_shadow(const ast::Ident& name, const Type* type);
  LocalVar* declare(const ast::Ident& name, const Type* type, LocalVar::Origin origin, bool is_mut);
  LocalVar* declare_unknown(const ast::Ident& name);
  void push_scope();
  void pop_scope();
  void poison_expr(ast::Expr* e);

  // --- item lookup (body_lookup.cpp)
  ItemRef lookup(const std::string& name) const;
  ItemRef lookup_in(const ModuleInfo& m, const ast::Ident& name);
  const ModuleInfo* alias(const std::string& name) const;
  bool names_something(const std::string& name) const;  // for E-VARIANT-AMBIGUOUS
  FnInfo* test_named(const std::string& name) const;
  std::optional<StaticRef> static_path(ast::Expr* e);
  bool type_item(const ItemRef& item, StaticRef& r);

  // --- types (body_type.cpp)
  const Type* annotation(const ast::TypeExpr* t);
  const Type* type_arg(ast::Expr* e);
  std::optional<uint64_t> static_usize(ast::Expr* e);
  void check_storage_element(const Type* elem, Pos pos);
  const Type* payload_type(const Type* sum_type, uint32_t variant);
  std::string tname(const Type* t) const;

  // --- expressions (body_expr.cpp)
  const Type* check(ast::Expr* e, const Type* expected);
  const Type* expect(ast::Expr* e, const Type* want);
  const Type* value(ast::Expr* e, const Type* expected);
  const Type* expect_value(ast::Expr* e, const Type* want);
  void require_type(ast::Expr* e, const Type* got, const Type* want);

  // --- literals (body_literal.cpp)
  // Flexible expressions and their default type: const_flex.h (shared with constant folding).
  const Type* flex_default(const FlexShape& f) { return types().scalar(default_type(f)); }
  const Type* flexible(ast::Expr* e, const Type* expected);
  void type_flexible(ast::Expr* e, const Type* t);
  const Type* string_literal(ast::Expr* e);

  // --- operators (body_operator.cpp)
  const Type* binary(ast::Expr* e);
  const Type* unary(ast::Expr* e);
  void operator_allows(ast::BinOp op, const Type* t, Pos op_pos);
  const Type* typed_pair(ast::Expr* a, ast::Expr* b, const Type* expected_both);
  // Rule 1 of §4.1 for two operands: a flexible one takes its partner's type, two flexible ones are typed
  // together (with expected_both). False, with nothing checked, when neither is flexible.
  bool partner_types(ast::Expr* a, ast::Expr* b, const Type* expected_both, const Type*& ta, const Type*& tb);

  // --- names and fields (body_name.cpp)
  const Type* name_expr(ast::Expr* e, const Type* expected);
  const Type* field_expr(ast::Expr* e, const Type* expected);
  const Type* local_value(ast::Expr* e, LocalVar* v);
  const Type* fn_value(ast::Expr* e, FnInfo* f);
  const Type* const_value(ast::Expr* e, const ConstInfo* c);

  // --- places (body_place.cpp)
  const Type* index_expr(ast::Expr* e);
  const Type* part_expr(ast::Expr* e);
  void require_writable(ast::Expr* place, bool element_write, Pos pos);
  void require_place_for_assign(ast::Expr* lhs);
  void check_extent_field_write(ast::Expr* place, Pos pos);
  bool is_static_place_path(const ast::Expr* e) const;
  void no_user_calls(ast::Expr* e);

  // --- extents (body_extent.cpp)
  ExtentId usize_identity(ast::Expr* e);
  ExtentId view_identity(ast::Expr* e);
  std::string expr_text(const ast::Expr* e) const;

  // --- calls (body_call.cpp, body_call_args.cpp)
  const Type* call(ast::Expr* e, const Type* expected);
  const Type* call_name(ast::Expr* e, const ast::Ident& callee, const Type* expected);
  std::string uninstantiated(const FnInfo* f, const std::string& shown, const ast::Expr* call) const;
  const Type* call_direct(ast::Expr* e, FnInfo* f, ast::Expr* receiver, Pos name_pos);
  const Type* call_indirect(ast::Expr* e, LocalVar* v);
  const Type* call_method(ast::Expr* e, ast::Expr* receiver, const ast::Ident& name);
  const Type* call_instance(ast::Expr* e, ast::Expr* index_callee, FnInfo* templ, Pos name_pos);
  const Type* record_ctor(ast::Expr* e, const RecordInfo* r, Pos name_pos);
  const Type* conversion(ast::Expr* e, Scalar target, const std::vector<ast::Expr*>& args, Pos name_pos);
  const Type* pass_args(ast::Expr* e, const std::vector<ParamSig>& params, const Type* result,
                        const std::vector<ast::Expr*>& args, const std::string& callee, Pos name_pos);
  PassMode pass_view(ast::Expr* arg, const Type* param_type, const std::optional<ExtentId>& demanded,
                     ExtentId* got);
  PassMode pass_borrow(ast::Expr* arg, const Type* param_type);
  PassMode pass_value(ast::Expr* arg, const Type* param_type);
  struct ViewArg {
    const Type* elem = nullptr;
    bool writable = false;
    ExtentId extent;
  };
  ViewArg view_arg(ast::Expr* arg, bool for_print);
  std::vector<ast::Expr*> arg_list(ast::Expr* call, ast::Expr* receiver);
  void add_call_edge(FnInfo* callee, const Type* fn_type, const ExprInfo& ci, Pos pos);

  // --- sums (body_sum.cpp)
  const Type* variant_value(ast::Expr* e, const SumInfo* s, const std::vector<const Type*>* args,
                            const ast::Ident& variant, const Type* expected, ast::Expr* call);
  const Type* bare_variant(ast::Expr* e, const Type* expected, const ast::Ident& name, ast::Expr* call);

  // --- builtins (body_builtin.cpp, body_print.cpp)
  const Type* builtin_call(ast::Expr* e, Builtin b, const std::vector<ast::Expr*>& args,
                           const Type* expected, Pos name_pos, ast::Expr* type_args);
  const Type* buf_new(ast::Expr* e, ast::Expr* index_callee);
  const Type* array_new(ast::Expr* e, ast::Expr* index_callee);
  const Type* builtin_len(ast::Expr* e, ast::Expr* x);
  const Type* builtin_math(ast::Expr* e, Builtin b, const std::vector<ast::Expr*>& args,
                           const Type* expected, ast::Expr* type_args);
  const Type* builtin_pair(ast::Expr* e, Builtin b, const std::vector<ast::Expr*>& args,
                           const Type* expected);
  const Type* builtin_places(ast::Expr* e, Builtin b, const std::vector<ast::Expr*>& args);
  const Type* builtin_print(ast::Expr* e, Builtin b, const std::vector<ast::Expr*>& args);
  const Type* builtin_assert(ast::Expr* e, Builtin b, const std::vector<ast::Expr*>& args, Pos name_pos);
  PassMode print_arg(ast::Expr* arg);

  // --- statements (body_stmt.cpp, body_storage.cpp, body_match.cpp)
  void block(ast::Block* b);
  void stmt(ast::Stmt* s);
  void stmt_let(ast::Stmt* s);
  void stmt_unpack(ast::Stmt* s);
  void stmt_storage(ast::Stmt* s);
  void stmt_if(ast::Stmt* s);
  void stmt_while(ast::Stmt* s);
  void stmt_for_range(ast::Stmt* s);
  void stmt_for_each(ast::Stmt* s);
  void stmt_match(ast::Stmt* s);
  void stmt_return(ast::Stmt* s);
  void stmt_assign(ast::Stmt* s);
  void stmt_expr(ast::Stmt* s, bool deferred);
  void condition(ast::Expr* c);
  void return_value(ast::Expr* v, Pos pos);
  void discard_rules(ast::Expr* e);
  void match_header(ast::Stmt* s);
  void loop_body(ast::Block* b);
  const Type* try_expr(ast::Expr* e, bool as_statement);

  // --- collectors (body_collector.cpp)
  const Type* collector(ast::Expr* e, const Type* annotation);
  const Type* compact(ast::Expr* e);
  const Type* reduce(ast::Expr* e, const Type* annotation);
  void collector_range(ast::Expr* e);
  void self_read(ast::Expr* e, const ExprInfo& out);

  // --- state
  Program& program_;
  FnInfo& fn_;
  ast::Arena& arena_;
  DiagSink& sink_;
  BodyFacts& facts_;
  const ModuleInfo& module_;
  bool refused_ = false;
  bool silent_ = false;  // typing an implementation's when condition: refusals are not reported (annotate_when)
  uint32_t loop_depth_ = 0;
  uint32_t block_depth_ = 0;
  uint32_t collector_depth_ = 0;  // inside a collector's where/yield expressions
  std::unordered_map<std::string, LocalVar*> names_;               // visible bindings
  std::vector<std::vector<std::string>> scopes_;                   // names declared per block
};

}  // namespace cairn::check::body
