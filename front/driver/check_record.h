// The cairn.check/1 record of an accepted program: every function with its signature and effect row.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

#include "front/check/sema.h"

namespace cairn::driver {

// "fn scale(xs:ro<f64>[n], n:usize) -> f64" from the checked signature.
std::string signature_text(const check::FnInfo& fn);

// {protocol, status: "typed", functions: [{name, signature, effects}], library_functions,
//  formal_status: "not-verified"}; with `generics`, the map of generic functions (empty in the core).
nlohmann::ordered_json check_record(const check::Program& program, bool is_library, bool generics);

// How many functions the record lists (the human form's "typed: N functions").
size_t listed_function_count(const check::Program& program);

}  // namespace cairn::driver
