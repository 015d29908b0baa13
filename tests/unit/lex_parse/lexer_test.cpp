// Lexer tests: token classes, longest match and the edge cases of language.md §1.1–1.4.
#include <gtest/gtest.h>

#include "front/lex/literal.h"
#include "lex_parse_helpers.h"

namespace cairn::testing {
namespace {

TEST(Lexer, RangeAfterInteger) { EXPECT_EQ(lex_text("0..n")->kinds(), "int:0 punct:.. ident:n"); }
TEST(Lexer, SuffixIsAnIdentifier) { EXPECT_EQ(lex_text("10u32")->kinds(), "int:10 ident:u32"); }
TEST(Lexer, UnderscoreSplitsNumber) { EXPECT_EQ(lex_text("1_000")->kinds(), "int:1 ident:_000"); }
TEST(Lexer, NoBinaryLiterals) { EXPECT_EQ(lex_text("0b101")->kinds(), "int:0 ident:b101"); }
TEST(Lexer, TrailingPointIsNotFloat) { EXPECT_EQ(lex_text("1.")->kinds(), "int:1 punct:."); }
TEST(Lexer, LeadingPointIsNotFloat) { EXPECT_EQ(lex_text(".5")->kinds(), "punct:. int:5"); }
TEST(Lexer, ExponentFloat) { EXPECT_EQ(lex_text("1e5 2.5e-3 7E+2")->kinds(), "float:1e5 float:2.5e-3 float:7E+2"); }
TEST(Lexer, ExponentNeedsDigits) { EXPECT_EQ(lex_text("1e 1e+")->kinds(), "int:1 ident:e int:1 ident:e punct:+"); }
TEST(Lexer, FloatThenField) { EXPECT_EQ(lex_text("1.5.x")->kinds(), "float:1.5 punct:. ident:x"); }
TEST(Lexer, HexLowerXOnly) {
  EXPECT_EQ(lex_text("0xFF 0XFF 0x")->kinds(), "int:0xFF int:0 ident:XFF int:0 ident:x");
}
TEST(Lexer, LeadingZeros) { EXPECT_EQ(lex_text("007")->kinds(), "int:007"); }

TEST(Lexer, ShiftsAreTwoTokens) {
  EXPECT_EQ(lex_text("a << b >> c")->kinds(), "ident:a punct:< punct:< ident:b punct:> punct:> ident:c");
}

TEST(Lexer, TwoCharPunctuation) {
  EXPECT_EQ(lex_text("=> -> .. == != <= >= && || += -= *= /= %= &= |= ^=")->kinds(),
            "punct:=> punct:-> punct:.. punct:== punct:!= punct:<= punct:>= punct:&& punct:|| punct:+= "
            "punct:-= punct:*= punct:/= punct:%= punct:&= punct:|= punct:^=");
}

TEST(Lexer, OneCharPunctuation) {
  EXPECT_EQ(lex_text("{}()[],;:.@+-*/%< > =!&|^~")->kinds(),
            "punct:{ punct:} punct:( punct:) punct:[ punct:] punct:, punct:; punct:: punct:. punct:@ punct:+ "
            "punct:- punct:* punct:/ punct:% punct:< punct:> punct:= punct:! punct:& punct:| punct:^ punct:~");
}

TEST(Lexer, ReservedAndContextualWords) {
  EXPECT_EQ(lex_text("fn zeroed test plan _ _x")->kinds(),
            "keyword:fn keyword:zeroed ident:test ident:plan ident:_ ident:_x");
}

TEST(Lexer, EveryReservedWordIsAKeyword) {
  const char* words[] = {"as", "break", "buffer", "compact", "const", "continue", "defer", "derive", "dyn",
                         "each", "effects", "else", "enum", "extern", "false", "family", "fn", "for", "if",
                         "impl", "import", "in", "kernel", "let", "linear", "match", "module", "mut", "nat",
                         "parallel", "pub", "pure", "reduce", "reg", "return", "ro", "rw", "spawn", "stack",
                         "struct", "trait", "true", "try", "type", "unsafe", "where", "while", "yield", "zeroed"};
  for (const char* w : words) {
    auto k = lex::keyword_from_text(w);
    ASSERT_TRUE(k.has_value()) << w;
    EXPECT_EQ(lex::tok_spelling(*k), w);
  }
  EXPECT_FALSE(lex::keyword_from_text("test").has_value());
  EXPECT_FALSE(lex::keyword_from_text("len").has_value());
  EXPECT_FALSE(lex::keyword_from_text("u32").has_value());
}

TEST(Lexer, Comments) {
  auto l = lex_text("a // note é\n// own line\nb");
  EXPECT_EQ(l->kinds(), "ident:a ident:b");
  ASSERT_EQ(l->result.comments.size(), 2u);
  EXPECT_FALSE(l->result.comments[0].own_line);
  EXPECT_TRUE(l->result.comments[1].own_line);
  EXPECT_EQ(l->result.comments[1].text, " own line");
}

TEST(Lexer, ControlCharacterInCommentIsFine) { EXPECT_EQ(lex_text("// \x01 bell\nx")->first(), "ok"); }

TEST(Lexer, Positions) {
  auto l = lex_text("fn f() {\n  return 1;\n}");
  const auto& t = l->result.tokens;
  EXPECT_EQ(t[5].text, "return");
  EXPECT_EQ(t[5].line, 2u);
  EXPECT_EQ(t[5].col, 3u);
}

TEST(Lexer, CrLfLineEnds) {
  auto l = lex_text("a\r\n  b\r\n");
  ASSERT_EQ(l->first(), "ok");
  EXPECT_EQ(l->result.tokens[1].line, 2u);
  EXPECT_EQ(l->result.tokens[1].col, 3u);
}

TEST(Lexer, ByteOrderMarkSkipped) {
  auto l = lex_text("\xEF\xBB\xBF" "fn x");
  ASSERT_EQ(l->first(), "ok");
  EXPECT_EQ(l->kinds(), "keyword:fn ident:x");
  EXPECT_EQ(l->result.tokens[0].col, 1u);
}

TEST(Lexer, UnexpectedCharacters) {
  EXPECT_EQ(lex_text("let x = 1 # 2;")->first(), "E-LEX 1:11");
  EXPECT_EQ(lex_text("a?")->first(), "E-LEX 1:2");
  EXPECT_EQ(lex_text("`")->first(), "E-LEX 1:1");
  EXPECT_EQ(lex_text("a \\ b")->first(), "E-LEX 1:3");
  EXPECT_EQ(lex_text("$ x")->first(), "E-LEX 1:1");
  EXPECT_EQ(lex_text("x = é;")->first(), "E-LEX 1:5");
}

TEST(Lexer, UnexpectedCharacterMessage) {
  auto l = lex_text("x # y");
  EXPECT_EQ(l->sink.all().at(0).message, "Unexpected character '#'.");
}

TEST(Lexer, ControlCharacterRefused) {
  EXPECT_EQ(lex_text("a\x01")->first(), "E-LEX 1:2");
  EXPECT_EQ(lex_text("a\x7F")->first(), "E-LEX 1:2");
  EXPECT_EQ(lex_text("\"a\x02\"")->first(), "E-LEX 1:3");
  EXPECT_EQ(lex_text("a\tb\rc")->first(), "ok");  // tab and a lone CR are whitespace
}

TEST(Lexer, InvalidUtf8AtTheRightColumn) {
  EXPECT_EQ(lex_text("ab\n  // ok \xFF\n")->first(), "E-LEX 2:9");
  EXPECT_EQ(lex_text("\"abc\xC3\"")->first(), "E-LEX 1:5");                 // truncated sequence
  EXPECT_EQ(lex_text("x\n\xC0\xAF")->first(), "E-LEX 2:1");                  // overlong
  EXPECT_EQ(lex_text("// \xED\xA0\x80")->first(), "E-LEX 1:4");              // surrogate
  EXPECT_EQ(lex_text("// \xF4\x90\x80\x80")->first(), "E-LEX 1:4");          // above U+10FFFF
  EXPECT_EQ(lex_text("\"h\xC3\xA9llo \xF0\x9F\x98\x80\"")->first(), "ok");  // valid UTF-8 in a string
}

TEST(Lexer, StringsAndEscapes) {
  auto l = lex_text(R"("a\n\t\r\0\\\"\'\x41")");
  ASSERT_EQ(l->first(), "ok");
  std::string_view text = l->result.tokens[0].text;
  EXPECT_EQ(lex::unescape_literal(text.substr(1, text.size() - 2)), std::string("a\n\t\r\0\\\"'A", 9));
}

TEST(Lexer, UnknownEscapeRefused) {
  EXPECT_EQ(lex_text(R"(println("a\qb");)")->first(), "E-LEX 1:11");
  EXPECT_EQ(lex_text(R"("\x4")")->first(), "E-LEX 1:2");
  EXPECT_EQ(lex_text(R"("\xG1")")->first(), "E-LEX 1:2");
  EXPECT_EQ(lex_text(R"('\u')")->first(), "E-LEX 1:2");
}

TEST(Lexer, UnterminatedString) {
  EXPECT_EQ(lex_text("x = \"abc\ny\";")->first(), "E-LEX 1:5");
  EXPECT_EQ(lex_text("x = \"abc\r\n\"")->first(), "E-LEX 1:5");
  EXPECT_EQ(lex_text("\"abc")->first(), "E-LEX 1:1");
}

TEST(Lexer, CharLiterals) {
  auto l = lex_text(R"('a' '\n' '\x41' '\'' '"')");
  EXPECT_EQ(l->first(), "ok");
  EXPECT_EQ(l->result.tokens.size(), 6u);
}

TEST(Lexer, CharLiteralMustBeOneByte) {
  EXPECT_EQ(lex_text("let c = 'é';")->first(), "E-LEX 1:9");
  EXPECT_EQ(lex_text("let c = 'ab';")->first(), "E-LEX 1:9");
  EXPECT_EQ(lex_text("let c = '';")->first(), "E-LEX 1:9");
  EXPECT_EQ(lex_text("'a")->first(), "E-LEX 1:1");
  auto l = lex_text("'é'");
  EXPECT_EQ(l->sink.all().at(0).message, "A character literal is exactly one byte.");
}

TEST(Lexer, SpliceOnlyInsideRecipe) {
  EXPECT_EQ(lex_text("fn f() { $name; }")->first(), "E-LEX 1:10");
  EXPECT_EQ(lex_text("recipe columns for R { $name }")->first(), "ok");
  EXPECT_EQ(lex_text("recipe columns for R { } fn g() { $x }")->first(), "E-LEX 1:35");
}

TEST(Lexer, TokensStopAtTheRefusal) {
  auto l = lex_text("a b # c d");
  EXPECT_FALSE(l->result.ok);
  EXPECT_EQ(l->kinds(), "ident:a ident:b");
  EXPECT_EQ(l->result.tokens.back().kind, lex::TokKind::Eof);
}

TEST(Lexer, IntegerValues) {
  uint64_t v = 0;
  EXPECT_TRUE(lex::int_literal_value("18446744073709551615", v));
  EXPECT_EQ(v, UINT64_MAX);
  EXPECT_FALSE(lex::int_literal_value("18446744073709551616", v));
  EXPECT_TRUE(lex::int_literal_value("0xFFFFFFFFFFFFFFFF", v));
  EXPECT_EQ(v, UINT64_MAX);
  EXPECT_FALSE(lex::int_literal_value("0x10000000000000000", v));
  EXPECT_TRUE(lex::int_literal_value("007", v));
  EXPECT_EQ(v, 7u);
}

TEST(Lexer, TokenDump) {
  SourceSet s;
  uint32_t id = s.add("t.cairn", "fn f() # x");
  DiagSink sink;
  EXPECT_EQ(dump_tokens(s, id, sink),
            "1:1 keyword fn\n1:4 ident f\n1:5 punct (\n1:6 punct )\n"
            "error[E-LEX] 1:8 Unexpected character '#'.\n");
  EXPECT_EQ(sink.count(), 1u);
}

}  // namespace
}  // namespace cairn::testing
