// The lexer and parser entries, and the phase dumps of tokens and syntax trees.
#pragma once
#include <string>

#include "front/diag/diagnostic.h"
#include "front/source/source.h"
#include "front/syntax/ast.h"

namespace cairn {

// Lexes and parses one file of `sources`. The first refusal of lexing (E-LEX, Phase::Lex) or parsing (E-PARSE,
// E-NAME, E-DEPTH, E-DECLARATION, E-UNSUPPORTED for Stage 2 syntax; Phase::Parse) goes to `sink` and ends the
// file; the items before it are returned. Two later-phase rules found on the way are reported with their own
// phase and do not stop the parse (§0.4): E-EXPRESSION-BODY (Phase::Declarations) and an integer literal above
// 2^64 - 1, E-LITERAL-RANGE (Phase::Declarations, or Phase::Bodies inside a function or test body).
ast::File parse_file(const SourceSet& sources, uint32_t file_id, ast::Arena& arena, DiagSink& sink);

// Deterministic dumps for `cairn emit --dump=tokens|ast` and the golden tests.
std::string dump_tokens(const SourceSet& sources, uint32_t file_id, DiagSink& sink);
std::string dump_ast(const SourceSet& sources, const ast::File& file);
// The same, followed by every diagnostic of `sink` (in order) as `error[E-CODE] LINE:COL message`.
std::string dump_ast(const SourceSet& sources, const ast::File& file, const DiagSink& sink);
// The diagnostics of `sink`, ordered, one `error[E-CODE] LINE:COL message` line each.
std::string dump_diagnostics(const DiagSink& sink);

}  // namespace cairn
