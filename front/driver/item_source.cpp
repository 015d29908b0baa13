// item_source: the file lexed once more, the item's tokens cut out by the positions the parser recorded.
#include "front/driver/item_source.h"

#include "front/diag/diagnostic.h"
#include "front/lex/lexer.h"

namespace cairn::driver {

namespace {
bool before(const lex::Token& t, Pos p) { return t.line < p.line || (t.line == p.line && t.col < p.col); }
bool at(const lex::Token& t, Pos p) { return t.line == p.line && t.col == p.col; }
bool opens(std::string_view s) { return s == "(" || s == "[" || s == "{"; }
bool closes(std::string_view s) { return s == ")" || s == "]" || s == "}"; }
}  // namespace

ItemSource item_source(const SourceSet& sources, const ast::Item& item) {
  ItemSource out;
  out.file_text = sources.file(item.pos.file).text;
  DiagSink sink;
  lex::LexResult lx = lex::lex_file(sources, item.pos.file, sink);
  int depth = 0;
  bool braced = false;  // a depth-0 `{` was seen (the body, or a record's fields)
  for (const lex::Token& t : lx.tokens) {
    if (t.kind == lex::TokKind::Eof) break;
    if (out.tokens.empty() && before(t, item.pos)) continue;
    const size_t i = out.tokens.size();
    out.tokens.push_back(t);
    if (item.body && at(t, item.body->lbrace)) out.body_open = i;
    if (opens(t.text)) {
      if (depth == 0 && t.text == "(" && out.params_open == ItemSource::npos && out.body_open == ItemSource::npos)
        out.params_open = i;
      if (depth == 0 && t.text == "{") braced = true;
      ++depth;
      continue;
    }
    if (closes(t.text)) {
      --depth;
      if (depth == 0 && t.text == ")" && out.params_open != ItemSource::npos && out.params_close == ItemSource::npos)
        out.params_close = i;
      if (item.body && at(t, item.body->rbrace)) {
        out.body_close = i;
        break;
      }
      if (!item.body && depth == 0 && braced && t.text == "}") break;
      continue;
    }
    if (depth == 0 && t.text == ";" && !braced) break;
  }
  return out;
}

std::string joined_tokens(const ItemSource& src, size_t from, size_t to) {
  std::string s;
  for (size_t i = from; i < to && i < src.tokens.size(); ++i) s += (s.empty() ? "" : " ") + std::string(src.tokens[i].text);
  return s;
}

}  // namespace cairn::driver
