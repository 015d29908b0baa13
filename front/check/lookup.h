// Name lookup over the program's modules (language.md §14.1-§14.2), for declarations and bodies.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "front/check/sema.h"

namespace cairn::check {

// An item found by lookup: its table entry and the module that declares it.
struct ItemRef {
  const ModuleInfo::Entry* entry = nullptr;
  const ModuleInfo* module = nullptr;
  explicit operator bool() const { return entry != nullptr; }
  FnInfo* fn() const;              // nullptr unless a function (or instance / family member)
  const RecordInfo* record() const;
  const SumInfo* sum() const;
  const ConstInfo* constant() const;
};

enum class LookupStatus : uint8_t { Found, NotFound, Private };

// Unqualified item lookup from module `from` (§14.2): the current module's items, then names listed by
// its imports, then the root namespace's pub items (its private items only inside the root namespace).
// Locals and builtins are the caller's business.
ItemRef lookup_item(const Program& program, const ModuleInfo& from, const std::string& name);

// The module an import alias of `from` names, or nullptr.
const ModuleInfo* lookup_alias(const ModuleInfo& from, const std::string& name);

// Item `name` of module `target`, seen from `from`: Private when it is not pub and `from` is another module.
LookupStatus lookup_in(const ModuleInfo& from, const ModuleInfo& target, const std::string& name, ItemRef* out);

// A path a.b...x naming an item: one segment is unqualified; two are alias.item. Sets *status.
ItemRef lookup_path(const Program& program, const ModuleInfo& from, const ast::Path& path,
                    LookupStatus* status);

// The instance of template `templ` with these natural values, or nullptr when it does not exist.
FnInfo* find_instance(const FnInfo& templ, const std::vector<uint64_t>& values);

// The value of a natural argument written as an expression (§10.10): an integer literal, a usize
// constant (plain or alias-qualified), or a natural of `naturals` (the enclosing instance's). Returns
// nothing when it is none of those, or when it is zero; *why gets a one-sentence reason then.
std::optional<uint64_t> natural_arg_value(const Program& program, const ModuleInfo& from, const ast::Expr* arg,
                                          const std::vector<std::pair<std::string, uint64_t>>& naturals,
                                          std::string* why);

}  // namespace cairn::check
