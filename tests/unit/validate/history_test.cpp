// The candidate history (validate/history.h, identity.h): lines built from validation records, appended once per
// distinct line under the lock, over-long parts dropped, and identity digests that follow what they name.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "front/driver/driver.h"
#include "validate/history.h"
#include "validate/identity.h"
#include "../scratch_dir.h"

namespace cairn::validate {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

const char* kScratch = "cairn_history_";
[[maybe_unused]] auto* const kCleanup = ::testing::AddGlobalTestEnvironment(new test::ScratchCleanup(kScratch));
fs::path scratch() { return test::scratch_dir(kScratch); }

Json passed_record() {
  return Json{{"schema", "cairn.validation/1"}, {"reference", "sum"}, {"implementation", "sum_by8"},
              {"identity", {{"source", "a"}, {"contract", "b"}, {"target", "c"}, {"compiler", "d"}, {"artifact", "e"}}},
              {"policy", {{"seed", 0}}}, {"agreement", {{"sha256", "f00"}}}, {"compiler", {{"cxx", "g++"}, {"version", "12"}}},
              {"finite", {{"status", "passed"}, {"cases", 40}, {"implementation_ran", 5}}},
              {"smt", {{"status", "smt-equivalent"}, {"where", "n % 8 == 0"}, {"replay", {{"status", "not-run"}}}}},
              {"evidence", "finite-tested"}, {"status", "passed"}};
}

std::vector<Json> lines_of(const fs::path& file) {
  std::vector<Json> out;
  std::ifstream in(file);
  for (std::string l; std::getline(in, l);) out.push_back(Json::parse(l));
  return out;
}

TEST(History, APassIsAValidationLine) {
  Json line = history_line(passed_record());
  EXPECT_EQ(line["protocol"], "cairn.history/1");
  EXPECT_EQ(line["kind"], "validation");
  EXPECT_EQ(line["function"], "sum");
  EXPECT_EQ(line["candidate"], "plan sum use sum_by8;");
  EXPECT_EQ(line["variant"], "sum_by8");
  EXPECT_EQ(line["identity"]["artifact"], "e");
  EXPECT_EQ(line["detail"]["evidence"], "finite-tested");
  EXPECT_EQ(line["detail"]["smt"]["status"], "smt-equivalent");
  EXPECT_EQ(line["detail"]["replay"], "not-run");
  EXPECT_EQ(line["detail"]["agreement_sha256"], "f00");
  EXPECT_EQ(line["detail"]["compiler_version"], "12");
  EXPECT_TRUE(line["detail"].contains("policy"));
}

TEST(History, FailuresSayTheirStageAndInputs) {
  Json r = passed_record();
  r["status"] = "failed";
  r["finite"]["failed"] = {{"inputs", {{"n", 8}}}};
  Json line = history_line(r);
  EXPECT_EQ(line["kind"], "failure");
  EXPECT_EQ(line["detail"]["stage"], "validation");
  EXPECT_EQ(line["detail"]["why"], "E-VALIDATION: failed: sum_by8 disagrees with sum");
  EXPECT_EQ(line["detail"]["inputs"]["n"], 8);
  r["status"] = "unknown";
  r["reason"] = "No case ran.";
  EXPECT_EQ(history_line(r)["detail"]["why"], "E-VALIDATION: unknown: No case ran.");
  Json rejected = {{"status", "rejected"}, {"implementation", "g"}, {"diagnostic", {{"message", "E-TYPE here"}}}};
  Json rl = history_line(rejected);
  EXPECT_EQ(rl["detail"]["stage"], "check");
  EXPECT_TRUE(rl["function"].is_null());
  EXPECT_EQ(rl["variant"], "g");
}

TEST(History, AppendedOnceAndNeverTwice) {
  fs::path dir = scratch() / "once";
  std::string id1, id2, id3, error;
  ASSERT_TRUE(append_history(dir.string(), history_line(passed_record()), id1, error)) << error;
  ASSERT_TRUE(append_history(dir.string(), history_line(passed_record()), id2, error)) << error;
  EXPECT_EQ(id1, id2);
  EXPECT_EQ(id1.size(), 16u);
  Json other = passed_record();
  other["identity"]["source"] = "changed";
  ASSERT_TRUE(append_history(dir.string(), history_line(other), id3, error)) << error;
  EXPECT_NE(id1, id3);
  std::vector<Json> lines = lines_of(dir / "records.jsonl");
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0]["id"], id1);
  EXPECT_EQ(lines[1]["id"], id3);
  EXPECT_TRUE(lines[0].contains("at"));
}

TEST(History, OverLongPartsAreDropped) {
  Json r = passed_record();
  r["status"] = "failed";
  r["finite"]["failed"] = {{"inputs", {{"xs", std::vector<uint64_t>(20000, 18446744073709551615ull)}}}};
  std::string id, error;
  fs::path dir = scratch() / "long";
  ASSERT_TRUE(append_history(dir.string(), history_line(r), id, error)) << error;
  std::vector<Json> lines = lines_of(dir / "records.jsonl");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_TRUE(lines[0]["detail"]["inputs"].is_string());
  EXPECT_LE(lines[0].dump().size(), kHistoryLineMax);
}

TEST(History, AnUnwritableDirectoryIsAnError) {
  fs::create_directories(scratch());
  std::ofstream(scratch() / "plainfile") << "x";
  std::string id, error;
  EXPECT_FALSE(append_history((scratch() / "plainfile").string(), history_line(passed_record()), id, error));
  EXPECT_NE(error.find("history"), std::string::npos) << error;
}

const check::FnInfo* find(const driver::CheckRun& run, const std::string& name) {
  for (const check::FnInfo& f : run.program->fns)
    if (f.name == name) return &f;
  return nullptr;
}

std::string digest_of(const std::string& text) {
  fs::create_directories(scratch());
  fs::path p = scratch() / "ident.cairn";
  std::ofstream(p) << text;
  driver::CheckRun run = driver::run(p.string());
  EXPECT_EQ(run.outcome, driver::Outcome::Typed) << text;
  if (!run.program) return "";
  return source_digest(run, *find(run, "f"), *find(run, "g"));
}

TEST(Identity, SourceFollowsTheFunctionsAndTheirCalleesOnly) {
  std::string base = "fn h(x:u32) -> u32 { return x; }\n// g's helper above\nfn f(x:u32) -> u32 { return h(x); }\n"
                     "fn g(x:u32) -> u32 implements f { return x; }\nfn other() -> u32 { return 1; }\n";
  std::string d = digest_of(base);
  EXPECT_EQ(d.size(), 64u);
  EXPECT_EQ(digest_of(base), d);
  std::string other_changed = base;
  other_changed.replace(other_changed.find("return 1;"), 9, "return 2;");
  EXPECT_EQ(digest_of(other_changed), d) << "a function neither calls is not part of the source";
  std::string callee_changed = base;
  callee_changed.replace(callee_changed.find("return x; }\n//"), 9, "return 0; ");
  EXPECT_NE(digest_of(callee_changed), d) << "a callee is";
  std::string comment_changed = base;
  comment_changed.replace(comment_changed.find("g's helper"), 10, "f's helper");
  EXPECT_EQ(digest_of(comment_changed), d) << "a comment trailing an item belongs to the next item";
}

TEST(Identity, ContractCompilerArtifactDigests) {
  Policy a, b;
  b.seed = 7;
  EXPECT_NE(contract_digest(a), contract_digest(b));
  EXPECT_EQ(contract_digest(a), contract_digest(a));
  EXPECT_NE(compiler_digest("cairn 1", "g++", "12"), compiler_digest("cairn 1", "g++", "13"));
  EXPECT_NE(artifact_digest("x", "y"), artifact_digest("y", "x"));
}

}  // namespace
}  // namespace cairn::validate
