// The golden IR programs (tests/golden/ir/*.cairn, whose `// EXPECT:` dumps tests/golden/run.py ir compares): the
// verifier accepts each, and together they show every IR kind the builder makes.
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

// The IR of every golden program passes the verifier (a release build of cairn does not run it; tests/golden/run.py
// ir compares the dumps).
TEST(GoldenIr, VerifierAcceptsEveryProgram) {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(source_dir() + "/tests/golden/ir"))
    if (e.path().extension() == ".cairn") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  ASSERT_FALSE(files.empty());
  for (const auto& path : files) {
    auto run = cairn::driver::run(path.string());
    ASSERT_EQ(run.outcome, cairn::driver::Outcome::Typed) << path;
    auto m = cairn::ir::build_ir(*run.program);
    auto faults = cairn::ir::verify_ir(m);
    EXPECT_TRUE(faults.empty()) << path << ": " << (faults.empty() ? "" : faults.front());
  }
}

// Every dump name of semantics/ir_kinds.def starts at least one `// EXPECT:` line of tests/golden/ir/*.cairn.
TEST(GoldenIr, CoversEveryKind) {
  // Kinds that build_ir never makes, each with the reason, which must stay absent from the dumps (none today: a
  // kind no program can produce is removed from ir_kinds.def instead).
  const std::set<std::string> unproducible = {};
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
