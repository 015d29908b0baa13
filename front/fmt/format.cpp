// format_source: lex (and parse) the input, lay it out, then lex the output again and compare tokens and
// comments with the input's before handing it back (tools.md §2.3, safety).
#include "front/fmt/format.h"

#include <new>
#include <optional>

#include "front/diag/diagnostic.h"
#include "front/fmt/layout_tree.h"
#include "front/fmt/render.h"
#include "front/lex/lexer.h"
#include "front/parse/parse.h"
#include "front/syntax/ast.h"

namespace cairn::fmt {

std::string_view not_formatted_name(NotFormatted k) {
  switch (k) {
#define NOT_FORMATTED(e, name) \
  case NotFormatted::e: return name;
#include "front/fmt/not_formatted.def"
#undef NOT_FORMATTED
  }
  return "unknown";
}

namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";
constexpr int kMaxNesting = 1000;  // deeper blocks or brackets than this are not laid out (the parser stops at 100)

FormatResult refuse(NotFormatted kind, std::string reason, uint32_t line = 0, uint32_t column = 0) {
  FormatResult r;
  r.kind = kind;
  r.reason = std::move(reason);
  r.line = line;
  r.column = column;
  return r;
}

// CRLF when more lines end with CRLF than with a lone LF; LF otherwise (a tie included).
std::string_view line_end_of(std::string_view text) {
  size_t crlf = 0, lf = 0;
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') ++(i > 0 && text[i - 1] == '\r' ? crlf : lf);
  return crlf > lf ? "\r\n" : "\n";
}

std::string_view trim_comment(std::string_view s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\f' ||
                        s.back() == '\v'))
    s.remove_suffix(1);
  return s;
}

bool too_deep(const std::vector<lex::Token>& toks) {
  int depth = 0;
  for (const lex::Token& t : toks) {
    if (t.kind == lex::TokKind::LBrace || t.kind == lex::TokKind::LParen || t.kind == lex::TokKind::LBracket) ++depth;
    if (t.kind == lex::TokKind::RBrace || t.kind == lex::TokKind::RParen || t.kind == lex::TokKind::RBracket) --depth;
    if (depth > kMaxNesting) return true;
  }
  return false;
}

// The first parse refusal of the file, if any (lexing has succeeded).
std::optional<Diagnostic> parse_refusal(const SourceSet& sources) {
  ast::Arena arena;
  DiagSink sink;
  parse_file(sources, 0, arena, sink);
  for (const Diagnostic& d : sink.ordered())
    if (d.phase <= Phase::Parse) return d;
  return std::nullopt;
}

// The output lexed again against the input: same token kinds and texts, same comment texts (trailing blanks aside).
std::optional<FormatResult> safety_check(const lex::LexResult& in, const std::string& out_text) {
  SourceSet again;
  again.add("formatted", out_text);
  DiagSink sink;
  lex::LexResult out = lex::lex_file(again, 0, sink);
  if (!out.ok) return refuse(NotFormatted::TokensDiffer, "The formatted text does not lex: a formatter defect.");
  size_t n = in.tokens.size() < out.tokens.size() ? in.tokens.size() : out.tokens.size();
  for (size_t i = 0; i < n; ++i)
    if (in.tokens[i].kind != out.tokens[i].kind || in.tokens[i].text != out.tokens[i].text)
      return refuse(NotFormatted::TokensDiffer,
                    "The formatted text lexes to other tokens than the input (first at '" +
                        std::string(in.tokens[i].text) + "'): a formatter defect.",
                    in.tokens[i].line, in.tokens[i].col);
  if (in.tokens.size() != out.tokens.size())
    return refuse(NotFormatted::TokensDiffer, "The formatted text has another number of tokens: a formatter defect.");
  if (in.comments.size() != out.comments.size())
    return refuse(NotFormatted::CommentsDiffer, "The formatted text has another number of comments: a formatter defect.");
  for (size_t i = 0; i < in.comments.size(); ++i)
    if (trim_comment(in.comments[i].text) != trim_comment(out.comments[i].text))
      return refuse(NotFormatted::CommentsDiffer, "The formatted text changes a comment: a formatter defect.",
                    in.comments[i].line, in.comments[i].col);
  return std::nullopt;
}

FormatResult format_lexed(std::string_view text, const SourceSet& sources, const lex::LexResult& lexed,
                          const FormatOptions& options) {
  if (options.require_parse)
    if (std::optional<Diagnostic> d = parse_refusal(sources)) {
      FormatResult r = refuse(NotFormatted::DoesNotParse, d->message, d->pos.line, d->pos.col);
      r.code = code_name(d->code);
      return r;
    }
  std::vector<lex::Token> tokens(lexed.tokens.begin(), lexed.tokens.end() - 1);  // without Eof
  if (too_deep(tokens))
    return refuse(NotFormatted::DoesNotParse, "Blocks and brackets nest deeper than the formatter lays out.");
  Tree tree = build_tree(tokens, lexed.comments);
  std::vector<std::string> lines = render(tree, options.width);
  std::string_view eol = line_end_of(text);
  FormatResult r;
  if (text.substr(0, kBom.size()) == kBom) r.text = kBom;
  for (const std::string& l : lines) {
    r.text += l;
    r.text += eol;
  }
  if (std::optional<FormatResult> failed = safety_check(lexed, r.text)) return *failed;
  r.ok = true;
  return r;
}

}  // namespace

FormatResult format_source(std::string_view text, const FormatOptions& options) {
  try {
    SourceSet sources;
    sources.add("input", std::string(text));
    DiagSink sink;
    lex::LexResult lexed = lex::lex_file(sources, 0, sink);
    if (!lexed.ok) {
      const Diagnostic& d = sink.all().front();
      FormatResult r = refuse(NotFormatted::DoesNotLex, d.message, d.pos.line, d.pos.col);
      r.code = code_name(d.code);
      return r;
    }
    return format_lexed(text, sources, lexed, options);
  } catch (const std::bad_alloc&) {
    return refuse(NotFormatted::DoesNotParse, "The formatter ran out of memory.");
  }
}

}  // namespace cairn::fmt
