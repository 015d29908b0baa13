// The spacing rules: `name:Type`, one space after a comma and around a binary operator, none inside
// parentheses and brackets, around `..` and `.`, in a borrow type's `<...>` or after a prefix operator.
#include "front/fmt/spacing.h"

#include <string_view>

namespace cairn::fmt {

namespace {

using lex::TokKind;

bool word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Two tokens that, written together, would lex as something else.
bool would_merge(const lex::Token& a, const lex::Token& b, const lex::Token* after_b) {
  std::string_view x = a.text, y = b.text;
  if (x.empty() || y.empty()) return false;
  char l = x.back(), r = y.front();
  if (word_char(l) && word_char(r)) return true;
  if (l == '/' && r == '/') return true;
  // `1` `.` `5` written together is the float 1.5
  if (a.kind == TokKind::Int && b.kind == TokKind::Dot && after_b && !after_b->text.empty() &&
      after_b->text[0] >= '0' && after_b->text[0] <= '9')
    return true;
  static constexpr std::string_view kPairs[] = {"=>", "->", "..", "==", "!=", "<=", ">=", "&&", "||", "+=",
                                                "-=", "*=", "/=", "%=", "&=", "|=", "^="};
  for (std::string_view p : kPairs)
    if (p[0] == l && p[1] == r) return true;
  return false;
}

// A token after which `(` or `[` attaches: a call, an index, type or natural arguments, `fn(...)`, `effects(...)`.
bool attaches_call(TokKind k, Role r) {
  switch (k) {
    case TokKind::Ident: case TokKind::Splice: case TokKind::RParen: case TokKind::RBracket: case TokKind::String:
    case TokKind::Char: case TokKind::Fn: case TokKind::Effects:
      return true;
    case TokKind::Greater: return r == Role::AngleClose;
    default: return false;
  }
}

bool spaced(const Tree& t, uint32_t ai, uint32_t bi) {
  const lex::Token& a = (*t.tokens)[ai];
  const lex::Token& b = (*t.tokens)[bi];
  Role ra = t.roles[ai], rb = t.roles[bi];
  TokKind ak = a.kind, bk = b.kind;
  if (bk == TokKind::Comma || bk == TokKind::Semi) return false;
  if (ak == TokKind::Comma || ak == TokKind::Semi) return true;
  if (ak == TokKind::LBrace || bk == TokKind::LBrace || ak == TokKind::RBrace || bk == TokKind::RBrace) return true;
  if (ak == TokKind::Dot || bk == TokKind::Dot || ak == TokKind::DotDot || bk == TokKind::DotDot) return false;
  if (ak == TokKind::Colon || bk == TokKind::Colon) return false;
  if (bk == TokKind::At) return true;
  if (ak == TokKind::At) return false;
  if (ak == TokKind::LParen || ak == TokKind::LBracket) return false;
  if (bk == TokKind::RParen || bk == TokKind::RBracket) return false;
  if (ra == Role::AngleOpen || rb == Role::AngleOpen || rb == Role::AngleClose) return false;
  if (rb == Role::ListOpen) return true;
  if (ra == Role::Unary) return false;
  if (ra == Role::Binary || rb == Role::Binary) return true;
  if (bk == TokKind::LParen || bk == TokKind::LBracket) return !attaches_call(ak, ra);
  return true;
}

}  // namespace

bool space_between(const Tree& t, uint32_t a, uint32_t b) {
  const lex::Token* after_b = b + 1 < t.tokens->size() ? &(*t.tokens)[b + 1] : nullptr;
  return spaced(t, a, b) || would_merge((*t.tokens)[a], (*t.tokens)[b], after_b);
}

}  // namespace cairn::fmt
