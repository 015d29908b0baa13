// The C++ types of CAIRN types: scalars, record and sum structs, runtime Buf/Array/View, function pointers.
#pragma once
#include <map>
#include <set>
#include <string>
#include <vector>

#include "semantics/ir.h"

namespace cairn::lower {

using Deps = std::set<std::string>;

class TypeNamer {
 public:
  explicit TypeNamer(const check::Program& p) : program_(p) {}
  // The C++ spelling of t (a Borrow is `T&`, Void is `void`); struct symbols it names go to `deps`.
  std::string name(const check::Type* t, Deps* deps = nullptr);
  static std::string scalar(check::Scalar s);
  // A sum with at least one payload is a struct; a tag-only enum is its u32 tag.
  static bool is_payload_sum(const check::Type* t);
  // The payload type of variant v of sum t (type arguments substituted), nullptr for none.
  const check::Type* payload(const check::Type* t, uint32_t v) const;
  // Registers t and every struct it reaches, so definitions() defines them.
  void use(const check::Type* t);
  // Forward declarations and definitions of every used struct, each after the structs it holds by value.
  std::string definitions();
  // The definition text of one struct symbol (empty when unknown), for Lowered::functions' canonical needs.
  const std::map<std::string, std::string>& struct_texts() const { return texts_; }

 private:
  const check::Program& program_;
  std::map<std::string, const check::Type*> structs_;  // symbol -> type
  std::map<std::string, std::string> texts_;
  std::string struct_symbol(const check::Type* t);
  std::string define(const check::Type* t);
  void require(const check::Type* t, std::set<std::string>& done, std::string& out);
};

}  // namespace cairn::lower
