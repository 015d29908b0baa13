// An item's source as written, found from the syntax tree's positions: the tokens from the item's first token
// to its end (the body's `}`; for an item without a body, the `}` closing its first depth-0 `{` or else its
// depth-0 `;`), with the indexes of its parameter list and body. The tools that copy or compare an item as
// written (validate's copies, its smt part, diff's template comparison) all read it here.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "front/lex/token.h"
#include "front/source/source.h"
#include "front/syntax/ast.h"

namespace cairn::driver {

struct ItemSource {
  static constexpr size_t npos = static_cast<size_t>(-1);
  std::string_view file_text;       // the whole file the item is in
  std::vector<lex::Token> tokens;   // the item's tokens, in order
  size_t params_open = npos;        // index of the parameter list's `(` (the first at depth 0), its `)`
  size_t params_close = npos;
  size_t body_open = npos;          // index of the body's `{` and `}` (a function's or test's body)
  size_t body_close = npos;
  // The byte offset in the file of token i's first byte, and one past token i's last byte.
  size_t begin_of(size_t i) const { return static_cast<size_t>(tokens[i].text.data() - file_text.data()); }
  size_t end_of(size_t i) const { return begin_of(i) + tokens[i].text.size(); }
};

// The source of `item`, a declaration of a file of `sources` (empty tokens when the file does not lex).
ItemSource item_source(const SourceSet& sources, const ast::Item& item);

// Tokens [from, to) of `src` joined by single spaces: the item as written, its layout left out.
std::string joined_tokens(const ItemSource& src, size_t from, size_t to);

}  // namespace cairn::driver
