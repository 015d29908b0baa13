// What the body checker records about each name, expression and binding, for the flow checks,
// the effect rules and (later) the core IR builder.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "front/check/sema.h"

namespace cairn::check {

enum class Builtin : uint8_t {
#define BUILTIN(k, name, soft, droppable) k,
#include "front/check/builtins.def"
#undef BUILTIN
};
const char* builtin_name(Builtin b);
bool builtin_from_name(const std::string& name, Builtin* out);
bool builtin_is_soft(Builtin b);
bool builtin_is_droppable(Builtin b);

// A local binding of a function body: parameter, let, unpack binder, storage name, loop, match or
// collector binder. Owned by the function's BodyFacts.
struct LocalVar {
  enum class Origin : uint8_t { Param, Let, Unpack, Buffer, Stack, ForIndex, ForElement, MatchBinder,
                                CollectorIndex, StringLocal };
  std::string name;
  Pos pos;                   // the binding's name token
  const Type* type = nullptr;
  Origin origin = Origin::Let;
  bool is_mut = false;
  std::optional<uint32_t> param_index;  // for parameters
  ExtentSpec extent;                    // view parameters: their extent; buffer/stack: capacity
  uint32_t loop_depth = 0;              // number of enclosing loops (incl. collectors) at the binding
  uint32_t id = 0;                      // dense index within the function
};

// How an argument is passed to its parameter (§10.3).
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

enum class NameRef : uint8_t { None, Local, Const, Fn, Variant, Natural, Module, Type };

struct ExprInfo {
  // Name / Field resolution
  NameRef ref = NameRef::None;
  LocalVar* local = nullptr;          // Name that reads a local or parameter
  const ConstInfo* constant = nullptr;
  FnInfo* fn = nullptr;               // function named as a value, or the direct callee
  const SumInfo* sum = nullptr;       // variant constructors, match subjects, try operands
  uint32_t variant = 0;
  uint32_t field = 0;                 // Field: field index in the record
  uint64_t natural = 0;               // a natural parameter's value (in an instance)
  // Calls
  CallKind call = CallKind::None;
  Builtin builtin = Builtin::Len;
  const RecordInfo* record = nullptr;             // Record constructor
  std::vector<ast::Expr*> full_args;              // receiver first for methods; nullptr for omitted extents
  std::vector<PassMode> modes;                    // one per full_args entry
  // Places: a Name, Field or Index chain rooted at a local
  bool is_place = false;
  bool writable = false;
  LocalVar* root = nullptr;           // the local at the root of a place
  // Literals: the type chosen by §4.1; constant-folded value when known at check time
  std::optional<ConstValue> folded;
  // Collectors: their index binder
  LocalVar* binder = nullptr;
};

// Per-function results of the body checker.
struct BodyFacts {
  std::vector<std::unique_ptr<LocalVar>> locals;      // every binding, in order
  std::vector<std::unique_ptr<ExprInfo>> infos;       // storage for Expr::info
  std::vector<GuardSite> guards;
};

}  // namespace cairn::check
