// The reducer's edits on functions and calls (tools.md §6.3): inline a call, delete a parameter, replace a call by
// one of its arguments. Each is a text the checker judges like any other candidate.
#pragma once
#include <string>
#include <vector>

#include "front/lex/token.h"

namespace cairn::fuzz {

// Appends, for `src` and its tokens:
// - per function whose body is one expression (`fn f(..) -> T = E;` or `{ return E; }`) and that is called: every
//   call replaced by `(E)` with each parameter replaced by `(its argument)`, and the function deleted;
// - per function and parameter: the parameter deleted with the matching argument of every call;
// - per call (of a function or a builtin) and argument: the call replaced by that argument.
void call_candidates(const std::string& src, const std::vector<lex::Token>& tokens, std::vector<std::string>& out);

}  // namespace cairn::fuzz
