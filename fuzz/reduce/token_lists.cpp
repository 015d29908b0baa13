// Brackets and comma lists on the token stream.
#include "fuzz/reduce/token_lists.h"

namespace cairn::fuzz {

std::optional<size_t> closing_bracket(const std::vector<lex::Token>& tk, size_t open) {
  int depth = 0;
  for (size_t k = open; k < tk.size() && tk[k].kind != lex::TokKind::Eof; ++k) {
    std::string_view t = tk[k].text;
    if (t == "(" || t == "[" || t == "{") ++depth;
    if ((t == ")" || t == "]" || t == "}") && --depth == 0) return k;
  }
  return std::nullopt;
}

std::vector<TokRange> comma_list(const std::vector<lex::Token>& tk, size_t open, size_t close) {
  std::vector<TokRange> parts;
  if (close == open + 1) return parts;
  size_t from = open + 1;
  for (size_t k = open + 1; k < close; ++k) {
    std::string_view t = tk[k].text;
    if (t == "(" || t == "[" || t == "{") {
      std::optional<size_t> c = closing_bracket(tk, k);
      if (!c || *c >= close) return {};
      k = *c;
    } else if (t == ",") {
      if (k == from) return {};
      parts.push_back({from, k - 1});
      from = k + 1;
    }
  }
  if (from < close) parts.push_back({from, close - 1});
  return parts;
}

}  // namespace cairn::fuzz
