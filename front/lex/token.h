// Token kinds (from tokens.def), the token record, and the contextual words of §1.3.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>

namespace cairn::lex {

enum class TokKind : uint8_t {
#define TOKEN_CLASS(k, name) k,
#define TOKEN_PUNCT(k, spelling) k,
#define TOKEN_KEYWORD(k, spelling) k,
#include "front/lex/tokens.def"
#undef TOKEN_CLASS
#undef TOKEN_PUNCT
#undef TOKEN_KEYWORD
};

// Identifiers that mean something in one position only; the lexer still gives them as Ident.
enum class ContextWord : uint8_t {
#define CONTEXT_WORD(k, spelling) k,
#include "front/lex/tokens.def"
#undef CONTEXT_WORD
};

// One token: its kind, its position (1-based line, byte column) and its text, a view into the source.
struct Token {
  TokKind kind = TokKind::Eof;
  uint32_t line = 0;
  uint32_t col = 0;
  std::string_view text;
};

// A `//` comment: where it starts, its text after `//`, and whether nothing precedes it on its line.
struct Comment {
  uint32_t line = 0;
  uint32_t col = 0;
  std::string_view text;
  bool own_line = false;
};

bool is_keyword(TokKind k);
bool is_punct(TokKind k);
// "ident", "int", ... for classes; "keyword" or "punct" for the fixed spellings (the token dump).
std::string_view tok_class_name(TokKind k);
// The fixed spelling of a punctuation or keyword; the class name otherwise ("identifier" style, for messages).
std::string_view tok_spelling(TokKind k);
// The reserved word spelled `text`, if any.
std::optional<TokKind> keyword_from_text(std::string_view text);
std::string_view context_word_spelling(ContextWord w);
// Whether `t` is the identifier spelling contextual word `w`.
bool is_word(const Token& t, ContextWord w);

}  // namespace cairn::lex
