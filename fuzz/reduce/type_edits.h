// The reducer's edits on types (tools.md §6.3 "simplify a type"): merge a scalar type into a simpler one, drop a
// record field, unwrap a one-field record, weaken a borrow. Each is a text the checker judges like any other
// candidate.
#pragma once
#include <string>
#include <vector>

#include "front/lex/token.h"

namespace cairn::fuzz {

// Appends, for `src` and its tokens, in this order:
// - per record with one field (and no field extent): the record deleted and its type replaced by the field's
//   type everywhere; `R(e)` becomes `T(e)` (a numeric T) or `(e)`, `let R(x) = v;` becomes `let x = v;`, and `.f` after
//   a name bound to an R (a parameter or `let` of the same function typed R, ro<R> or rw<R>, or initialised by `R(..)`)
//   is dropped;
// - per record with two fields or more, and field: the field deleted with the matching argument of every
//   constructor call and binder of every unpacking;
// - per borrow parameter: `rw<T>` and `ro<T>` (not views) replaced by `T`, and `rw<` by `ro<`;
// - per row of simpler_types.def whose type occurs: every occurrence replaced by the simpler type.
void type_candidates(const std::string& src, const std::vector<lex::Token>& tokens, std::vector<std::string>& out);

}  // namespace cairn::fuzz
