// Golden IR dumps: tests/golden/ir/*.cairn carry their dump as `// EXPECT:` lines (CAIRN_UPDATE_GOLDEN=1 rewrites).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "front/driver/driver.h"
#include "semantics/ir.h"

namespace {

std::string source_dir() {
  if (const char* s = std::getenv("CAIRN_SOURCE_DIR")) return s;
  return CAIRN_SOURCE_DIR;
}

TEST(GoldenIr, Dumps) {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(source_dir() + "/tests/golden/ir"))
    if (e.path().extension() == ".cairn") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  ASSERT_FALSE(files.empty());
  bool update = std::getenv("CAIRN_UPDATE_GOLDEN") && std::string(std::getenv("CAIRN_UPDATE_GOLDEN")) == "1";
  for (const auto& path : files) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string text = ss.str(), program, expected;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
      if (line.rfind("// EXPECT:", 0) == 0) {
        expected += line.size() > 11 ? line.substr(11) : "";
        expected += "\n";
      } else {
        program += line + "\n";
      }
    }
    auto run = cairn::driver::run(path.string());
    ASSERT_EQ(run.outcome, cairn::driver::Outcome::Typed) << path;
    auto m = cairn::ir::build_ir(*run.program);
    EXPECT_TRUE(cairn::ir::verify_ir(m).empty()) << path;
    std::string dump = cairn::ir::dump_ir(m);
    if (update) {
      std::ofstream out(path);
      out << program;
      std::istringstream dl(dump);
      for (std::string line; std::getline(dl, line);) out << "// EXPECT: " << line << "\n";
      continue;
    }
    EXPECT_EQ(dump, expected) << path << " (CAIRN_UPDATE_GOLDEN=1 to rewrite)";
  }
}

// Every dump name of semantics/ir_kinds.def starts at least one `// EXPECT:` line of tests/golden/ir/*.cairn.
TEST(GoldenIr, CoversEveryKind) {
  // Kinds that build_ir never makes (semantics/ir_build.cpp and ir_unwind.cpp create every node built from source),
  // so no program can show them: each is listed with the reason, and must stay absent from the dumps.
  const std::set<std::string> unproducible = {
      "zero",  // Kind::Zero: never created; fresh storage, array-new and take make their zero values themselves
      "nat",   // Kind::Nat: never created; a natural or usize constant used as a value is built as `const`
  };
  std::ifstream def(source_dir() + "/semantics/ir_kinds.def");
  ASSERT_TRUE(def.good()) << "semantics/ir_kinds.def";
  std::vector<std::string> kinds;
  for (std::string line; std::getline(def, line);) {
    if (line.rfind("IR(", 0) != 0) continue;
    size_t comma = line.find(',');
    size_t open = comma == std::string::npos ? comma : line.find('"', comma);
    size_t close = open == std::string::npos ? open : line.find('"', open + 1);
    ASSERT_NE(close, std::string::npos) << "unparsed row: " << line;
    kinds.push_back(line.substr(open + 1, close - open - 1));
  }
  ASSERT_FALSE(kinds.empty());
  for (const std::string& u : unproducible)
    EXPECT_NE(std::find(kinds.begin(), kinds.end(), u), kinds.end()) << u << " is listed as unproducible, not a kind";

  std::set<std::string> seen;
  size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(source_dir() + "/tests/golden/ir")) {
    if (e.path().extension() != ".cairn") continue;
    ++files;
    std::ifstream in(e.path());
    for (std::string line; std::getline(in, line);) {
      if (line.rfind("// EXPECT:", 0) != 0) continue;
      std::string rest = line.substr(10);
      size_t b = rest.find_first_not_of(' ');
      if (b == std::string::npos) continue;
      seen.insert(rest.substr(b, rest.find(' ', b) - b));
    }
  }
  ASSERT_GT(files, 0u);
  std::string missing, listed_but_seen;
  for (const std::string& k : kinds) {
    if (unproducible.count(k)) {
      if (seen.count(k)) listed_but_seen += " " + k;
    } else if (!seen.count(k)) {
      missing += " " + k;
    }
  }
  EXPECT_TRUE(missing.empty()) << "IR kinds in no golden dump of tests/golden/ir:" << missing;
  EXPECT_TRUE(listed_but_seen.empty()) << "IR kinds listed as unproducible but dumped:" << listed_but_seen;
}

}  // namespace
