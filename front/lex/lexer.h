// The lexer entry (language.md §1): one source file to a token vector, or the file's first E-LEX.
#pragma once
#include <cstdint>
#include <vector>

#include "front/diag/diagnostic.h"
#include "front/lex/token.h"
#include "front/source/source.h"

namespace cairn::lex {

struct LexResult {
  std::vector<Token> tokens;      // always ends with one Eof token (at the error, after a refusal)
  std::vector<Comment> comments;  // every `//` comment, in order (documentation comments, formatter)
  bool ok = true;                 // false: one E-LEX was reported and `tokens` stops there
};

// Lexes file `file_id` of `sources`. Reports at most one refusal (E-LEX, Phase::Lex) and stops at it.
// A leading byte-order mark is skipped and does not count in columns.
LexResult lex_file(const SourceSet& sources, uint32_t file_id, DiagSink& sink);

}  // namespace cairn::lex
