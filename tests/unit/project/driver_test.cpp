// Unit tests of the front-end driver: outcomes, the first refusal alone for syntax, environment failures.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "front/driver/check_record.h"
#include "front/driver/driver.h"

namespace fs = std::filesystem;
using namespace cairn;

namespace {

class Driver : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string tmpl = (fs::temp_directory_path() / "cairn-driver-XXXXXX").string();
    root_ = mkdtemp(tmpl.data());
  }
  void TearDown() override { fs::remove_all(root_); }
  std::string write(const std::string& rel, const std::string& text) {
    fs::path p = fs::path(root_) / rel;
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
    return p.string();
  }
  std::string root_;
};

}  // namespace

TEST_F(Driver, MissingPathIsAnEnvironmentFailure) {
  driver::CheckRun r = driver::run(root_ + "/nothing.cairn");
  EXPECT_EQ(r.outcome, driver::Outcome::Environment);
  ASSERT_TRUE(r.refusal.has_value());
  EXPECT_EQ(r.refusal->first.code, Code::ProjectOrEnvironment);
  EXPECT_EQ(driver::exit_status(r.outcome), 2);
}

TEST_F(Driver, RefusedManifestNamesFileAndLine) {
  write("cairn.toml", "[project]\nname = \"x\"\nsources = [\"/etc/passwd.cairn\"]\n");
  driver::CheckRun r = driver::run(root_);
  ASSERT_TRUE(r.refusal.has_value());
  EXPECT_TRUE(r.refusal->environment);
  EXPECT_EQ(r.refusal->first.file, root_ + "/cairn.toml");
  EXPECT_EQ(r.refusal->first.line, 3u);
}

TEST_F(Driver, AcceptedProgramListsItsFunctions) {
  std::string f = write("ok.cairn", "fn twice(x:u64) -> u64 = x * 2;\nfn main() -> i32 {\n  return 0;\n}\n");
  driver::CheckRun r = driver::run(f);
  ASSERT_EQ(r.outcome, driver::Outcome::Typed) << (r.refusal ? r.refusal->first.message : "");
  ASSERT_NE(r.program, nullptr);
  EXPECT_EQ(driver::listed_function_count(*r.program), 2u);
  nlohmann::ordered_json j = driver::check_record(*r.program, r.options.is_library, false);
  EXPECT_EQ(j["functions"][0]["signature"], "fn twice(x:u64) -> u64");
  EXPECT_FALSE(r.options.is_library);
}

TEST_F(Driver, ProjectWithoutMainIsALibrary) {
  write("cairn.toml", "[project]\nname = \"lib\"\nsources = [\"a.cairn\"]\n");
  write("a.cairn", "pub fn one() -> u64 = 1;\n");
  driver::CheckRun r = driver::run(root_);
  ASSERT_EQ(r.outcome, driver::Outcome::Typed) << (r.refusal ? r.refusal->first.message : "");
  EXPECT_TRUE(r.options.is_library);
  nlohmann::ordered_json j = driver::check_record(*r.program, true, false);
  EXPECT_EQ(j["library_functions"].size(), 1u);
}

TEST_F(Driver, ASyntaxErrorIsReportedAlone) {
  std::string f = write("bad.cairn", "fn main() -> i32 {\n  let a:u64 = 1 << 2;\n  let b:u64 = 1 << 3;\n  return 0;\n}\n");
  driver::CheckRun r = driver::run(f);
  ASSERT_EQ(r.outcome, driver::Outcome::Rejected);
  EXPECT_EQ(r.refusal->first.code, Code::Parse);
  EXPECT_EQ(r.refusal->first.line, 2u);
  EXPECT_TRUE(r.refusal->further.empty());
}

TEST_F(Driver, ALexErrorInALaterFileComesFirst) {
  write("cairn.toml", "[project]\nname = \"two\"\nsources = [\"a.cairn\", \"b.cairn\"]\n");
  write("a.cairn", "fn main() -> i32 {\n  let a:u64 = 1 << 2;\n  return 0;\n}\n");
  write("b.cairn", "fn f() -> u64 {\n  return 1 ` 2;\n}\n");
  driver::CheckRun r = driver::run(root_);
  ASSERT_EQ(r.outcome, driver::Outcome::Rejected);
  EXPECT_EQ(r.refusal->first.code, Code::Lex);
  EXPECT_EQ(r.refusal->first.file, "b.cairn");
}

TEST_F(Driver, RandomBytesNeverEscape) {
  uint32_t state = 7;
  for (int round = 0; round < 200; ++round) {
    std::string text;
    for (int i = 0; i < 200; ++i) {
      state = state * 1103515245u + 12345u;
      text += static_cast<char>((state >> 16) & 0xFF);
    }
    std::string f = write("r.cairn", text);
    driver::CheckRun r = driver::run(f);
    if (r.refusal) {
      EXPECT_NE(r.refusal->first.code, Code::Internal) << r.refusal->first.message;
    }
  }
}
