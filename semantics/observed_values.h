// A returned value as the interpreter flattens it (sem::ObservedLeaf, in the order semantics/embed.cpp flattens), read back as a
// record value (tools.md §1.3), as CAIRN-like text, compared as data, and searched for NaN.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "front/check/types.h"
#include "semantics/embed.h"

namespace cairn::sem {

// The value of type `t` from its leaves: records as objects, sums as {"variant", "value"} (or {"tag"}),
// arrays and Bufs as arrays. Leaves missing for the type give null (a mismatch the caller never makes).
nlohmann::ordered_json leaves_to_json(const check::Type* t, const std::vector<sem::ObservedLeaf>& leaves);
// "Pt(1, 2)", "Some(3)", "None", "[1, 2]".
std::string leaves_to_text(const check::Type* t, const std::vector<sem::ObservedLeaf>& leaves);

// A by-value argument (sem::ArgValue of a record, sum or array) flattened in the same order, so the readers above
// print inputs as they print results (payloads of variants the tag does not name read as zeros, never shown).
std::vector<sem::ObservedLeaf> arg_leaves(const check::Type* t, const sem::ArgValue& a);

// The scalar type of each leaf of a value of type `t`, in the order the leaves above are listed.
void leaf_types(const check::Type* t, std::vector<check::Scalar>& out);

// Equal as data: the same tags, and bit-equal leaves wherever the tags make them relevant.
bool leaves_agree(const std::vector<sem::ObservedLeaf>& a, const std::vector<sem::ObservedLeaf>& b);
// Some relevant float leaf (or element of a returned Buf) is a NaN.
bool leaves_have_nan(const check::Type* t, const std::vector<sem::ObservedLeaf>& leaves);

}  // namespace cairn::sem
