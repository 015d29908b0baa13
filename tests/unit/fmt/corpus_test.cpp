// The formatter over every .cairn file of the repository and every conformance program: token and comment
// safety, idempotence, and indifference to whitespace (tools.md §2.3). Files the parser refuses are left alone
// by the command; here they are also formatted without the parse requirement, so the safety net holds on them.
#include <gtest/gtest.h>

#include "corpus.h"
#include "front/fmt/format.h"

namespace cairn::testing {
namespace {

namespace fs = std::filesystem;

constexpr uint32_t kSeeds = 3;  // perturbed copies per file

std::string first_difference(const std::string& a, const std::string& b) {
  size_t i = 0, line = 1;
  while (i < a.size() && i < b.size() && a[i] == b[i]) line += a[i++] == '\n';
  auto around = [&](const std::string& s) {
    size_t from = s.rfind('\n', i == 0 ? 0 : i - 1);
    from = from == std::string::npos ? 0 : from + 1;
    return s.substr(from, s.find('\n', i) - from);
  };
  return "line " + std::to_string(line) + ":\n  [" + around(a) + "]\n  [" + around(b) + "]";
}

// The checks on one text, with or without the parse requirement: safety, idempotence, the same result after a
// whitespace perturbation, and safety and idempotence after a layout perturbation (comments moved to line ends,
// lines joined and split). Returns false when the text was left alone.
bool check_text(const fs::path& file, const std::string& text, const fmt::FormatOptions& opts) {
  fmt::FormatResult once = fmt::format_source(text, opts);
  if (!once.ok) {
    EXPECT_TRUE(once.kind == fmt::NotFormatted::DoesNotLex || once.kind == fmt::NotFormatted::DoesNotParse)
        << file << ": left alone for a safety failure: " << once.reason;
    EXPECT_FALSE(once.reason.empty()) << file;
    return false;
  }
  fmt::FormatResult twice = fmt::format_source(once.text, opts);
  EXPECT_TRUE(twice.ok) << file << ": the formatted text is left alone: " << twice.reason;
  if (twice.ok) {
    EXPECT_EQ(once.text, twice.text) << file << ": not idempotent at " << first_difference(once.text, twice.text);
  }
  for (uint32_t seed = 1; seed <= kSeeds; ++seed) {
    std::string moved = perturb_whitespace(text, seed * 7919u + static_cast<uint32_t>(text.size()));
    fmt::FormatResult again = fmt::format_source(moved, opts);
    EXPECT_TRUE(again.ok) << file << " seed " << seed << ": " << again.reason;
    if (again.ok && again.text != once.text) {
      ADD_FAILURE() << file << " seed " << seed << ": whitespace changed the result at "
                    << first_difference(once.text, again.text);
      break;
    }
  }
  for (uint32_t seed = 1; seed <= kSeeds; ++seed) {
    std::string moved = perturb_layout(text, seed * 104729u + static_cast<uint32_t>(text.size()));
    fmt::FormatResult a = fmt::format_source(moved, opts);
    EXPECT_TRUE(a.ok) << file << " layout seed " << seed << ": " << a.reason;
    if (!a.ok) break;
    fmt::FormatResult b = fmt::format_source(a.text, opts);
    EXPECT_TRUE(b.ok && b.text == a.text) << file << " layout seed " << seed << ": not idempotent at "
                                          << first_difference(a.text, b.text);
    if (!b.ok || b.text != a.text) break;
  }
  return true;
}

// The perturbation itself: it changes the text, and only its whitespace.
TEST(FmtCorpus, PerturbationMovesOnlyWhitespace) {
  std::string text = read_bytes(fs::path(CAIRN_SOURCE_DIR) / "examples" / "06_control_flow.cairn");
  auto squeeze = [](const std::string& s) {
    std::string out;
    for (char c : s)
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') out += c;
    return out;
  };
  size_t changed = 0;
  for (uint32_t seed = 1; seed <= 5; ++seed) {
    std::string moved = perturb_whitespace(text, seed);
    changed += moved != text;
    EXPECT_EQ(squeeze(moved), squeeze(text)) << "seed " << seed;
  }
  EXPECT_EQ(changed, 5u);
}

TEST(FmtCorpus, EveryRepositoryAndConformanceFile) {
  std::vector<fs::path> files = fmt_corpus();
  ASSERT_GT(files.size(), 700u) << "git ls-files found too few .cairn files";
  size_t formatted = 0, parse_refused = 0, lex_refused = 0;
  for (const fs::path& f : files) {
    std::string text = read_bytes(f);
    if (check_text(f, text, {})) {
      ++formatted;
      continue;
    }
    fmt::FormatOptions loose;
    loose.require_parse = false;
    if (check_text(f, text, loose)) ++parse_refused;
    else ++lex_refused;
  }
  std::printf("fmt corpus: %zu files: %zu formatted, %zu refused by the parser (formatted without it), %zu do not lex\n",
              files.size(), formatted, parse_refused, lex_refused);
  EXPECT_GT(formatted, files.size() / 2);
}

// Broken bracket structure (a brace, parenthesis or semicolon deleted) still lexes: formatted without the parse
// requirement, the result keeps every token and comment and is idempotent.
TEST(FmtCorpus, BrokenBracketsStaySafe) {
  std::vector<fs::path> files = fmt_corpus();
  fmt::FormatOptions loose;
  loose.require_parse = false;
  size_t tried = 0;
  for (size_t k = 0; k < files.size(); k += 3) {
    std::string text = read_bytes(files[k]);
    for (char victim : std::string("{});([")) {
      size_t at = text.find(victim, text.size() / 2);
      if (at == std::string::npos) continue;
      std::string broken = text.substr(0, at) + " " + text.substr(at + 1);
      fmt::FormatResult a = fmt::format_source(broken, loose);
      if (!a.ok && a.kind == fmt::NotFormatted::DoesNotLex) continue;  // the character was inside a literal's line
      ++tried;
      ASSERT_TRUE(a.ok) << files[k] << " without '" << victim << "' at " << at << ": " << a.reason;
      fmt::FormatResult b = fmt::format_source(a.text, loose);
      ASSERT_TRUE(b.ok && b.text == a.text) << files[k] << " without '" << victim << "': not idempotent at "
                                            << first_difference(a.text, b.text);
    }
  }
  EXPECT_GT(tried, 500u);
}

}  // namespace
}  // namespace cairn::testing
