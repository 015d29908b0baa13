// The qemu-aarch64 engine of cairn fuzz (tools.md §6.2): it is listed unavailable with the board's reason when
// the cross compiler or QEMU is missing; where they are installed it runs the programs the freestanding profile
// accepts (stdout, exit status and trap kind compared as for the host engines), skips the others without a
// finding and counts them, and --replay holds it to a kept case's header. The QEMU-dependent tests are skipped
// with a message when the tools are absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "base/atomic_file.h"
#include "fuzz/reduce/case_file.h"
#include "fuzz/run/campaign.h"
#include "targets/board_run.h"
#include "../scratch_dir.h"

namespace cairn::fuzz {
namespace {

namespace fs = std::filesystem;

// Why the board engine cannot run here ("" when it can).
std::string board_absent() { return targets::board_engine_unavailable("aarch64-virt"); }

std::optional<EngineId> a_native() {
  for (const char* n : {"clang-O0", "gcc-O0", "clang-O2", "gcc-O2"}) {
    EngineId id = *engine_by_name(n, false);
    if (engine_unavailable_reason(id).empty()) return id;
  }
  return std::nullopt;
}

// Inside the profile: prints only.
const char* kPrints = "fn main() -> i32 {\n  let a:i64 = 40;\n  println(a + 2, \" \", a - 50);\n  return 3;\n}\n";
// Inside the profile: a trap after some output (the UART's trap report gives the kind).
const char* kTraps = "fn main() -> i32 {\n  let a:u8 = 250;\n  let b:u8 = 6;\n  println(\"before\");\n"
                     "  let c = a + b;\n  println(\"after \", c);\n  return 0;\n}\n";
// Outside the profile: main reaches alloc and free (a Buf).
const char* kAllocates = "fn main() -> i32 {\n  let mut b = Buf[u64](3);\n  b[1] = 7;\n  println(b[1]);\n  return 0;\n}\n";

TEST(FuzzQemu, AvailabilityFollowsTheBoardTools) {
  std::string why = engine_unavailable_reason(EngineId::QemuAarch64);
  EXPECT_EQ(why.empty(), board_absent().empty()) << why;
  EngineSelection s = select_engines("", false);
  ASSERT_TRUE(s.error.empty()) << s.error;
  bool selected = std::find(s.engines.begin(), s.engines.end(), EngineId::QemuAarch64) != s.engines.end();
  EXPECT_EQ(selected, why.empty());
  EXPECT_EQ(s.unavailable.count("qemu-aarch64"), why.empty() ? 0u : 1u);
  if (!why.empty()) {
    EXPECT_NE(why.find("needs"), std::string::npos) << why;
    EXPECT_NE(why.back(), '.') << "a reason is a clause";
    EngineSelection named = select_engines("interp,qemu-aarch64", false);
    EXPECT_TRUE(named.environment) << "a named engine that is missing is an environment failure";
  }
}

TEST(FuzzQemu, CampaignRunsProfileProgramsAndSkipsTheOthers) {
  if (std::string why = board_absent(); !why.empty()) GTEST_SKIP() << "qemu-aarch64 cannot run here: " << why;
  std::optional<EngineId> native = a_native();
  if (!native) GTEST_SKIP() << "no host compiler";
  CampaignOptions o;
  o.seed = 1;
  o.count = 3;
  o.engines = {EngineId::Interp, *native, EngineId::QemuAarch64};
  o.jobs = 2;
  o.out_dir = (test::scratch_dir("cairn_fuzz_qemu_") / "campaign").string();
  o.reduce_s = 5;
  o.generator = [](uint64_t, uint64_t i) {
    Generated g;
    g.text = i == 0 ? kPrints : i == 1 ? kAllocates : kTraps;
    return g;
  };
  CampaignResult r = run_campaign(o);
  ASSERT_FALSE(r.environment);
  EXPECT_EQ(r.exit_code, 0) << r.human << r.record.dump(1);
  EXPECT_EQ(r.record["status"], "agreed");
  EXPECT_EQ(r.record["programs"], 3);
  EXPECT_EQ(r.record["engine_programs"]["qemu-aarch64"], 2) << r.record.dump(1);
  EXPECT_EQ(r.record["engine_skipped"]["qemu-aarch64"], 1) << "the Buf program is outside the profile";
  EXPECT_EQ(r.record["engine_programs"]["interp"], 3);
  EXPECT_EQ(r.record["engine_runs"], 3 + 3 + 2);
  EXPECT_FALSE(r.record["engine_skipped"].contains("interp")) << "only a board engine skips";
  EXPECT_NE(r.human.find("qemu-aarch64: 2 programs run, 1 skipped (outside the freestanding profile)"),
            std::string::npos)
      << r.human;
}

// A kept case inside the profile whose expectation the board must meet, and one outside it the board skips.
TEST(FuzzQemu, ReplayHoldsTheBoardToTheHeader) {
  if (std::string why = board_absent(); !why.empty()) GTEST_SKIP() << "qemu-aarch64 cannot run here: " << why;
  std::optional<EngineId> native = a_native();
  if (!native) GTEST_SKIP() << "no host compiler";
  fs::path dir = test::scratch_dir("cairn_fuzz_qemu_") / "replay";
  fs::create_directories(dir);
  auto header = [](const std::string& stdout_json, int exit, const std::string& trap) {
    return "// cairn-fuzz regression 0000000000000000\n// found: seed 1 index 2, kind stdout, interp vs qemu-aarch64\n"
           "// observed qemu-aarch64: exit 0, stdout \"\"\n// expect exit: " + std::to_string(exit) +
           "\n// expect trap: " + trap + "\n// expect stdout: " + stdout_json + "\n";
  };
  std::string error;
  ASSERT_TRUE(write_file_atomic((dir / "a.cairn").string(), header("\"before\\n\"", 134, "overflow") + kTraps, error));
  ASSERT_TRUE(write_file_atomic((dir / "b.cairn").string(), header("\"7\\n\"", 0, "none") + kAllocates, error));
  ReplayOptions ro;
  ro.dir = dir.string();
  ro.engines = {EngineId::Interp, *native, EngineId::QemuAarch64};
  ro.jobs = 2;
  CampaignResult ok = run_replay(ro);
  EXPECT_EQ(ok.exit_code, 0) << ok.human;
  EXPECT_EQ(ok.record["engine_programs"]["qemu-aarch64"], 1) << ok.record.dump(1);
  EXPECT_EQ(ok.record["engine_skipped"]["qemu-aarch64"], 1);
  // A wrong trap kind in the header fails on the board as on every engine.
  ASSERT_TRUE(write_file_atomic((dir / "a.cairn").string(), header("\"before\\n\"", 134, "bounds") + kTraps, error));
  CampaignResult bad = run_replay(ro);
  EXPECT_EQ(bad.exit_code, 1) << bad.human;
  bool board_failed = false;
  for (const auto& c : bad.record["cases"])
    if (c.contains("engines") && c["engines"].contains("qemu-aarch64")) board_failed = true;
  EXPECT_TRUE(board_failed) << bad.record.dump(1);
}

// Several functions and a loop, whose output holds one negative number: the planted board loses its '-'.
const char* kNegative = R"(fn twice(x:i64) -> i64 = x * 2;

fn total(n:i64) -> i64 {
  let mut s:i64 = 0;
  for i in 0..4 {
    s += twice(n) + i64(i);
  }
  return s;
}

fn main() -> i32 {
  let t:i64 = total(3);
  println(t);
  let d:i64 = 10 - t;
  println(d);
  println(twice(t));
  return 0;
}
)";

// A disagreement on the board engine is found, reduced through board builds of the candidates, and kept.
TEST(FuzzQemu, BoardDisagreementIsReducedAndKept) {
  if (std::string why = board_absent(); !why.empty()) GTEST_SKIP() << "qemu-aarch64 cannot run here: " << why;
  fs::path out = test::scratch_dir("cairn_fuzz_qemu_") / "planted";
  CampaignOptions o;
  o.seed = 4;
  o.count = 2;
  o.engines = {EngineId::Interp, EngineId::TestQemuDropMinus};
  o.jobs = 2;
  o.out_dir = out.string();
  o.reduce_s = 100;
  o.generator = [](uint64_t, uint64_t i) {
    Generated g;
    g.text = i == 1 ? kNegative : kAllocates;  // the Buf program is skipped by the board, not a finding
    return g;
  };
  CampaignResult r = run_campaign(o);
  ASSERT_FALSE(r.environment);
  EXPECT_EQ(r.exit_code, 1);
  ASSERT_EQ(r.record["disagreements"].size(), 1u) << r.record.dump(1);
  const auto& d = r.record["disagreements"][0];
  EXPECT_EQ(d["index"], 1);
  EXPECT_EQ(d["kind"], "stdout");
  EXPECT_EQ(d["engine"], "test-qemu-drop-minus");
  EXPECT_EQ(r.record["engine_skipped"]["test-qemu-drop-minus"], 1);
  EXPECT_LT(d["reduced"]["to_bytes"].get<size_t>(), d["reduced"]["from_bytes"].get<size_t>()) << d.dump();
  std::string kept;
  ASSERT_TRUE(read_file(d["file"].get<std::string>(), kept));
  CaseHeader h;
  std::string error;
  ASSERT_TRUE(parse_case(kept, h, error)) << error;
  EXPECT_EQ(h.engine, "test-qemu-drop-minus");
  std::printf("the kept case:\n%s", kept.c_str());
  EXPECT_NE(kept.find('-', kept.find("// expect stdout")), std::string::npos) << "the negative output stays:\n" << kept;
}

::testing::Environment* const cleanup =
    ::testing::AddGlobalTestEnvironment(new test::ScratchCleanup("cairn_fuzz_qemu_"));

}  // namespace
}  // namespace cairn::fuzz
