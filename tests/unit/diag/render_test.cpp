// Unit tests of the refusal record and its renderings (tools.md §1.4): human form and cairn.diagnostic/2.
#include <gtest/gtest.h>

#include "front/diag/render_cards.h"
#include "front/diag/report.h"

using namespace cairn;

namespace {

SourceSet one_file() {
  SourceSet s;
  s.add("src/main.cairn", "fn main() -> i32 {\n  let sum:u64 = 1;\n  let total:u32 = sum;\n  return 0;\n}\n");
  return s;
}

}  // namespace

TEST(RenderHuman, TheSpecExample) {
  SourceSet s = one_file();
  Diagnostic d{Code::TypeMismatch, "Expected u32, got u64.", Pos{0, 3, 19}, Phase::Bodies,
               std::string("convert explicitly, u32(sum), which traps outside u32's range.")};
  diag::Refusal r = diag::refusal_from({d}, s, 0, std::nullopt);
  std::string expected =
      "error[E-TYPE-MISMATCH]: Expected u32, got u64.\n"
      " --> src/main.cairn:3:19\n"
      "  |\n"
      "3 |   let total:u32 = sum;\n"
      "  |                   ^^^\n"
      "  = help: convert explicitly, u32(sum), which traps outside u32's range.\n"
      "  = note: the base card states this rule: cairn rules E-TYPE-MISMATCH\n"
      "\n"
      "refused: 1 refusal\n";
  EXPECT_EQ(diag::render_human(r, false), expected);
}

TEST(RenderHuman, ColourOnlyWhenAsked) {
  SourceSet s = one_file();
  Diagnostic d{Code::TypeMismatch, "Expected u32, got u64.", Pos{0, 3, 19}, Phase::Bodies, std::nullopt};
  diag::Refusal r = diag::refusal_from({d}, s, 0, std::nullopt);
  EXPECT_EQ(diag::render_human(r, false).find('\033'), std::string::npos);
  EXPECT_NE(diag::render_human(r, true).find('\033'), std::string::npos);
}

TEST(RenderHuman, ControlBytesAreNotEchoed) {
  SourceSet s;
  s.add("x.cairn", "a\x1b[31m\x07 b\n");
  Diagnostic d{Code::Lex, "A character starts no token.", Pos{0, 1, 2}, Phase::Lex, std::nullopt};
  std::string out = diag::render_human(diag::refusal_from({d}, s, 0, std::nullopt), false);
  EXPECT_EQ(out.find('\x1b'), std::string::npos);
  EXPECT_EQ(out.find('\x07'), std::string::npos);
}

namespace {

// The source line and the caret line of the human form of one refusal at `col` of the one line `line`.
std::pair<std::string, std::string> echoed(const std::string& line, uint32_t col) {
  SourceSet s;
  s.add("x.cairn", line + "\n");
  Diagnostic d{Code::Lex, "A character starts no token.", Pos{0, 1, col}, Phase::Lex, std::nullopt};
  std::string out = diag::render_human(diag::refusal_from({d}, s, 0, std::nullopt), false);
  std::vector<std::string> lines;
  for (size_t at = 0, nl; (nl = out.find('\n', at)) != std::string::npos; at = nl + 1) lines.push_back(out.substr(at, nl - at));
  EXPECT_GE(lines.size(), 5u);
  if (lines.size() < 5) return {};
  return {lines[3], lines[4]};
}

}  // namespace

TEST(RenderHuman, LongLinesAreCutAroundTheCaret) {
  std::string line = std::string(1000, 'a') + " + zz + " + std::string(1000, 'b');
  auto [src, caret] = echoed(line, 1004);  // the "zz"
  EXPECT_EQ(src, "1 | ..." + line.substr(1003 - 60, 160) + "...");
  EXPECT_EQ(caret, "  | " + std::string(3 + 60, ' ') + "^^");
  // near the start: nothing cut before, the window from the first column
  std::tie(src, caret) = echoed(line, 5);
  EXPECT_EQ(src, "1 | " + line.substr(0, 160) + "...");
  EXPECT_EQ(caret, "  | " + std::string(4, ' ') + std::string(156, '^'));  // the word, up to the cut
  // near the end: nothing cut after, the window up to the last column (and the place just past it)
  std::tie(src, caret) = echoed(line, static_cast<uint32_t>(line.size()));
  EXPECT_EQ(src, "1 | ..." + line.substr(line.size() - 160));
  EXPECT_EQ(caret, "  | " + std::string(3 + 159, ' ') + "^");
  std::tie(src, caret) = echoed(line, static_cast<uint32_t>(line.size() + 1));
  EXPECT_EQ(src, "1 | ..." + line.substr(line.size() - 159));
  EXPECT_EQ(caret, "  | " + std::string(3 + 159, ' ') + "^");
}

TEST(RenderHuman, LinesUpTo200CodePointsAreWhole) {
  std::string line(200, 'x');
  auto [src, caret] = echoed(line, 150);
  EXPECT_EQ(src, "1 | " + line);
  line += 'x';
  std::tie(src, caret) = echoed(line, 150);
  EXPECT_EQ(src, "1 | ..." + line.substr(201 - 160));
}

TEST(RenderHuman, LongLinesAreCutBetweenCodePoints) {
  std::string line;
  for (int i = 0; i < 600; ++i) line += "\xc3\xa9";  // é, two bytes each
  line += " = q;";
  for (int i = 0; i < 600; ++i) line += "\xe2\x82\xac";  // €, three bytes each
  uint32_t col = 600 * 2 + 4;                            // the "q"
  auto [src, caret] = echoed(line, col);
  ASSERT_EQ(src.substr(0, 7), "1 | ...");
  ASSERT_EQ(src.substr(src.size() - 3), "...");
  std::string shown = src.substr(7, src.size() - 10);
  size_t points = 0;
  for (unsigned char c : shown) points += (c & 0xC0) != 0x80;
  EXPECT_EQ(points, 160u);
  EXPECT_EQ(static_cast<unsigned char>(shown[0]), 0xc3u);  // starts on a lead byte
  EXPECT_EQ(shown.substr(shown.size() - 3), "\xe2\x82\xac");  // ends on a whole code point
  EXPECT_EQ(shown.find(" = q;"), 57u * 2);                   // 57 é, then " = q;" (the caret at code point 60)
  EXPECT_EQ(caret, "  | " + std::string(3 + 60, ' ') + "^");
}

TEST(RenderHuman, AHugeLineGivesASmallEcho) {
  std::string line(2'000'000, 'x');
  line[1'000'000] = '#';
  auto [src, caret] = echoed(line, 1'000'001);
  EXPECT_LE(src.size(), 200u);
  EXPECT_NE(src.find("x#x"), std::string::npos);
  EXPECT_EQ(caret, "  | " + std::string(3 + 60, ' ') + "^");
}

TEST(RenderJson, FieldsAndOrder) {
  SourceSet s = one_file();
  std::vector<Diagnostic> ds;
  ds.push_back({Code::TypeMismatch, "Expected u32, got u64.", Pos{0, 3, 19}, Phase::Bodies, std::nullopt});
  ds.push_back({Code::Unbound, "Unknown name y.", Pos{0, 4, 10}, Phase::Bodies, std::nullopt});
  ds.push_back({Code::Duplicate, "f is declared twice.", Pos{0, 2, 3}, Phase::Declarations, std::nullopt});
  diag::Refusal r = diag::refusal_from(ds, s, 2, std::nullopt);
  nlohmann::ordered_json j = diag::refusal_json(r);
  EXPECT_EQ(diag::record_text(j, false),
            "{\"protocol\":\"cairn.diagnostic/2\",\"status\":\"rejected\",\"code\":\"E-TYPE-MISMATCH\","
            "\"message\":\"Expected u32, got u64.\",\"file\":\"src/main.cairn\",\"line\":3,\"column\":19,"
            "\"card\":\"base\",\"further\":[{\"code\":\"E-DUPLICATE\",\"message\":\"f is declared twice.\","
            "\"file\":\"src/main.cairn\",\"line\":2,\"column\":3,\"card\":\"base\"},{\"code\":\"E-UNBOUND\","
            "\"message\":\"Unknown name y.\",\"file\":\"src/main.cairn\",\"line\":4,\"column\":10,\"card\":\"base\"}],"
            "\"further_omitted\":0,\"not_judged\":2}\n");
  EXPECT_EQ(j.find("repair_hint"), j.end());
  EXPECT_EQ(j.find("further_stopped"), j.end());
}

TEST(RenderJson, FurtherIsCappedAndNeverRepeatsTheFirst) {
  SourceSet s = one_file();
  std::vector<Diagnostic> ds;
  ds.push_back({Code::Unbound, "Unknown name a.", Pos{0, 1, 1}, Phase::Bodies, std::nullopt});
  ds.push_back({Code::Unbound, "Unknown name a.", Pos{0, 1, 1}, Phase::Bodies, std::nullopt});
  for (uint32_t i = 0; i < 30; ++i)
    ds.push_back({Code::Unbound, "Unknown name b.", Pos{0, 2, i + 1}, Phase::Bodies, std::nullopt});
  diag::Refusal r = diag::refusal_from(ds, s, 0, std::string("E-EFFECT-LIMIT"));
  nlohmann::ordered_json j = diag::refusal_json(r);
  EXPECT_EQ(j["further"].size(), 20u);
  EXPECT_EQ(j["further_omitted"], 10);
  EXPECT_EQ(j["further_stopped"], "E-EFFECT-LIMIT");
  EXPECT_EQ(j["further"][0]["line"], 2);
}

TEST(RenderJson, EnvironmentFailure) {
  diag::Refusal r = diag::environment_failure("The path \"/x.cairn\" is absolute.", "app/cairn.toml", 3, 12, "sources = [\"/x.cairn\"]");
  nlohmann::ordered_json j = diag::refusal_json(r);
  EXPECT_EQ(j["status"], "unknown");
  EXPECT_EQ(j["code"], "E-PROJECT-OR-ENVIRONMENT");
  EXPECT_EQ(j["card"], "modules");
  EXPECT_EQ(j["line"], 3);
  std::string human = diag::render_human(r, false);
  EXPECT_NE(human.find(" --> app/cairn.toml:3:12"), std::string::npos);
  EXPECT_EQ(human.find("refused:"), std::string::npos);
  diag::Refusal usage = diag::environment_failure("Unknown flag --x.");
  nlohmann::ordered_json u = diag::refusal_json(usage);
  EXPECT_EQ(u.find("file"), u.end());
  EXPECT_EQ(u.find("line"), u.end());
}

TEST(RenderJson, IndentedByTwoSpaces) {
  nlohmann::ordered_json j;
  j["protocol"] = "x";
  EXPECT_EQ(diag::record_text(j, true), "{\n  \"protocol\": \"x\"\n}\n");
}

TEST(Cards, EveryCodeHasACardAndItsRuleLine) {
  size_t total = 0;
  for (Card c : diag::all_cards()) {
    std::string text = diag::card_text(c);
    for (Code code : diag::card_codes(c)) {
      EXPECT_NE(text.find(std::string(code_name(code))), std::string::npos);
      ++total;
    }
  }
  EXPECT_EQ(total, static_cast<size_t>(kCodeCount));
}

TEST(Cards, SelectionByWords) {
  SourceSet s;
  s.add("a.cairn", "// match enum in a comment\nfn f(xs:ro<u8>[n], n:usize) -> u64 { let s = \"defer\"; return 0; }\n");
  std::vector<Card> cards = diag::cards_for_sources(s);
  auto has = [&](const char* name) {
    for (Card c : cards)
      if (card_name(c) == name) return true;
    return false;
  };
  EXPECT_TRUE(has("base"));
  EXPECT_TRUE(has("syntax"));
  EXPECT_TRUE(has("views"));
  EXPECT_FALSE(has("sums"));
  EXPECT_FALSE(has("memory"));
  EXPECT_FALSE(has("commands"));
}
