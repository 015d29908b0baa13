// The syntax tree: what the parser builds and the checker annotates. Nodes live in an Arena.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "front/source/source.h"
#include "front/syntax/operators.h"

namespace cairn::check {
struct Type;      // front/check/types.h
struct ExprInfo;  // filled by the body checker: resolution of names, calls, places
struct LocalVar;  // a binding of a function body (front/check/expr_info.h)
}  // namespace cairn::check

namespace cairn::ast {

enum class ExprKind : uint8_t {
#define EXPR(k, name) k,
#include "front/syntax/ast_kinds.def"
#undef EXPR
};
enum class StmtKind : uint8_t {
#define STMT(k, name) k,
#include "front/syntax/ast_kinds.def"
#undef STMT
};
enum class ItemKind : uint8_t {
#define ITEM(k, name) k,
#include "front/syntax/ast_kinds.def"
#undef ITEM
};
enum class TypeKind : uint8_t {
#define TYPE(k, name) k,
#include "front/syntax/ast_kinds.def"
#undef TYPE
};

// Operators (binary, unary, assignment) and their spellings: front/syntax/operators.h.

struct Ident {
  std::string name;
  Pos pos;
};
using Path = std::vector<Ident>;  // a.b.c; never empty where present

struct TypeExpr;
struct Expr;
struct Stmt;
struct Block;

// A natural argument or bound: an integer literal or a path (constant or natural parameter).
struct NatArg {
  bool is_int = false;
  uint64_t value = 0;  // when is_int
  Path path;           // otherwise
  Pos pos;
};

struct TypeExpr {
  TypeKind kind;
  Pos pos;                        // first token
  // Named
  Path path;
  std::vector<TypeExpr*> args;    // type arguments (IntArg for integers)
  // IntArg
  uint64_t int_value = 0;
  // Borrow
  bool rw = false;
  TypeExpr* inner = nullptr;
  bool has_extent = false;
  NatArg extent;                  // literal or path
  std::optional<Ident> placement; // @host, @device, ...
  // Fn
  std::vector<TypeExpr*> params;
  TypeExpr* result = nullptr;     // nullptr: void
  // Unsupported
  std::string feature;
};

struct Expr {
  ExprKind kind;
  Pos pos;    // the token that names the construct: operator, '[', name, literal, '(' of a call, 'try'
  Pos begin;  // first token of the whole expression
  // literals
  uint64_t int_value = 0;   // IntLit, CharLit
  bool negative = false;    // IntLit/FloatLit formed with a prefix minus (§1.4)
  bool hex = false;         // IntLit written 0x...
  uint32_t height = 1;      // levels of the tree from this node down (the parser's operator-chain limit)
  bool bool_value = false;  // BoolLit
  std::string text;         // FloatLit digits as written (without the sign); StringLit bytes after unescaping;
                            // Name identifier; Field member name; Reduce named operator; Unsupported feature
  // operators
  BinOp bin = BinOp::Add;
  UnOp un = UnOp::Neg;
  bool reduce_is_binop = false;  // Reduce: operator given as a token (bin) rather than a name (text)
  // children
  Expr* a = nullptr;  // Unary/Try/Paren operand; Binary lhs; Call callee; Index/Part/Field base;
                      // Compact target; Reduce: unused
  Expr* b = nullptr;  // Binary rhs; Part lo; Compact/Reduce lo (nullptr when the count form `n` is used)
  Expr* c = nullptr;  // Part hi; Compact/Reduce hi (the count n in the count form)
  Expr* d = nullptr;  // Compact where
  Expr* e = nullptr;  // Compact/Reduce yield
  std::vector<Expr*> args;  // Call args; Index args
  Ident binder;             // Compact/Reduce index binder; Field member (name + its position)
  // annotations, filled by the checker
  const check::Type* type = nullptr;
  check::ExprInfo* info = nullptr;
};

struct Block {
  Pos lbrace, rbrace;
  std::vector<Stmt*> stmts;
};

struct MatchArm {
  Path pattern;                    // V or Sum.V (possibly module-qualified)
  bool has_binder = false;
  Ident binder;                    // name or `_`
  Block* block = nullptr;          // braces form
  Stmt* stmt = nullptr;            // brace-less form
  Pos pos;                         // pattern start
  uint32_t variant = 0;            // annotation: the variant this arm matches
  check::LocalVar* binder_local = nullptr;  // annotation: the payload binder
};

struct Stmt {
  StmtKind kind;
  Pos pos;  // first token (keyword, or the expression start)
  // Let / Storage / ForRange / ForEach
  bool is_mut = false;
  bool legacy = false;   // `reg` for Let, `each` for ForRange
  Ident name;            // Let name; Storage name; ForRange binder; ForEach element binder
  std::optional<Ident> index_name;  // ForEach `for i, x in xs`
  TypeExpr* type = nullptr;         // Let annotation; Storage element type
  // Unpack
  Path record;
  std::vector<Ident> binders;
  // Storage
  bool is_stack = false;
  std::optional<Ident> placement;
  // expressions
  Expr* expr = nullptr;   // Let/Unpack init; Storage capacity; If/While cond; Match subject;
                          // Return value (nullable); Defer call; Assign lhs; ExprStmt expr; ForRange lo
                          // (for legacy `each i in n`, an IntLit 0 placed at n); ForEach xs
  Expr* expr2 = nullptr;  // Assign rhs; ForRange hi
  AssignOp assign = AssignOp::Set;
  Pos op_pos;             // Assign operator position
  // bodies
  Block* body = nullptr;      // If then; While/For body; Block
  Stmt* else_stmt = nullptr;  // If: an If or a Block statement
  std::vector<MatchArm> arms;
  std::string feature;        // Unsupported
  // annotations, filled by the checker: the bindings this statement declares
  check::LocalVar* local = nullptr;        // Let/Storage name; ForRange binder; ForEach element
  check::LocalVar* index_local = nullptr;  // ForEach index
  std::vector<check::LocalVar*> binder_locals;  // Unpack binders (nullptr for `_`)
};

struct FieldDecl {
  Ident name;
  TypeExpr* type = nullptr;
  std::optional<Ident> extent;  // x:Buf[f64][rows]
};
struct LendsDecl {
  Ident field;
  NatArg lo, hi;
  Pos pos;
};
struct VariantDecl {
  Ident name;
  TypeExpr* payload = nullptr;
};
struct NatParam {
  Ident name;
  bool is_nat = false;     // K:nat (core); anything else is Stage 2 generics
  Pos pos;
};
struct Param {
  Ident name;
  TypeExpr* type = nullptr;
};
struct CeilingLabel {
  std::string text;  // "io", "read:xs", "pure", "ffi:name"
  Pos pos;
};
struct TuneList {
  Ident name;
  std::vector<NatArg> values;
};

struct Item {
  ItemKind kind;
  Pos pos;              // first token of the item (`pub`, `fn`, ...)
  Pos end;              // its last token (`}` or `;`)
  bool is_pub = false;
  Ident name;           // Const/Struct/Enum/Fn/Family/Test name
  std::vector<std::string> doc;  // the `//` lines directly above (without `//`)
  // Module / Import
  Path path;            // Module path; Import path; Family template; Plan reference
  std::optional<Ident> alias;
  std::vector<Ident> names;  // Import (x, y)
  // Const
  TypeExpr* type = nullptr;
  Expr* init = nullptr;
  // Struct
  bool is_linear = false;
  bool packed = false;
  Expr* align = nullptr;
  std::vector<FieldDecl> fields;
  std::vector<LendsDecl> lends;   // more than one is E-LENDS
  // Enum
  std::vector<VariantDecl> variants;
  std::vector<NatParam> type_params;  // `[T]` after a record's or sum's name: Stage 2 generics
  // Fn / Test
  std::vector<NatParam> nat_params;
  bool has_nat_params = false;
  std::vector<Param> params;
  bool has_param_list = false;  // Test: `test t()` was written (E-TEST)
  TypeExpr* result = nullptr;   // nullptr: void
  enum class Ceiling : uint8_t { None, Pure, Effects } ceiling = Ceiling::None;
  Pos ceiling_pos;
  std::vector<CeilingLabel> ceiling_labels;
  bool has_implements = false;
  Path implements;
  Expr* when = nullptr;
  std::vector<TuneList> tune;
  Block* body = nullptr;        // block body
  Expr* expr_body = nullptr;    // `= e;` body
  Pos expr_body_pos;            // the `=`
  // Family: path = template, lo/hi bounds; Plan: path = reference, use_path = implementation
  NatArg lo, hi;
  Path use_path;
  std::vector<NatArg> nat_args;  // Plan instance arguments
  bool has_nat_args = false;
  // Unsupported
  std::string feature;
};

struct File {
  uint32_t file_id = 0;
  std::vector<Item*> items;
};

// Owns every node of a program. Nodes are never freed individually.
class Arena {
 public:
  Expr* expr(ExprKind k, Pos p);
  Stmt* stmt(StmtKind k, Pos p);
  Item* item(ItemKind k, Pos p);
  TypeExpr* type(TypeKind k, Pos p);
  Block* block(Pos lbrace);
  size_t node_count() const { return count_; }

 private:
  std::vector<std::unique_ptr<Expr>> exprs_;
  std::vector<std::unique_ptr<Stmt>> stmts_;
  std::vector<std::unique_ptr<Item>> items_;
  std::vector<std::unique_ptr<TypeExpr>> types_;
  std::vector<std::unique_ptr<Block>> blocks_;
  size_t count_ = 0;
};

// Deep copy of a function item (used to build template instances; annotations are not copied).
Item* clone_fn(Arena& arena, const Item& fn);

}  // namespace cairn::ast
