// SMT-LIB2 text of a query: deterministic, standard, for saving a query (e.g. one two solvers disagree on).
#pragma once
#include <string>

#include "smt/backend.h"

namespace cairn::smt {

// set-logic, declarations (variables in order of first appearance, then the fresh constants of FpToBits
// as bits!!N with their defining assertions), a define-fun d!!N for each application shared by two or
// more parents, the assertions, check-sat, and get-value of the wanted terms. The same query built the
// same way gives the same bytes.
std::string smtlib_text(const Query& query);

// A symbol as SMT-LIB writes it: plain when it is a simple symbol, else |quoted|.
std::string smtlib_symbol(const std::string& name);

}  // namespace cairn::smt
