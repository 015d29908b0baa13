// The contract of two versions of one function: the same signature, types compared structurally across the
// two programs (tools.md §3.3: "a signature type defined differently in the two files gives invalid-contract").
#pragma once
#include <optional>
#include <string>

#include "front/check/sema.h"

namespace cairn::smt {

// Nothing when the two types have the same structure; else what differs, one phrase.
std::optional<std::string> type_difference(const check::Type* a, const check::Type* b);

// Nothing when R and C take the same parameters (types, modes and extents) and give the same result;
// else the first difference, one sentence.
std::optional<std::string> signature_difference(const check::FnInfo& ref, const check::FnInfo& cand);

// Nothing when the public records, enums and sums declared in the two programs' own files match by name
// and structure; else the first difference (tools.md §3.8 `public_types_match`).
std::optional<std::string> public_types_difference(const check::Program& ref, const check::Program& cand);

}  // namespace cairn::smt
