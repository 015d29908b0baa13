// Property tests: any byte string and any token soup gives a tree or exactly one front-phase refusal with a
// valid position; never a crash, a hang or an escaped exception.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include "lex_parse_helpers.h"

namespace cairn::testing {
namespace {

// Checks the outcome of parsing `text`; returns an explanation of the first violation, or "".
std::string check_outcome(const std::string& text) {
  auto p = parse_text(text);
  const SourceFile& f = p->sources.file(p->id);
  int front = 0;
  for (const Diagnostic& d : p->sink.all()) {
    if (d.phase == Phase::Lex || d.phase == Phase::Parse) ++front;
    if (d.pos.file != p->id) return "diagnostic without a file position";
    if (d.pos.line < 1 || d.pos.line > f.line_starts.size()) return "line out of range: " + d.message;
    if (d.pos.col < 1 || d.pos.col > f.line_text(d.pos.line).size() + 1 + 3) return "column out of range: " + d.message;
    if (d.message.empty() || d.message.back() != '.') return "message is not a sentence: " + d.message;
  }
  if (front > 1) return "more than one lex/parse refusal";
  std::string dump = dump_ast(p->sources, p->file, p->sink);  // the dump never fails either
  (void)dump;
  return "";
}

RC_GTEST_PROP(Robustness, RandomBytes, (const std::vector<uint8_t>& bytes)) {
  std::string text(bytes.begin(), bytes.end());
  RC_ASSERT(check_outcome(text) == "");
  SourceSet s;
  DiagSink sink;
  uint32_t id = s.add("t.cairn", text);
  RC_ASSERT(sink.count() == 0u);
  dump_tokens(s, id, sink);
  RC_ASSERT(sink.count() <= 1u);
}

const std::vector<std::string>& soup_words() {
  static const std::vector<std::string> words = {
      "fn", "f", "g", "x", "xs", "n", "(", ")", "{", "}", "[", "]", ",", ";", ":", ".", "..", "=", "==", "=>", "->",
      "+", "-", "*", "/", "%", "<", ">", "<=", "&", "&&", "|", "||", "!", "~", "^", "+=", "@", "let", "mut",
      "reg", "if", "else", "while", "for", "in", "each", "match", "return", "break", "continue", "defer",
      "struct", "enum", "const", "pub", "linear", "module", "import", "as", "test", "plan", "use", "family",
      "implements", "when", "tune", "pure", "effects", "compact", "reduce", "where", "yield", "buffer", "stack",
      "zeroed", "ro", "rw", "nat", "try", "true", "false", "0", "1", "128", "0xFF", "1.5", "1e5", "'a'",
      "\"s\"", "u64", "Buf", "Array", "lends", "packed", "align", "trait", "spawn", "parallel", "scan",
      "\n", "// c\n", "18446744073709551616", "_"};
  return words;
}

RC_GTEST_PROP(Robustness, TokenSoup, ()) {
  const auto& words = soup_words();
  auto picks = *rc::gen::container<std::vector<size_t>>(rc::gen::inRange<size_t>(0, words.size()));
  std::string text;
  for (size_t k : picks) text += words[k] + " ";
  RC_ASSERT(check_outcome(text) == "");
}

// Soups that start like a function body reach the statement and expression rules more often.
RC_GTEST_PROP(Robustness, BodySoup, ()) {
  const auto& words = soup_words();
  auto picks = *rc::gen::container<std::vector<size_t>>(rc::gen::inRange<size_t>(0, words.size()));
  std::string text = "fn f(n:usize) -> u64 { let x = ";
  for (size_t k : picks) text += words[k] + " ";
  RC_ASSERT(check_outcome(text) == "");
}

// Mutations of a valid program: every prefix and every single-token deletion of it.
TEST(Robustness, PrefixesOfAValidProgram) {
  const std::string program =
      "module m;\nimport std.core (Option);\nconst N:usize = 4;\nstruct S { a:u64; b:Buf[u8][a]; lends b[0..a]; }\n"
      "enum E { A(u64); B; }\nfn f[K:nat](n:usize, xs:ro<u64>[n]) -> u64 pure {\n"
      "  let s = reduce + for i in n yield xs[i];\n  buffer t:u8[n] = zeroed;\n"
      "  match E.A(1) { A(v) => return v; B => { } }\n  for i, x in xs { if x > 0 { continue; } else { } }\n"
      "  return -1 + s;\n}\nfamily g = f[1..4];\ntest t { assert(true); }\nplan f use f2[4];\n";
  ASSERT_EQ(parse_text(program)->first(), "ok");
  for (size_t k = 0; k <= program.size(); ++k) EXPECT_EQ(check_outcome(program.substr(0, k)), "") << k;
}

}  // namespace
}  // namespace cairn::testing
