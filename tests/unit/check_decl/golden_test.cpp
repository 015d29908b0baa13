// End-to-end declaration cases: tests/golden/check/{decl_,fail_decl_}*.cairn (a fail_ file ends with
// `// EXPECT: E-CODE LINE`, any other is accepted), and the shared conformance programs.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "front/driver/driver.h"

namespace cairn {
namespace {

namespace fs = std::filesystem;

std::string source_dir() {
  const char* env = std::getenv("CAIRN_SOURCE_DIR");
  return env ? env : CAIRN_SOURCE_DIR;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<fs::path> files(const fs::path& dir, const std::string& prefix) {
  std::vector<fs::path> out;
  if (!fs::is_directory(dir)) return out;
  for (const auto& e : fs::directory_iterator(dir)) {
    std::string n = e.path().filename().string();
    if (e.path().extension() == ".cairn" && n.rfind(prefix, 0) == 0) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string first(const driver::CheckRun& r) {
  if (r.outcome == driver::Outcome::Typed || !r.refusal) return "ok";
  return std::string(code_name(r.refusal->first.code)) + " " + std::to_string(r.refusal->first.line);
}

std::string expected(const fs::path& p) {
  std::smatch m;
  std::string text = slurp(p);
  static const std::regex re("// EXPECT: (E-[A-Z0-9-]+) ([0-9]+)");
  if (std::regex_search(text, m, re)) return m[1].str() + " " + m[2].str();
  return "ok";
}

TEST(DeclGolden, Files) {
  fs::path dir = fs::path(source_dir()) / "tests/golden/check";
  size_t n = 0;
  for (const char* prefix : {"decl_", "fail_decl_"}) {
    for (const fs::path& p : files(dir, prefix)) {
      ++n;
      std::string want = expected(p);
      bool fail_name = p.filename().string().rfind("fail_", 0) == 0;
      EXPECT_EQ(fail_name, want != "ok") << p.filename() << ": fail_ prefix exactly when an error is expected";
      driver::CheckRun r = driver::run(p.string());
      EXPECT_EQ(first(r), want) << p.filename() << ": " << (r.refusal ? r.refusal->first.message : "");
    }
  }
  EXPECT_GT(n, 50u);
}

// The conformance suite: every refusal at its code and line, every program accepted.
TEST(DeclGolden, Conformance) {
  fs::path shared = fs::path(source_dir()) / "../shared/conformance";
  if (!fs::is_directory(shared)) GTEST_SKIP() << "no shared conformance suite";
  static const std::regex code_re("\"code\"\\s*:\\s*\"(E-[A-Z0-9-]+)\"");
  static const std::regex line_re("\"line\"\\s*:\\s*([0-9]+)");
  for (const fs::path& p : files(shared / "refuse", "")) {
    fs::path exp = p;
    exp.replace_extension(".expected");
    std::string text = slurp(exp);
    std::smatch c, l;
    ASSERT_TRUE(std::regex_search(text, c, code_re) && std::regex_search(text, l, line_re)) << exp;
    driver::CheckRun r = driver::run(p.string());
    EXPECT_EQ(first(r), c[1].str() + " " + l[1].str()) << p.filename();
  }
  for (const char* sub : {"run", "tests"})
    for (const fs::path& p : files(shared / sub, "")) {
      driver::CheckRun r = driver::run(p.string());
      EXPECT_EQ(first(r), "ok") << p.filename() << ": " << (r.refusal ? r.refusal->first.message : "");
    }
}

}  // namespace
}  // namespace cairn
