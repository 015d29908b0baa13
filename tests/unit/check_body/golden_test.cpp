// Golden files of the body checker (tests/golden/check/{body_,fail_body_}*.cairn) and the shared
// conformance suite: typing refusals with their code and line, valid programs accepted.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
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

std::vector<fs::path> files_in(const fs::path& dir, const std::string& ext) {
  std::vector<fs::path> out;
  if (!fs::is_directory(dir)) return out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ext) out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string first(const driver::CheckRun& r) {
  if (r.outcome == driver::Outcome::Typed || !r.refusal) return "ok";
  return std::string(code_name(r.refusal->first.code)) + " " + std::to_string(r.refusal->first.line);
}

std::string detail(const driver::CheckRun& r) {
  if (!r.refusal) return "";
  return std::string(code_name(r.refusal->first.code)) + " " + std::to_string(r.refusal->first.line) + ": " +
         r.refusal->first.message;
}

TEST(BodyGolden, Files) {
  int n = 0;
  for (const fs::path& f : files_in(source_dir() + "/tests/golden/check", ".cairn")) {
    std::string name = f.filename().string();
    bool fail = name.rfind("fail_body_", 0) == 0;
    if (!fail && name.rfind("body_", 0) != 0) continue;
    ++n;
    driver::CheckRun r = driver::run(f.string());
    if (!fail) {
      EXPECT_EQ(first(r), "ok") << name << ": " << detail(r);
      continue;
    }
    std::string text = slurp(f);
    size_t at = text.rfind("// EXPECT: ");
    ASSERT_NE(at, std::string::npos) << name;
    std::string want = text.substr(at + 11, text.find('\n', at) - at - 11);
    EXPECT_EQ(first(r), want) << name << ": " << detail(r);
  }
  EXPECT_GE(n, 20);
}

fs::path shared_dir() {
  const char* env = std::getenv("CAIRN_SHARED_DIR");
  return env ? fs::path(env) : fs::path(source_dir()) / ".." / "shared";
}

TEST(BodyConformance, RefusedWithCodeAndLine) {
  fs::path dir = shared_dir() / "conformance" / "refuse";
  if (!fs::is_directory(dir)) GTEST_SKIP() << "no conformance suite at " << dir;
  for (const fs::path& f : files_in(dir, ".cairn")) {
    std::string expected = slurp(fs::path(f).replace_extension(".expected"));
    size_t c = expected.find("\"code\": \"");
    size_t l = expected.find("\"line\": ");
    ASSERT_TRUE(c != std::string::npos && l != std::string::npos) << f;
    std::string code = expected.substr(c + 9, expected.find('"', c + 9) - c - 9);
    std::string line = std::to_string(std::stoul(expected.substr(l + 8)));
    driver::CheckRun r = driver::run(f.string());
    EXPECT_EQ(first(r), code + " " + line) << f.filename() << ": " << detail(r);
  }
}

TEST(BodyConformance, ValidProgramsAccepted) {
  for (const char* sub : {"run", "tests"}) {
    fs::path dir = shared_dir() / "conformance" / sub;
    if (!fs::is_directory(dir)) continue;
    for (const fs::path& f : files_in(dir, ".cairn")) {
      driver::CheckRun r = driver::run(f.string());
      EXPECT_EQ(first(r), "ok") << f.filename() << ": " << detail(r);
    }
  }
}

}  // namespace
}  // namespace cairn
