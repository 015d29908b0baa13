// The C side of a library header (`cairn build --header`, tools.md §2.5): which CAIRN types can cross by value,
// their C spellings (`ct_` structs with CAIRN's field names), their C layouts, and the assertions that hold the
// header's layouts to the library's own structs.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "lower/types.h"

namespace cairn::lower {

// One member of a ct_ struct: its C name, its CAIRN type, its offset, and the library struct's member it mirrors.
// A payload sum's variants are the members of one union, `payload` (language spec §3.9: the tag, then the largest
// payload), so that every variant's payload starts at the same offset.
struct CMember {
  std::string name;
  const check::Type* type = nullptr;
  uint64_t offset = 0;
  std::string library_member;  // "f_count" of a record, "p1" of a sum, "tag"
  bool in_payload = false;     // a variant's member of the payload union
  // How C names the member from the struct: "count", "payload.Number".
  std::string designator() const { return in_payload ? "payload." + name : name; }
};

// A record or a sum as the header declares it. A tag-only enum is a typedef of uint32_t and has no members.
struct CStruct {
  const check::Type* type = nullptr;
  std::string name;          // "ct_Summary"
  std::string library_name;  // "R_Summary", "S_Reading"; "" for a tag-only enum
  std::vector<CMember> members;
  uint64_t size = 0, align = 0;
};

class CTypes {
 public:
  explicit CTypes(const check::Program& program) : program_(program), library_(program) {}
  // "" when a value of t can cross by value (a scalar, a copyable record or sum of crossing parts, a tag-only
  // enum); otherwise why not, as a phrase ("an owner (Buf[i64])").
  std::string refusal(const check::Type* t);
  // The C spelling of a crossing type; its structs are declared by definitions().
  std::string c_name(const check::Type* t);
  // Size and alignment in C of a crossing type.
  uint64_t size(const check::Type* t);
  uint64_t align(const check::Type* t);
  // The header's type declarations with their doc comments and layout assertions, each after what it holds.
  std::string definitions() const;
  // The same declarations without comments: part of what the interface hash covers.
  std::string interface_text() const;
  // The library's C++ assertions: a ct_ struct whose layout is its library struct's (same_layout) has that
  // struct's size, alignment and member offsets. (The header the library includes asserts every ct_ struct's
  // layout of §3.9.)
  std::string library_asserts() const;
  // True when the library's own struct for t has t's C layout: scalars, tag-only enums and records of such.
  // A payload sum does not (the library keeps every variant's payload in a member of its own), nor a record
  // holding one; their values cross through conversions().
  bool same_layout(const check::Type* t) const;
  // The library's C++ conversion functions between each ct_ struct that is not same_layout and its library
  // struct (cairn_in_ct_X, cairn_out_ct_X), each after those it calls.
  std::string conversions();
  // A C++ expression converting `expr`, a C value of crossing type t, to the library's type (bytes copied as they
  // are, so that the tag checks see them), and back.
  std::string from_c(const check::Type* t, const std::string& expr);
  std::string to_c(const check::Type* t, const std::string& expr);
  // C++ statements checking the tags and bools inside `expr` (an lvalue of the library's type for t, read from the
  // caller's memory), indented by `indent`.
  std::string tag_checks(const check::Type* t, const std::string& expr, const std::string& indent);
  TypeNamer& library() { return library_; }

 private:
  const check::Program& program_;
  TypeNamer library_;
  std::map<const check::Type*, size_t> index_;  // type -> structs_
  std::map<std::string, const check::Type*> names_;  // C name -> type
  std::vector<CStruct> structs_;
  std::map<const check::Type*, std::string> refusals_;
  std::string compute_refusal(const check::Type* t);
  std::string struct_name(const check::Type* t);
  void declare(const check::Type* t);
  std::string declaration(const CStruct& s) const;
};

// True when `word` is reserved in C11 or C++17 (c_reserved.def).
bool c_reserved(const std::string& word);

// The C spelling of a scalar (c_scalars.def).
const char* c_scalar(check::Scalar s);

}  // namespace cairn::lower
