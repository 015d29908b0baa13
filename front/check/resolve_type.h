// Type expressions to checked types (language.md §2.2, §3): for declarations and for let annotations.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "front/check/sema.h"
#include "front/diag/diagnostic.h"

namespace cairn::check {

// What resolve_type knows about the place a type is written.
struct TypeScope {
  // The natural parameters of the current instance and their values (§10.10); nullptr outside one.
  const std::vector<std::pair<std::string, uint64_t>>* naturals = nullptr;
  // An instance's name ("sum_lanes[4]"): refusals found while resolving get the prefix "in NAME: ".
  std::string instance;
};

// Which top-level forms a position admits. Nested positions (elements, payloads, type arguments,
// borrow targets, function-type parameters) are always held to their own rules.
enum class TypeUse : uint8_t {
  Any,        // no top-level rule: the caller judges void and borrows (a let annotation: E-VIEW-ALIAS)
  Field,      // record field: a borrow or void is E-RECORD-TYPE
  Payload,    // sum payload: a borrow or void is E-SUM-PAYLOAD
  Result,     // function result: a borrow is E-ESCAPE; void allowed
  Param,      // function parameter: borrows and views allowed (the caller reads view extents); void E-PARAM
};

// Resolves `te` as written in module `from`. Refusals go to `sink` with `phase`; the result is then the
// Error type (never nullptr). A view type carries no extent here: extents are read by the signature code.
const Type* resolve_type(Program& program, const ModuleInfo& from, const ast::TypeExpr* te,
                         const TypeScope& scope, DiagSink& sink, Phase phase, TypeUse use = TypeUse::Any);

}  // namespace cairn::check
