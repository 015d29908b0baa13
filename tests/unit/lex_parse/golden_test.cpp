// The golden-file runner: tests/golden/{lex,parse}/*.cairn hold their expected dump as trailing
// `// EXPECT: ` lines. CAIRN_UPDATE_GOLDEN=1 rewrites those lines from the current output.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "lex_parse_helpers.h"

namespace cairn::testing {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kPrefix = "// EXPECT:";

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::string cur;
  for (char c : text) {
    if (c == '\n') {
      lines.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  if (!cur.empty()) lines.push_back(cur);
  return lines;
}

// The program part of a golden file (everything before the trailing EXPECT block) and the expected lines.
void split_golden(const std::string& text, std::string& program, std::vector<std::string>& expected) {
  std::vector<std::string> lines = split_lines(text);
  size_t k = lines.size();
  while (k > 0 && lines[k - 1].rfind(kPrefix, 0) == 0) --k;
  program.clear();
  for (size_t i = 0; i < k; ++i) program += lines[i] + "\n";
  expected.clear();
  for (size_t i = k; i < lines.size(); ++i) {
    std::string rest = lines[i].substr(kPrefix.size());
    if (!rest.empty() && rest[0] == ' ') rest.erase(0, 1);
    expected.push_back(rest);
  }
}

std::string run_dump(const std::string& phase, const std::string& text) {
  SourceSet sources;
  uint32_t id = sources.add("golden.cairn", text);
  DiagSink sink;
  if (phase == "lex") return dump_tokens(sources, id, sink);
  ast::Arena arena;
  ast::File file = parse_file(sources, id, arena, sink);
  return dump_ast(sources, file, sink);
}

std::string with_block(const std::string& program, const std::vector<std::string>& lines) {
  std::string out = program;
  for (const std::string& l : lines) out += std::string(kPrefix) + (l.empty() ? "" : " " + l) + "\n";
  return out;
}

void run_phase(const std::string& phase) {
  fs::path dir = fs::path(CAIRN_SOURCE_DIR) / "tests" / "golden" / phase;
  std::vector<fs::path> files;
  if (fs::is_directory(dir))
    for (const auto& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".cairn") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  ASSERT_FALSE(files.empty()) << "no golden files in " << dir;
  bool update = std::getenv("CAIRN_UPDATE_GOLDEN") && std::string(std::getenv("CAIRN_UPDATE_GOLDEN")) == "1";
  for (const fs::path& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str(), program;
    std::vector<std::string> expected;
    split_golden(text, program, expected);
    // The dump runs on the whole file, expectations included; a position at the end of the file moves with
    // the block, so the update iterates until the file reproduces itself.
    std::vector<std::string> actual = split_lines(run_dump(phase, text));
    if (update) {
      for (int round = 0; round < 4 && actual != expected; ++round) {
        expected = actual;
        text = with_block(program, expected);
        actual = split_lines(run_dump(phase, text));
      }
      std::ofstream(f, std::ios::binary) << text;
    }
    EXPECT_EQ(actual, expected) << f << ":\n" << with_block("", actual);
    bool refused = std::any_of(actual.begin(), actual.end(), [](const std::string& l) { return l.rfind("error[", 0) == 0; });
    bool named_fail = f.filename().string().rfind("fail_", 0) == 0;
    EXPECT_EQ(refused, named_fail) << f << ": a fail_ prefix exactly when a refusal is expected";
  }
}

TEST(Golden, Lex) { run_phase("lex"); }
TEST(Golden, Parse) { run_phase("parse"); }

}  // namespace
}  // namespace cairn::testing
