// The lexer and parser entries, and the phase dumps of tokens and syntax trees.
#pragma once
#include <string>

#include "front/diag/diagnostic.h"
#include "front/source/source.h"
#include "front/syntax/ast.h"

namespace cairn {

// Lexes and parses one file of `sources`. Refusals (E-LEX, E-PARSE, E-NAME, E-DEPTH, E-DECLARATION,
// E-UNSUPPORTED for Stage 2 syntax, E-EXPRESSION-BODY...) go to `sink` with Phase::Lex or Phase::Parse.
ast::File parse_file(const SourceSet& sources, uint32_t file_id, ast::Arena& arena, DiagSink& sink);

// Deterministic dumps for `cairn emit --dump=tokens|ast` and the golden tests.
std::string dump_tokens(const SourceSet& sources, uint32_t file_id, DiagSink& sink);
std::string dump_ast(const SourceSet& sources, const ast::File& file);
// The same, followed by every diagnostic of `sink` (in order) as `error[E-CODE] LINE:COL message`.
std::string dump_ast(const SourceSet& sources, const ast::File& file, const DiagSink& sink);
// The diagnostics of `sink`, ordered, one `error[E-CODE] LINE:COL message` line each.
std::string dump_diagnostics(const DiagSink& sink);

}  // namespace cairn
