// Campaigns through the real engines: the example programs and the shared run conformance suite agree on every
// engine when batched into one translation unit per engine (and on qemu-aarch64, where it can run, those the
// freestanding profile accepts); a planted miscompilation (the test-only engine that
// turns checked subtraction into addition) is found, reduced to a few lines and kept, and --replay holds the kept
// case to the interpreter's expectation.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "base/atomic_file.h"
#include "fuzz/reduce/case_file.h"
#include "fuzz/run/campaign.h"
#include "../scratch_dir.h"

namespace cairn::fuzz {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> corpus() {
  std::vector<std::string> files;
  std::string root = CAIRN_SOURCE_DIR;
  for (const std::string& dir : {root + "/examples", root + "/../shared/conformance/run"}) {
    std::error_code ec;
    for (const fs::directory_entry& e : fs::directory_iterator(dir, ec))
      if (e.path().extension() == ".cairn") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<EngineId> available_natives() {
  std::vector<EngineId> v;
  for (const char* n : {"clang-O0", "clang-O2", "gcc-O0", "gcc-O2"}) {
    EngineId id = *engine_by_name(n, false);
    if (engine_unavailable_reason(id).empty()) v.push_back(id);
  }
  return v;
}

TEST(FuzzCampaign, CorpusAgreesOnEveryEngineInBatches) {
  std::vector<std::string> files = corpus();
  ASSERT_GT(files.size(), 50u);
  std::vector<EngineId> natives = available_natives();
  ASSERT_FALSE(natives.empty());
  // Only programs the checker accepts with a main are fed (examples include refusal demonstrations? none should).
  CampaignOptions o;
  o.seed = 7;
  o.count = files.size();
  o.engines = {EngineId::Interp};
  o.engines.insert(o.engines.end(), natives.begin(), natives.end());
  // The board too where it can run: the programs the freestanding profile accepts agree there as well.
  bool board = engine_unavailable_reason(EngineId::QemuAarch64).empty();
  if (board) o.engines.push_back(EngineId::QemuAarch64);
  o.jobs = 2;
  o.out_dir = (test::scratch_dir("cairn_fuzz_campaign_") / "corpus").string();
  o.reduce_s = 5;
  o.generator = [&](uint64_t, uint64_t i) {
    Generated g;
    read_file(files[i], g.text);
    return g;
  };
  CampaignResult r = run_campaign(o);
  ASSERT_FALSE(r.environment);
  EXPECT_EQ(r.record["programs"], files.size());
  for (const auto& d : r.record["disagreements"]) ADD_FAILURE() << files[d["index"].get<size_t>()] << ": " << d.dump();
  for (const auto& g : r.record["generator_defects"]) {
    // A corpus file that is not a whole program (a module of a project) is refused, which is not a disagreement.
    EXPECT_NE(g["reason"].get<std::string>().find("refused"), std::string::npos) << g.dump();
  }
  uint64_t host_runs = r.record["engine_runs"].get<uint64_t>();
  if (board) {
    uint64_t ran = r.record["engine_programs"]["qemu-aarch64"], skipped = r.record["engine_skipped"]["qemu-aarch64"];
    EXPECT_GT(ran, 30u) << "most conformance programs are inside the profile";
    EXPECT_GT(skipped, 0u) << "the owner examples are outside it";
    EXPECT_EQ(ran + skipped, r.record["engine_programs"]["interp"].get<uint64_t>());
    host_runs -= ran;
    std::printf("qemu-aarch64 ran %llu corpus programs and skipped %llu outside the profile\n",
                static_cast<unsigned long long>(ran), static_cast<unsigned long long>(skipped));
  }
  EXPECT_EQ(host_runs % (o.engines.size() - (board ? 1 : 0)), 0u);
}

// A program of several functions, loops and a record, whose output depends on one subtraction.
const char* kPlanted = R"(// planted: the test-only engine adds where it should subtract.
struct Acc { total:i64; count:i64; }

fn bump(a:rw<Acc>, by:i64) {
  a.total += by;
  a.count += 1;
}

fn scale(x:i64, k:i64) -> i64 {
  let mut r:i64 = 0;
  for i in 0..4 {
    r += x * k + i64(i);
  }
  return r;
}

fn mix(x:i64) -> i64 = x * 3 + 7;

fn main() -> i32 {
  let mut acc = Acc(0, 0);
  for i in 0..10 {
    bump(acc, scale(i64(i), 2));
  }
  println(acc.total, " ", acc.count);
  let d:i64 = mix(acc.total) - 5;
  println(d);
  if d > 100 {
    println(mix(2));
  }
  return 0;
}
)";

const char* kPlain = "fn main() -> i32 {\n  println(1 + 2);\n  return 0;\n}\n";

// A campaign of `count` programs on the interpreter and `engine`: program `odd` is `odd_text`, every other kPlain.
CampaignOptions one_odd_program(uint64_t seed, uint64_t count, EngineId engine, const std::string& out_dir, uint64_t odd,
                                const std::string& odd_text) {
  CampaignOptions o;
  o.seed = seed;
  o.count = count;
  o.engines = {EngineId::Interp, engine};
  o.jobs = 2;
  o.out_dir = out_dir;
  o.generator = [odd, odd_text](uint64_t, uint64_t i) {
    Generated g;
    g.text = i == odd ? odd_text : kPlain;
    return g;
  };
  return o;
}

TEST(FuzzCampaign, PlantedMiscompilationIsFoundReducedAndKept) {
  fs::path out = test::scratch_dir("cairn_fuzz_campaign_") / "planted";
  CampaignOptions o = one_odd_program(42, 2, EngineId::TestMiscompileSub, out.string(), 1, kPlanted);
  o.reduce_s = 100;
  CampaignResult r = run_campaign(o);
  ASSERT_FALSE(r.environment);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.record["status"], "disagreed");
  ASSERT_EQ(r.record["disagreements"].size(), 1u) << r.record.dump();
  const auto& d = r.record["disagreements"][0];
  EXPECT_EQ(d["index"], 1);
  EXPECT_EQ(d["kind"], "stdout");
  EXPECT_EQ(d["engine"], "test-miscompile-sub");
  EXPECT_TRUE(d["reduced"]["minimal"].get<bool>()) << d.dump();
  std::string kept;
  ASSERT_TRUE(read_file(d["file"].get<std::string>(), kept));
  CaseHeader h;
  std::string error;
  ASSERT_TRUE(parse_case(kept, h, error)) << error;
  EXPECT_EQ(h.hash, d["id"]);
  EXPECT_EQ(h.seed, 42u);
  EXPECT_EQ(h.index, 1u);
  size_t lines = static_cast<size_t>(std::count(kept.begin(), kept.end(), '\n')) - 6;  // past the header
  EXPECT_LE(lines, 10u) << kept;
  std::printf("the kept case (reduced %s):\n%s", d["reduced"].dump().c_str(), kept.c_str());
  EXPECT_NE(kept.find('-', kept.find("// expect stdout")), std::string::npos) << "the subtraction stays:\n" << kept;

  // The kept case replays: the interpreter and a correct engine meet the header, the planted engine does not.
  ReplayOptions ro;
  ro.dir = out.string();
  ro.engines = {EngineId::Interp, available_natives().front()};
  CampaignResult ok = run_replay(ro);
  EXPECT_EQ(ok.exit_code, 0) << ok.human;
  ro.engines.push_back(EngineId::TestMiscompileSub);
  CampaignResult bad = run_replay(ro);
  EXPECT_EQ(bad.exit_code, 1) << bad.human;

  // A campaign meeting the reduced program again keeps nothing new and leaves the file as it was.
  std::string reduced = kept.substr(kept.find("\n", kept.find("// expect stdout")) + 1);
  o.generator = [&](uint64_t, uint64_t i) {
    Generated g;
    g.text = i == 1 ? reduced : kPlain;
    return g;
  };
  CampaignResult again = run_campaign(o);
  ASSERT_EQ(again.record["disagreements"].size(), 1u);
  EXPECT_EQ(again.record["disagreements"][0]["duplicate_of"], d["id"]);
  std::string after;
  ASSERT_TRUE(read_file(d["file"].get<std::string>(), after));
  EXPECT_EQ(after, kept);
}

// With two batches in flight, a reduction runs while the next batch builds and runs in the same directory; the
// other programs still agree and only the planted one is kept. (Whether the two ever reached the same file name
// before they were named apart depends on timing: this test did not catch that on its own.)
TEST(FuzzCampaign, AReductionBesideTheNextBatchLeavesItsResultsAlone) {
  CampaignOptions o = one_odd_program(8, 4, EngineId::TestMiscompileSub,
                                      (test::scratch_dir("cairn_fuzz_campaign_") / "beside").string(), 0, kPlanted);
  o.batch = 1;
  o.reduce_s = 60;
  CampaignResult r = run_campaign(o);
  EXPECT_EQ(r.record["programs"], 4);
  ASSERT_EQ(r.record["disagreements"].size(), 1u) << r.record.dump();
  EXPECT_EQ(r.record["disagreements"][0]["index"], 0);
  EXPECT_EQ(r.record["engine_runs"], 8);
}

TEST(FuzzCampaign, OneRefusedProgramOfABatchIsABuildFailureAndHidesNoOther) {
  CampaignOptions o = one_odd_program(
      5, 3, EngineId::TestRefuseDiv, (test::scratch_dir("cairn_fuzz_campaign_") / "refused").string(), 2,
      "fn half(a:i32, b:i32) -> i32 = a / b;\nfn main() -> i32 {\n  println(half(9, 2));\n  return 0;\n}\n");
  o.reduce_s = 30;
  CampaignResult r = run_campaign(o);
  ASSERT_EQ(r.record["disagreements"].size(), 1u) << r.record.dump();
  const auto& d = r.record["disagreements"][0];
  EXPECT_EQ(d["index"], 2);
  EXPECT_EQ(d["kind"], "build-failed");
  EXPECT_EQ(d["engines"]["test-refuse-div"]["end"], "build-failed");
  EXPECT_EQ(r.record["engine_runs"], 6) << "the two other programs of the batch still ran";
}

TEST(FuzzCampaign, RefusedOrEndlessProgramsAreGeneratorDefectsKeptApart) {
  fs::path out = test::scratch_dir("cairn_fuzz_campaign_") / "defects";
  CampaignOptions o;
  o.seed = 9;
  o.count = 3;
  o.engines = {EngineId::Interp, available_natives().front()};
  o.jobs = 2;
  o.out_dir = out.string();
  o.limits.timeout_s = 2;  // the endless program's interpreter child is stopped at the limit
  o.generator = [](uint64_t, uint64_t i) {
    Generated g;
    if (i == 0) g.text = "fn main() -> i32 {\n  let x:u8 = 300;\n  return 0;\n}\n";
    else if (i == 1) g.text = "fn main() -> i32 {\n  let mut n:u64 = 0;\n  while true {\n    n = add_wrap(n, 1);\n  }\n  return 0;\n}\n";
    else g.text = kPlain;
    return g;
  };
  CampaignResult r = run_campaign(o);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.record["status"], "disagreed");
  EXPECT_EQ(r.record["disagreements"].size(), 0u);
  ASSERT_EQ(r.record["generator_defects"].size(), 2u) << r.record.dump();
  EXPECT_NE(r.record["generator_defects"][0]["reason"].get<std::string>().find("E-"), std::string::npos);
  EXPECT_NE(r.record["generator_defects"][1]["reason"].get<std::string>().find("time limit"), std::string::npos);
  EXPECT_EQ(r.record["generator_defects"][0]["file"], (out / "generator" / "seed-9-index-0.cairn").string());
  EXPECT_TRUE(fs::exists(out / "generator" / "seed-9-index-1.cairn"));
  EXPECT_EQ(r.record["engine_runs"], 2) << "the third program still ran on both engines";
}

::testing::Environment* const cleanup =
    ::testing::AddGlobalTestEnvironment(new test::ScratchCleanup("cairn_fuzz_campaign_"));

}  // namespace
}  // namespace cairn::fuzz
