// Completion of statements (§8.10-§8.12): E-LOOP-CONTROL, E-UNREACHABLE, E-RETURN. Syntax only.
#pragma once
#include <string>

#include "front/diag/diagnostic.h"
#include "front/syntax/ast.h"

namespace cairn::check::flow {

// True when the statement always leaves (§8.12): return, break, continue; a block holding one; an if with
// an else whose branches all leave; a match whose arms all leave. Loops and try never do.
bool always_leaves(const ast::Stmt* s);

// Checks one function or test body. `needs_return`: the function has a non-void result. `prefix` goes
// before every message ("in scale[4]: " for an instance). Returns the number of refusals reported.
// E-RETURN is reported only when `report_return` is set and nothing else was refused in the body.
int check_completion(const ast::Block* body, bool needs_return, const std::string& fn_name,
                     const std::string& prefix, bool report_return, DiagSink& sink);

}  // namespace cairn::check::flow
