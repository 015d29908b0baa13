// Token kind names and the reserved-word lookup table.
#include "front/lex/token.h"

#include <array>

namespace cairn::lex {

namespace {

struct KindInfo {
  std::string_view spelling;
  std::string_view klass;
};

constexpr KindInfo kKinds[] = {
#define TOKEN_CLASS(k, name) {name, name},
#define TOKEN_PUNCT(k, spelling) {spelling, "punct"},
#define TOKEN_KEYWORD(k, spelling) {spelling, "keyword"},
#include "front/lex/tokens.def"
#undef TOKEN_CLASS
#undef TOKEN_PUNCT
#undef TOKEN_KEYWORD
};

constexpr std::string_view kContextWords[] = {
#define CONTEXT_WORD(k, spelling) spelling,
#include "front/lex/tokens.def"
#undef CONTEXT_WORD
};

// Open-addressing table of the reserved words, keyed by a cheap hash of length and end characters.
constexpr size_t kTableSize = 256;

size_t word_hash(std::string_view s) {
  size_t h = s.size() * 31u + static_cast<unsigned char>(s.front()) * 7u +
             static_cast<unsigned char>(s.back()) * 13u + static_cast<unsigned char>(s[s.size() / 2]);
  return h & (kTableSize - 1);
}

struct KeywordTable {
  std::array<int16_t, kTableSize> slot;
  KeywordTable() {
    slot.fill(-1);
    for (size_t k = 0; k < std::size(kKinds); ++k) {
      if (kKinds[k].klass != "keyword") continue;
      size_t h = word_hash(kKinds[k].spelling);
      while (slot[h] >= 0) h = (h + 1) & (kTableSize - 1);
      slot[h] = static_cast<int16_t>(k);
    }
  }
};

const KeywordTable& keyword_table() {
  static const KeywordTable table;
  return table;
}

}  // namespace

bool is_keyword(TokKind k) { return kKinds[static_cast<size_t>(k)].klass == "keyword"; }
bool is_punct(TokKind k) { return kKinds[static_cast<size_t>(k)].klass == "punct"; }
std::string_view tok_class_name(TokKind k) { return kKinds[static_cast<size_t>(k)].klass; }
std::string_view tok_spelling(TokKind k) { return kKinds[static_cast<size_t>(k)].spelling; }

std::optional<TokKind> keyword_from_text(std::string_view text) {
  if (text.size() < 2 || text.size() > 8) return std::nullopt;  // reserved words are 2..8 bytes long
  const KeywordTable& t = keyword_table();
  size_t h = word_hash(text);
  while (t.slot[h] >= 0) {
    if (kKinds[static_cast<size_t>(t.slot[h])].spelling == text) return static_cast<TokKind>(t.slot[h]);
    h = (h + 1) & (kTableSize - 1);
  }
  return std::nullopt;
}

std::string_view context_word_spelling(ContextWord w) { return kContextWords[static_cast<size_t>(w)]; }

bool is_word(const Token& t, ContextWord w) {
  return t.kind == TokKind::Ident && t.text == kContextWords[static_cast<size_t>(w)];
}

}  // namespace cairn::lex
