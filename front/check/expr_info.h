// What the body checker records about each name, expression and binding, for the flow checks,
// the effect rules and (later) the core IR builder.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/ops.h"
#include "front/check/sema.h"

namespace cairn::check {

enum class Builtin : uint8_t {
#define BUILTIN(k, name, soft, droppable) k,
#define BUILTIN_OP(k, soft) k,
#include "front/check/builtins.def"
#undef BUILTIN_OP
#undef BUILTIN
};
// The ops.def row a scalar builtin computes with (a BUILTIN_OP row); none for the others.
std::optional<sem::Op> builtin_op(Builtin b);
const char* builtin_name(Builtin b);
bool builtin_from_name(const std::string& name, Builtin* out);
bool builtin_is_soft(Builtin b);
bool builtin_is_droppable(Builtin b);

struct LocalVar;

// The extent identity of a view-valued expression (language.md §3.7). Two identities match when
// `same()` holds; None matches nothing, Dynamic (a part, a lending record) satisfies any extent and
// is checked at run time.
struct ExtentId {
  enum class Kind : uint8_t {
    None,     // a mutable local, any other expression: matches nothing
    Value,    // a literal, usize constant or natural: `value`
    Binding,  // an immutable usize local, parameter or binder: `local`
    Path,     // a field path p.k naming the extent field of a Buf field: `key`
    LenOf,    // len(b) of a Buf place b without a field extent: `key`
    Dynamic,  // a part x[lo..hi] or a lending record: any extent, guarded at run time
  };
  Kind kind = Kind::None;
  uint64_t value = 0;
  const LocalVar* local = nullptr;
  std::string key;   // canonical place key for Path/LenOf ("#<local id>.<field>...")
  std::string text;  // display form for messages: "4", "n", "s.rows", "len(b)"
  bool same(const ExtentId& o) const {
    if (kind != o.kind || kind == Kind::None) return false;
    switch (kind) {
      case Kind::Value: return value == o.value;
      case Kind::Binding: return local == o.local;
      case Kind::Path:
      case Kind::LenOf: return key == o.key;
      case Kind::Dynamic: return true;
      case Kind::None: return false;
    }
    return false;
  }
};

// A local binding of a function body: parameter, let, unpack binder, storage name, loop, match or
// collector binder. Owned by the function's BodyFacts.
struct LocalVar {
  enum class Origin : uint8_t { Param, Let, Unpack, Buffer, Stack, ForIndex, ForElement, MatchBinder,
                                CollectorIndex, StringLocal };
  std::string name;
  Pos pos;                   // the binding's name token
  // The binding's type. Parameters keep their declared type (View/Borrow for borrows); a name of a
  // single borrow reads as its element type. Buffer/stack names are rw View types; a string local is an
  // ro View of u8. Error for a binding of a refused statement (unknown; later uses are not judged).
  const Type* type = nullptr;
  Origin origin = Origin::Let;
  bool is_mut = false;                  // `let mut` / `reg` (only such locals are assignable)
  std::optional<uint32_t> param_index;  // for parameters
  ExtentSpec extent;                    // view parameters: their extent; buffer/stack: static capacity
  const LocalVar* extent_local = nullptr;  // buffer capacity given by an immutable usize name
  uint64_t string_len = 0;              // StringLocal: the literal's byte count
  uint32_t loop_depth = 0;              // number of enclosing loops (incl. collectors) at the binding
  uint32_t id = 0;                      // dense index within the function
  uint32_t block_depth = 0;             // nesting depth of the declaring block (0: function body)
};

// How an argument is passed to its parameter (§10.3).
//   Copy: copy value (copy-kind by-value parameter, or a scalar builtin operand)
//   Move: affine/linear by-value parameter, constructor field/payload: the argument is moved
//   BorrowRo/BorrowRw: single borrow ro<T>/rw<T> (take/swap operands and format's target are BorrowRw)
//   ViewRo/ViewRw: view parameter ro<T>[n]/rw<T>[n]; also print-family arguments that are views
//                  and len's operand (ViewRo, which reads nothing)
//   OmittedExtent: an extent argument left out (§10.5); its full_args entry is nullptr
enum class PassMode : uint8_t { Copy, Move, BorrowRo, BorrowRw, ViewRo, ViewRw, OmittedExtent };

enum class CallKind : uint8_t {
  None,         // not a call
  Direct,       // a declared function (or an instance / family member)
  Indirect,     // through a function-typed local or parameter
  Record,       // record constructor
  Variant,      // variant constructor
  Conversion,   // T(x)
  Builtin,      // a builtin of builtins.def
  BufNew,       // Buf[T](n)
  ArrayNew,     // Array[T, N]()
};

// What a Name (or the last segment of a Field path) denotes.
enum class NameRef : uint8_t {
  None,     // not a name (or a field of a value: see ExprInfo::field)
  Local,    // a local or parameter (`local`)
  Const,    // a constant (`constant`, value in `folded`)
  Fn,       // a function used as a value or callee (`fn`)
  Variant,  // a variant (`sum`, `variant`): a bare or qualified variant value or constructor
  Natural,  // a natural parameter of an instance (`natural`, also in `folded`)
  Module,   // an import alias or module path (only as the base of a Field)
  Type,     // a type named in expression position (the base of a call or variant path)
};

struct ExprInfo {
  // --- Name / Field resolution
  NameRef ref = NameRef::None;
  LocalVar* local = nullptr;          // Name that reads a local or parameter
  const ConstInfo* constant = nullptr;
  FnInfo* fn = nullptr;               // function named as a value, or the direct callee
  const SumInfo* sum = nullptr;       // variant values/constructors; match subjects; try operands
  uint32_t variant = 0;               // the variant index (with `sum`)
  uint32_t field = 0;                 // Field of a record value: field index in the record
  bool is_field = false;              // a Field expression that reads a record field (`field` valid)
  uint64_t natural = 0;               // a natural parameter's value (in an instance)
  const Type* named_type = nullptr;   // NameRef::Type: the type named (conversion target, Buf[T], ...)
  // --- Calls
  CallKind call = CallKind::None;
  Builtin builtin = Builtin::Len;
  const RecordInfo* record = nullptr;             // Record constructor
  bool is_method = false;                         // v.f(args): full_args[0] is the receiver v
  std::vector<ast::Expr*> full_args;              // receiver first for methods; nullptr for omitted extents
  std::vector<PassMode> modes;                    // one per full_args entry
  // --- Places: a Name, Field or Index chain rooted at a local (a part's base is a place too)
  bool is_place = false;
  bool writable = false;              // the place may be assigned / lent rw (§8.4)
  bool has_element = false;           // the place's path goes through an index x[i]
  LocalVar* root = nullptr;           // the local at the root of a place
  std::string place_key;              // canonical path "#<root id>.<field>..." ("[]" for an element)
  // --- Views: the extent identity of a view-valued expression (view names, buffer/stack names,
  // Buf/Array places, string literals and locals, parts, lending records) — §3.7
  std::optional<ExtentId> extent;
  bool is_lending = false;            // a lending record used as a view (print, element loop, argument)
  // --- Literals: the type chosen by §4.1 is Expr::type; the value when known at check time
  std::optional<ConstValue> folded;
  // --- Collectors: their index binder
  LocalVar* binder = nullptr;
  // --- try: the operand's failure variant payload and the function's result sum (for lowering)
  const Type* try_success = nullptr;  // payload of the success variant (nullptr: none)
};

// Per-function results of the body checker.
struct BodyFacts {
  std::vector<std::unique_ptr<LocalVar>> locals;      // every binding, in order (params first)
  std::vector<std::unique_ptr<ExprInfo>> infos;       // storage for Expr::info
  std::vector<GuardSite> guards;
  uint64_t stack_bytes = 0;                           // total `stack` storage of the body (§3.5)
};

}  // namespace cairn::check
