// The formatter phase (tools.md §2.3): one source text in, its canonical layout out, or why it was left alone.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace cairn::fmt {

enum class NotFormatted : uint8_t {
#define NOT_FORMATTED(k, name) k,
#include "front/fmt/not_formatted.def"
#undef NOT_FORMATTED
};
std::string_view not_formatted_name(NotFormatted k);  // "does-not-lex", ...

struct FormatOptions {
  // Leave alone a file the parser refuses (the command's behaviour). Off only in tests, which format every
  // file that lexes to check that token safety and idempotence hold on broken input too.
  bool require_parse = true;
  uint32_t width = 100;  // lines are wrapped at this many columns (code points)
};

struct FormatResult {
  bool ok = false;         // `text` holds the formatted source; else `kind`/`reason` say why not
  std::string text;        // the formatted source (byte-order mark and line-end style of the input kept)
  NotFormatted kind = NotFormatted::DoesNotLex;
  std::string reason;      // one sentence (the lexer's or parser's message, or the safety check's finding)
  std::string code;               // the lexer's or parser's diagnostic code (E-LEX, E-PARSE, ...), when it is theirs
  uint32_t line = 0, column = 0;  // where the reason points, when it points somewhere (1-based; 0 = nowhere)
};

// Formats one source file's text. Never throws for any input; a result with ok == false leaves the file alone.
FormatResult format_source(std::string_view text, const FormatOptions& options = {});

}  // namespace cairn::fmt
