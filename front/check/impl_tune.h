// tune lists of implementations with natural parameters (§17.5): well-formedness and their instances.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "front/diag/diagnostic.h"
#include "front/syntax/ast.h"

namespace cairn::check {

struct TuneCheck {
  bool ok = false;
  Pos pos;                                  // where a malformed clause is refused (E-IMPL-PARAM)
  std::string message;
  std::vector<std::vector<uint64_t>> lists;  // one list of values per natural parameter, in order
};

// Judges the tune clause of a function item (with or without natural parameters). A function without
// natural parameters and without tune is ok, with empty lists.
TuneCheck check_tune(const ast::Item& fn);

// Every combination of the lists, first natural first, values in increasing order.
std::vector<std::vector<uint64_t>> tune_combinations(const TuneCheck& t);

// Whether `values` is one of the combinations.
bool in_tune(const TuneCheck& t, const std::vector<uint64_t>& values);

}  // namespace cairn::check
