// Places as the flow checks see them: a local root and a chain of fields, indexes and parts (§8.4, §10.6).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "front/check/expr_info.h"
#include "front/check/sema.h"
#include "front/syntax/ast.h"

namespace cairn::check::flow {

inline ExprInfo* info_of(const ast::Expr* e) { return e ? e->info : nullptr; }
// Strips parentheses.
const ast::Expr* peel_parens(const ast::Expr* e);
ast::Expr* peel_parens(ast::Expr* e);

// The kind of the value an expression yields; a single borrow counts as its element.
Kind value_kind(const Type* t);
inline Kind expr_kind(const ast::Expr* e) { return e && e->type ? value_kind(e->type) : Kind::Copy; }
inline bool is_owner_or_linear(const Type* t) { return t && value_kind(t) != Kind::Copy; }

// A bound of a part or an index as the disjointness rules compare it (§10.6).
struct Bound {
  enum class Kind : uint8_t { None, Value, Local, Const } kind = Kind::None;
  uint64_t value = 0;
  const void* ref = nullptr;  // LocalVar* (immutable) or ConstInfo*
  bool operator==(const Bound&) const = default;
};

struct Step {
  enum class Kind : uint8_t { Field, Index, Part } kind = Kind::Field;
  std::string field;   // Field: member name
  Bound lo, hi;        // Index: lo is the index; Part: lo..hi
};

// A place: a local root and its steps, or nothing when the expression is not a place.
struct Place {
  LocalVar* root = nullptr;
  std::vector<Step> steps;
  const ast::Expr* expr = nullptr;
  explicit operator bool() const { return root != nullptr; }
};

// The place an expression denotes (a name of a local, field path, element, part), else an empty Place.
Place place_of(const ast::Expr* e);
// The local named by a bare Name expression (after parentheses), else nullptr.
LocalVar* named_local(const ast::Expr* e);

// True when the two places may share storage: same root and one path is a prefix of the other, unless
// they part at different fields, different literal indexes or provably disjoint parts (§10.6).
bool places_overlap(const Place& a, const Place& b);
// a is a strict extension of b (a lies inside b).
bool place_inside(const Place& a, const Place& b);

// True for a borrow parameter (single borrow or view), whose reads and writes are read:p / write:p.
bool is_borrow_param(const LocalVar* v);
// True for a local whose type is a single borrow (`b:ro<T>`), which can never be moved from.
bool is_single_borrow(const LocalVar* v);
// The elements a local owns (Buf, Array, buffer, stack, string local): local_read / local_write.
bool is_own_storage(const LocalVar* v);

// Literal forms (including negative literals): IntLit, FloatLit, CharLit, StringLit, BoolLit.
bool is_literal(const ast::Expr* e);

}  // namespace cairn::check::flow
