// The entries of parse.h: parse_file (lex, then parse, stopping at the first refusal) and the token dump.
#include <new>

#include "front/lex/lexer.h"
#include "front/parse/parse.h"
#include "front/parse/parser.h"

namespace cairn {

ast::File parse_file(const SourceSet& sources, uint32_t file_id, ast::Arena& arena, DiagSink& sink) {
  ast::File file;
  file.file_id = file_id;
  try {
    lex::LexResult lexed = lex::lex_file(sources, file_id, sink);
    if (!lexed.ok) return file;
    parse::Parser parser(file_id, lexed, arena, sink);
    parser.parse_program(file);
  } catch (const parse::ParseAbort&) {
    // the refusal is in the sink; the items before it are kept
  } catch (const std::bad_alloc&) {
    sink.report(Code::Internal, Pos{file_id, 1, 1}, "The parser ran out of memory.", Phase::Parse);
  }
  return file;
}

std::string dump_diagnostics(const DiagSink& sink) {
  std::string out;
  for (const Diagnostic& d : sink.ordered()) {
    out += "error[";
    out += code_name(d.code);
    out += "] " + std::to_string(d.pos.line) + ":" + std::to_string(d.pos.col) + " " + d.message + "\n";
  }
  return out;
}

std::string dump_tokens(const SourceSet& sources, uint32_t file_id, DiagSink& sink) {
  DiagSink local;
  lex::LexResult lexed = lex::lex_file(sources, file_id, local);
  std::string out;
  out.reserve(lexed.tokens.size() * 16);
  for (const lex::Token& t : lexed.tokens) {
    if (t.kind == lex::TokKind::Eof) break;
    out += std::to_string(t.line) + ":" + std::to_string(t.col) + " ";
    out += lex::tok_class_name(t.kind);
    out += " ";
    out += t.text;
    out += "\n";
  }
  out += dump_diagnostics(local);
  for (const Diagnostic& d : local.all()) sink.report(d.code, d.pos, d.message, d.phase, d.help);
  return out;
}

}  // namespace cairn
