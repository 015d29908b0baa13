// End-to-end flow cases: the golden files tests/golden/check/{flow_,fail_flow_}*.cairn and the shared
// conformance programs whose codes belong to the flow checks.
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

// "E-CODE LINE" of the first refusal, or "ok".
std::string first(const driver::CheckRun& r) {
  if (r.outcome == driver::Outcome::Typed || !r.refusal) return "ok";
  return std::string(code_name(r.refusal->first.code)) + " " + std::to_string(r.refusal->first.line);
}
std::string all_refusals(const driver::CheckRun& r) {
  if (!r.refusal) return "";
  std::string s = std::string(code_name(r.refusal->first.code)) + " " + std::to_string(r.refusal->first.line) +
                  ": " + r.refusal->first.message;
  for (const auto& f : r.refusal->further)
    s += "; " + std::string(code_name(f.code)) + " " + std::to_string(f.line) + ": " + f.message;
  return s;
}

const std::set<std::string>& flow_codes() {
  static const std::set<std::string> codes = {
      "E-LOOP-CONTROL", "E-UNREACHABLE", "E-RETURN",      "E-MOVED",          "E-PARTIAL-MOVE",
      "E-MOVE-IN-LOOP", "E-MOVE-BORROW", "E-LINEAR-LEAK", "E-LINEAR-BRANCH", "E-LINEAR-STORAGE",
      "E-DEFER",        "E-LEASED",      "E-ALIAS",       "E-EFFECT-ORDER"};
  return codes;
}

TEST(FlowGolden, Files) {
  int n = 0;
  for (const fs::path& f : files_in(source_dir() + "/tests/golden/check", ".cairn")) {
    std::string name = f.filename().string();
    bool fail = name.rfind("fail_flow_", 0) == 0;
    if (!fail && name.rfind("flow_", 0) != 0) continue;
    ++n;
    driver::CheckRun r = driver::run(f.string());
    if (!fail) {
      EXPECT_EQ(first(r), "ok") << name << ": " << all_refusals(r);
      continue;
    }
    std::string text = slurp(f);
    size_t at = text.rfind("// EXPECT: ");
    ASSERT_NE(at, std::string::npos) << name;
    std::string want = text.substr(at + 11, text.find('\n', at) - at - 11);
    EXPECT_EQ(first(r), want) << name << ": " << all_refusals(r);
  }
  EXPECT_GE(n, 20);
}

TEST(FlowConformance, RefusedWithTheirCodes) {
  fs::path dir = source_dir() + "/../shared/conformance/refuse";
  int n = 0;
  for (const fs::path& f : files_in(dir, ".cairn")) {
    std::string expected = slurp(fs::path(f).replace_extension(".expected"));
    size_t c = expected.find("\"code\"");
    if (c == std::string::npos) continue;
    size_t q1 = expected.find('"', expected.find(':', c) + 1);
    std::string code = expected.substr(q1 + 1, expected.find('"', q1 + 1) - q1 - 1);
    bool mine = flow_codes().count(code) ||
                (code == "E-EFFECT-CEILING" && slurp(f).find("reduce") != std::string::npos) ||
                (code == "E-EFFECT-CEILING" && slurp(f).find("compact") != std::string::npos);
    if (!mine) continue;
    size_t l = expected.find("\"line\"");
    std::string line = std::to_string(std::stoi(expected.substr(expected.find(':', l) + 1)));
    ++n;
    driver::CheckRun r = driver::run(f.string());
    EXPECT_EQ(first(r), code + " " + line) << f.filename() << ": " << all_refusals(r);
  }
  EXPECT_GE(n, 15);
}

TEST(FlowConformance, AcceptedProgramsGetNoFlowRefusal) {
  for (const char* sub : {"run", "tests"}) {
    for (const fs::path& f : files_in(source_dir() + "/../shared/conformance/" + sub, ".cairn")) {
      driver::CheckRun r = driver::run(f.string());
      if (!r.refusal) continue;
      std::vector<diag::Located> all = {r.refusal->first};
      all.insert(all.end(), r.refusal->further.begin(), r.refusal->further.end());
      for (const auto& d : all) {
        std::string code(code_name(d.code));
        bool mine = flow_codes().count(code) || (code == "E-EFFECT-CEILING" && d.message.find("collector") != std::string::npos);
        EXPECT_FALSE(mine) << f.filename() << ": " << code << " " << d.line << ": " << d.message;
      }
    }
  }
}

}  // namespace
}  // namespace cairn
