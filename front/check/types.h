// Checked types: interned, so two types are equal exactly when their pointers are.
#pragma once
#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "core/scalar.h"

namespace cairn::check {

bool scalar_from_name(const std::string& name, Scalar* out);

struct RecordInfo;  // sema.h
struct SumInfo;     // sema.h

enum class TypeKind : uint8_t {
  Error,   // poison: a refused expression; matches everything so one fault gives one refusal
  Void,    // function result only
  Scalar,  // bool, integers, floats
  Record,  // a user record
  Sum,     // a user sum or std.core Option/Result instance (args = type arguments)
  Buf,     // Buf[elem]
  Array,   // Array[elem, length]
  View,    // ro/rw<elem>[extent]: extent identity is kept beside the type (ParamSig, ExprInfo)
  Borrow,  // ro/rw<elem> single borrow
  Fn,      // fn(args) -> elem (elem: Void type for no result)
  Param,   // the index-th type parameter of a generic std.core sum (inside SumInfo payloads only)
};

// Copy < affine (owner) < linear (language.md §3.2).
enum class Kind : uint8_t { Copy, Affine, Linear };

struct Type {
  TypeKind kind = TypeKind::Error;
  Scalar scalar = Scalar::Bool;
  const RecordInfo* record = nullptr;
  const SumInfo* sum = nullptr;
  const Type* elem = nullptr;           // Buf/Array/View/Borrow element; Fn result
  std::vector<const Type*> args;        // Sum type arguments; Fn parameter types
  uint64_t length = 0;                  // Array length; Param index
  bool rw = false;                      // View/Borrow mode
};

// Interns types. One table per checked program.
class TypeTable {
 public:
  TypeTable();
  const Type* error() const { return error_; }
  const Type* void_type() const { return void_; }
  const Type* scalar(Scalar s) const { return scalars_[static_cast<int>(s)]; }
  const Type* record(const RecordInfo* r);
  const Type* sum(const SumInfo* s, std::vector<const Type*> args);
  const Type* buf(const Type* elem);
  const Type* array(const Type* elem, uint64_t length);
  const Type* view(const Type* elem, bool rw);
  const Type* borrow(const Type* elem, bool rw);
  const Type* fn(std::vector<const Type*> params, const Type* result);
  const Type* param(uint64_t index);
  // Replaces Param(i) by args[i] throughout t.
  const Type* substitute(const Type* t, const std::vector<const Type*>& args);

 private:
  const Type* intern(Type t);
  std::deque<Type> storage_;
  std::map<std::tuple<int, int, const void*, const void*, std::vector<const Type*>, uint64_t, bool>,
           const Type*>
      index_;
  const Type* error_;
  const Type* void_;
  std::vector<const Type*> scalars_;
};

// "u64", "Buf[u8]", "ro<u8>[n]" (views print without extent here), "Option[u64]", "geo.Point".
std::string type_name(const Type* t);
Kind type_kind(const Type* t);
bool is_int(const Type* t);
bool is_unsigned(const Type* t);
bool is_signed_int(const Type* t);
bool is_float(const Type* t);
bool is_bool(const Type* t);
bool is_tag_only_enum(const Type* t);
// A sum with exactly two variants that is not tag-only (Option, Result, ...): §8.13, §9.5.
bool is_outcome_sum(const Type* t);
// Size and alignment of §3.9 (for stack limits, layout).
uint64_t type_size(const Type* t);
uint64_t type_align(const Type* t);

}  // namespace cairn::check
