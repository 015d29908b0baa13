// Golden IR dumps: tests/golden/ir/*.cairn carry their dump as `// EXPECT:` lines (CAIRN_UPDATE_GOLDEN=1 rewrites).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

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

}  // namespace
