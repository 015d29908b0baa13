// The formatter's view of a file: tokens with their spacing roles, comments, and the tree of blocks and
// statements that the layout rules talk about (internal to front/fmt).
#pragma once
#include <cstdint>
#include <vector>

#include "front/lex/lexer.h"

namespace cairn::fmt {

// How a token takes spaces: `<`/`>` of a borrow type hug their contents, a prefix operator hugs its operand,
// a binary operator (and `=`, `->`, `=>`) has one space on each side, the `(` of an import's name list
// (`import geo (Shape, area);`) has one before it.
enum class Role : uint8_t { Plain, AngleOpen, AngleClose, Unary, Binary, ListOpen };

struct Atom {
  enum class Kind : uint8_t { Token, Comment, Block } kind = Kind::Token;
  uint32_t index = 0;  // into tokens, comments or blocks
};

// One statement (or item, field, variant, match arm): tokens, the blocks it holds and the comments met on the way.
struct Stmt {
  std::vector<Atom> atoms;
};

// A line of a block: a statement, or a comment on its own line between statements.
struct Entry {
  bool is_comment = false;
  uint32_t comment = 0;
  Stmt stmt;
  uint32_t first_line = 0, last_line = 0;  // source lines (blank lines between entries are kept as one)
};

// `{ ... }`, or the whole file (open == kNone). One-line: `{` and `}` on one source line and no comment inside.
struct Block {
  static constexpr uint32_t kNone = 0xFFFFFFFFu;
  uint32_t open = kNone, close = kNone;  // token indices; close is kNone when the file ends first
  uint32_t head_comment = kNone;         // a comment on the line of `{`, right after it
  bool one_line = false;
  std::vector<Entry> entries;
  uint32_t last_line = 0;
};

struct Tree {
  const std::vector<lex::Token>* tokens = nullptr;    // without the final Eof
  const std::vector<lex::Comment>* comments = nullptr;
  std::vector<Role> roles;                            // one per token
  std::vector<Block> blocks;                          // blocks[0] is the file
};

// Builds the tree of a lexed file. `tokens` must not include the Eof token.
Tree build_tree(const std::vector<lex::Token>& tokens, const std::vector<lex::Comment>& comments);

}  // namespace cairn::fmt
