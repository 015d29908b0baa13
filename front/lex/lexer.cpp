// The lexer (language.md §1): UTF-8 and control-character rules, longest-match tokens, literal checks.
#include "front/lex/lexer.h"

#include <string>

#include "front/lex/literal.h"

namespace cairn::lex {

namespace {

bool is_ident_start(unsigned char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_ident_char(unsigned char c) { return is_ident_start(c) || (c >= '0' && c <= '9'); }
bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
bool is_hex(unsigned char c) { return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// Length of the valid UTF-8 sequence starting at p (a byte >= 0x80), or 0 if it is not valid:
// no overlong forms, no surrogates, nothing above U+10FFFF.
size_t utf8_sequence(const unsigned char* p, const unsigned char* end) {
  unsigned char c = p[0];
  size_t n;
  unsigned char lo = 0x80, hi = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
  } else {
    return 0;
  }
  if (static_cast<size_t>(end - p) < n) return 0;
  if (p[1] < lo || p[1] > hi) return 0;
  for (size_t i = 2; i < n; ++i)
    if (p[i] < 0x80 || p[i] > 0xBF) return 0;
  return n;
}

std::string show_byte(unsigned char c) {
  static const char* kHex = "0123456789ABCDEF";
  std::string s = "0x";
  s.push_back(kHex[c >> 4]);
  s.push_back(kHex[c & 15]);
  return s;
}

class Lexer {
 public:
  Lexer(std::string_view text, LexResult& out) : out_(out) {
    p_ = reinterpret_cast<const unsigned char*>(text.data());
    end_ = p_ + text.size();
    if (text.size() >= 3 && p_[0] == 0xEF && p_[1] == 0xBB && p_[2] == 0xBF) p_ += 3;  // BOM: ignored
    line_start_ = p_;
    out_.tokens.reserve(text.size() / 3 + 16);
  }

  // Tokenizes until the end or the first refusal. Returns false on a refusal (error_ set).
  bool run() {
    while (p_ < end_) {
      if (!step()) return false;
    }
    return true;
  }

  uint32_t line() const { return line_; }
  uint32_t col_of(const unsigned char* at) const { return static_cast<uint32_t>(at - line_start_) + 1; }
  uint32_t error_line = 0, error_col = 0;
  std::string error_message;

 private:
  LexResult& out_;
  const unsigned char* p_;
  const unsigned char* end_;
  const unsigned char* line_start_;
  uint32_t line_ = 1;
  bool line_has_token_ = false;

  unsigned char at(size_t k) const { return p_ + k < end_ ? p_[k] : 0; }

  bool fail(const unsigned char* where, std::string message) {
    error_line = line_;
    error_col = col_of(where);
    error_message = std::move(message);
    return false;
  }

  void emit(TokKind k, const unsigned char* start) {
    Token t;
    t.kind = k;
    t.line = line_;
    t.col = col_of(start);
    t.text = std::string_view(reinterpret_cast<const char*>(start), static_cast<size_t>(p_ - start));
    out_.tokens.push_back(t);
    line_has_token_ = true;
  }

  bool punct(TokKind k, size_t len) {
    const unsigned char* s = p_;
    p_ += len;
    emit(k, s);
    return true;
  }

  // A character that starts no token: control characters, invalid UTF-8, anything else.
  bool unexpected() {
    unsigned char c = *p_;
    if (c < 0x20 || c == 0x7F) return fail(p_, "Unexpected control character " + show_byte(c) + ".");
    if (c >= 0x80) {
      size_t n = utf8_sequence(p_, end_);
      if (n == 0) return fail(p_, "Invalid UTF-8 (byte " + show_byte(c) + ").");
      return fail(p_, "Unexpected character '" + std::string(reinterpret_cast<const char*>(p_), n) + "'.");
    }
    return fail(p_, std::string("Unexpected character '") + static_cast<char>(c) + "'.");
  }

  bool step() {
    unsigned char c = *p_;
    switch (c) {
      case ' ': case '\t': case '\r': ++p_; return true;
      case '\n':
        ++p_;
        ++line_;
        line_start_ = p_;
        line_has_token_ = false;
        return true;
      case '"': return string_literal();
      case '\'': return char_literal();
      case '/':
        if (at(1) == '/') return comment();
        return at(1) == '=' ? punct(TokKind::SlashEq, 2) : punct(TokKind::Slash, 1);
      case '$':
        if (is_ident_start(at(1))) {
          const unsigned char* s = p_++;
          while (p_ < end_ && is_ident_char(*p_)) ++p_;
          emit(TokKind::Splice, s);
          return true;
        }
        return unexpected();
      case '=':
        if (at(1) == '>') return punct(TokKind::FatArrow, 2);
        return at(1) == '=' ? punct(TokKind::EqEq, 2) : punct(TokKind::Assign, 1);
      case '-':
        if (at(1) == '>') return punct(TokKind::Arrow, 2);
        return at(1) == '=' ? punct(TokKind::MinusEq, 2) : punct(TokKind::Minus, 1);
      case '.': return at(1) == '.' ? punct(TokKind::DotDot, 2) : punct(TokKind::Dot, 1);
      case '!': return at(1) == '=' ? punct(TokKind::NotEq, 2) : punct(TokKind::Bang, 1);
      case '<': return at(1) == '=' ? punct(TokKind::LessEq, 2) : punct(TokKind::Less, 1);
      case '>': return at(1) == '=' ? punct(TokKind::GreaterEq, 2) : punct(TokKind::Greater, 1);
      case '&':
        if (at(1) == '&') return punct(TokKind::AndAnd, 2);
        return at(1) == '=' ? punct(TokKind::AmpEq, 2) : punct(TokKind::Amp, 1);
      case '|':
        if (at(1) == '|') return punct(TokKind::OrOr, 2);
        return at(1) == '=' ? punct(TokKind::PipeEq, 2) : punct(TokKind::Pipe, 1);
      case '+': return at(1) == '=' ? punct(TokKind::PlusEq, 2) : punct(TokKind::Plus, 1);
      case '*': return at(1) == '=' ? punct(TokKind::StarEq, 2) : punct(TokKind::Star, 1);
      case '%': return at(1) == '=' ? punct(TokKind::PercentEq, 2) : punct(TokKind::Percent, 1);
      case '^': return at(1) == '=' ? punct(TokKind::CaretEq, 2) : punct(TokKind::Caret, 1);
      case '{': return punct(TokKind::LBrace, 1);
      case '}': return punct(TokKind::RBrace, 1);
      case '(': return punct(TokKind::LParen, 1);
      case ')': return punct(TokKind::RParen, 1);
      case '[': return punct(TokKind::LBracket, 1);
      case ']': return punct(TokKind::RBracket, 1);
      case ',': return punct(TokKind::Comma, 1);
      case ';': return punct(TokKind::Semi, 1);
      case ':': return punct(TokKind::Colon, 1);
      case '@': return punct(TokKind::At, 1);
      case '~': return punct(TokKind::Tilde, 1);
      default: break;
    }
    if (is_ident_start(c)) return identifier();
    if (is_digit(c)) return number();
    return unexpected();
  }

  bool identifier() {
    const unsigned char* s = p_++;
    while (p_ < end_ && is_ident_char(*p_)) ++p_;
    std::string_view text(reinterpret_cast<const char*>(s), static_cast<size_t>(p_ - s));
    auto kw = keyword_from_text(text);
    emit(kw ? *kw : TokKind::Ident, s);
    return true;
  }

  // Longest match among hex integer, float and decimal integer (§1.2): `1.` and `.5` are not floats.
  bool number() {
    const unsigned char* s = p_;
    if (*p_ == '0' && at(1) == 'x' && is_hex(at(2))) {
      p_ += 2;
      while (p_ < end_ && is_hex(*p_)) ++p_;
      emit(TokKind::Int, s);
      return true;
    }
    TokKind kind = TokKind::Int;
    while (p_ < end_ && is_digit(*p_)) ++p_;
    if (at(0) == '.' && is_digit(at(1))) {
      p_ += 1;
      while (p_ < end_ && is_digit(*p_)) ++p_;
      kind = TokKind::Float;
    }
    if (at(0) == 'e' || at(0) == 'E') {
      size_t k = 1;
      if (at(1) == '+' || at(1) == '-') k = 2;
      if (is_digit(at(k))) {
        p_ += k;
        while (p_ < end_ && is_digit(*p_)) ++p_;
        kind = TokKind::Float;
      }
    }
    emit(kind, s);
    return true;
  }

  // Comment text: any UTF-8 (control characters included) up to the line end.
  bool comment() {
    const unsigned char* s = p_;
    p_ += 2;
    while (p_ < end_ && *p_ != '\n') {
      if (*p_ < 0x80) {
        ++p_;
        continue;
      }
      size_t n = utf8_sequence(p_, end_);
      if (n == 0) return fail(p_, "Invalid UTF-8 (byte " + show_byte(*p_) + ").");
      p_ += n;
    }
    const unsigned char* e = p_;
    if (e > s + 2 && e[-1] == '\r') --e;  // a CR before LF belongs to the line end
    Comment c;
    c.line = line_;
    c.col = col_of(s);
    c.text = std::string_view(reinterpret_cast<const char*>(s + 2), static_cast<size_t>(e - s - 2));
    c.own_line = !line_has_token_;
    out_.comments.push_back(c);
    return true;
  }

  // The body of a string or char literal up to the closing `quote`; counts the bytes it denotes.
  bool literal_body(unsigned char quote, const char* what, size_t& bytes) {
    const unsigned char* open = p_++;
    bytes = 0;
    for (;;) {
      if (p_ >= end_ || *p_ == '\n' || (*p_ == '\r' && at(1) == '\n'))
        return fail(open, std::string("Unterminated ") + what + " literal.");
      unsigned char c = *p_;
      if (c == quote) {
        ++p_;
        return true;
      }
      if (c == '\\') {
        std::string_view rest(reinterpret_cast<const char*>(p_), static_cast<size_t>(end_ - p_));
        size_t n = escape_length(rest, 0);
        if (n == 0) {
          std::string shown = "\\";
          if (rest.size() > 1 && static_cast<unsigned char>(rest[1]) >= 0x20 &&
              static_cast<unsigned char>(rest[1]) < 0x7F)
            shown.push_back(rest[1]);
          return fail(p_, "Unknown escape '" + shown + "'.");
        }
        p_ += n;
        ++bytes;
        continue;
      }
      if ((c < 0x20 && c != '\t' && c != '\r') || c == 0x7F) return unexpected();
      if (c >= 0x80) {
        size_t n = utf8_sequence(p_, end_);
        if (n == 0) return fail(p_, "Invalid UTF-8 (byte " + show_byte(c) + ").");
        p_ += n;
        bytes += n;
        continue;
      }
      ++p_;
      ++bytes;
    }
  }

  bool string_literal() {
    const unsigned char* s = p_;
    size_t bytes = 0;
    if (!literal_body('"', "string", bytes)) return false;
    emit(TokKind::String, s);
    return true;
  }

  bool char_literal() {
    const unsigned char* s = p_;
    size_t bytes = 0;
    if (!literal_body('\'', "character", bytes)) return false;
    if (bytes != 1) return fail(s, "A character literal is exactly one byte.");
    emit(TokKind::Char, s);
    return true;
  }
};

// A splice token is allowed only inside a `recipe` item (Stage 2, refused by the parser as such).
// Returns the index of the first splice outside one, or tokens.size().
size_t first_stray_splice(const std::vector<Token>& tokens) {
  int depth = 0;
  bool recipe_head = false, in_recipe = false;
  for (size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    switch (t.kind) {
      case TokKind::LBrace:
        if (depth == 0 && recipe_head) in_recipe = true;
        recipe_head = false;
        ++depth;
        break;
      case TokKind::RBrace:
        if (depth > 0 && --depth == 0) in_recipe = false;
        break;
      case TokKind::Ident:
        if (depth == 0 && is_word(t, ContextWord::Recipe)) recipe_head = true;
        break;
      case TokKind::Semi:
        if (depth == 0) recipe_head = false;
        break;
      case TokKind::Splice:
        if (!in_recipe) return i;
        break;
      default: break;
    }
  }
  return tokens.size();
}

}  // namespace

LexResult lex_file(const SourceSet& sources, uint32_t file_id, DiagSink& sink) {
  LexResult out;
  const SourceFile& file = sources.file(file_id);
  Lexer lexer(file.text, out);
  bool ok = lexer.run();
  uint32_t err_line = lexer.error_line, err_col = lexer.error_col;
  std::string message = std::move(lexer.error_message);
  size_t stray = first_stray_splice(out.tokens);
  if (stray < out.tokens.size()) {
    ok = false;
    err_line = out.tokens[stray].line;
    err_col = out.tokens[stray].col;
    message = "A splice (" + std::string(out.tokens[stray].text) + ") is allowed only inside a recipe.";
    out.tokens.resize(stray);
  }
  Token eof;
  eof.kind = TokKind::Eof;
  if (ok) {
    eof.line = lexer.line();
    eof.col = lexer.col_of(reinterpret_cast<const unsigned char*>(file.text.data() + file.text.size()));
  } else {
    eof.line = err_line;
    eof.col = err_col;
    sink.report(Code::Lex, Pos{file_id, err_line, err_col}, std::move(message), Phase::Lex);
  }
  out.tokens.push_back(eof);
  out.ok = ok;
  return out;
}

}  // namespace cairn::lex
