// The engine table of cairn fuzz, --engines selection, and the comparison of outcomes (tools.md §6.2).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <set>

#include "fuzz/run/engine.h"
#include "fuzz/run/batch.h"
#include "fuzz/run/outcome.h"
#include "../scratch_dir.h"

namespace cairn::fuzz {
namespace {

TEST(FuzzEngines, TableNamesAreUniqueAndInterpComesFirst) {
  std::set<std::string> names;
  for (const EngineInfo& e : engine_table()) EXPECT_TRUE(names.insert(e.name).second) << e.name;
  EXPECT_EQ(engine_table().front().id, EngineId::Interp);
  for (const char* n : {"interp", "clang-O0", "clang-O2", "gcc-O0", "gcc-O2", "qemu-aarch64"})
    EXPECT_TRUE(engine_by_name(n, false).has_value()) << n;
}

TEST(FuzzEngines, TestEngineIsReachableOnlyWhenAsked) {
  EXPECT_FALSE(engine_by_name("test-miscompile-sub", false).has_value());
  EXPECT_TRUE(engine_by_name("test-miscompile-sub", true).has_value());
  EngineSelection all = select_engines("", true);
  for (EngineId id : all.engines) EXPECT_TRUE(engine_info(id).user) << "a default engine is test-only";
  EngineSelection refused = select_engines("interp,test-miscompile-sub", false);
  EXPECT_FALSE(refused.error.empty());
  EXPECT_FALSE(refused.environment);
}

TEST(FuzzEngines, SelectionRules) {
  EngineSelection s = select_engines("", false);
  ASSERT_TRUE(s.error.empty()) << s.error;
  EXPECT_EQ(s.engines.front(), EngineId::Interp);
  EXPECT_EQ(s.unavailable.count("qemu-aarch64") == 1, !engine_unavailable_reason(EngineId::QemuAarch64).empty())
      << "qemu-aarch64 is selected where it can run, else listed with its reason";
  EngineSelection bad = select_engines("interp,clang-O3", false);
  EXPECT_NE(bad.error.find("clang-O3"), std::string::npos);
  EXPECT_FALSE(bad.environment);
  EngineSelection lone = select_engines("interp", false);
  EXPECT_FALSE(lone.error.empty()) << "interp alone compares nothing";
  if (!engine_unavailable_reason(EngineId::QemuAarch64).empty()) {
    EngineSelection qemu = select_engines("interp,qemu-aarch64", false);
    EXPECT_TRUE(qemu.environment) << "a named engine that is missing is an environment failure";
  }
}

Outcome exited(int code, std::string out) {
  Outcome o;
  o.end = Outcome::End::Exited;
  o.exit = code;
  o.out = std::move(out);
  return o;
}

Outcome trapped(std::string kind, std::string out) {
  Outcome o;
  o.end = Outcome::End::Trapped;
  o.exit = 134;
  o.trap = std::move(kind);
  o.out = std::move(out);
  return o;
}

TEST(FuzzCompare, KindsInOrder) {
  EXPECT_FALSE(compare_outcomes(exited(0, "1\n"), exited(0, "1\n")));
  EXPECT_EQ(compare_outcomes(exited(0, "1\n"), exited(0, "2\n")), FindingKind::Stdout);
  EXPECT_EQ(compare_outcomes(exited(0, "1\n"), exited(3, "1\n")), FindingKind::Exit);
  EXPECT_EQ(compare_outcomes(trapped("overflow", "a"), exited(134, "a")), FindingKind::Exit);
  EXPECT_EQ(compare_outcomes(trapped("overflow", "a"), trapped("bounds", "a")), FindingKind::TrapKind);
  EXPECT_FALSE(compare_outcomes(trapped("overflow", "a"), trapped("overflow", "a")));
  Outcome crash = exited(139, "1\n");
  crash.end = Outcome::End::Crash;
  crash.signal = 11;
  EXPECT_EQ(compare_outcomes(exited(0, "1\n"), crash), FindingKind::Crash);
  Outcome slow;
  slow.end = Outcome::End::Timeout;
  EXPECT_EQ(compare_outcomes(exited(0, ""), slow), FindingKind::Timeout);
  Outcome refused;
  refused.end = Outcome::End::BuildFailed;
  EXPECT_EQ(compare_outcomes(exited(0, ""), refused), FindingKind::BuildFailed);
  Outcome absent;  // an engine that could not run is no finding
  EXPECT_FALSE(compare_outcomes(exited(0, ""), absent));
  EXPECT_EQ(compare_outcomes(exited(0, "x"), exited(0, "x\n")), FindingKind::Stdout) << "byte for byte";
}

TEST(FuzzCompare, OutcomeOfARun) {
  targets::ProgramRun run;
  run.process.started = true;
  run.process.exit_code = 3;
  run.process.status = 3;
  run.process.out = "x\n";
  Outcome o = outcome_of(run);
  EXPECT_EQ(o.end, Outcome::End::Exited);
  EXPECT_EQ(o.exit, 3);
  EXPECT_EQ(o.out, "x\n");
  run.process.status = 134;
  run.process.signal = 6;
  run.trap_report = "trap: overflow at a.cairn:3\n";
  o = outcome_of(run);
  EXPECT_EQ(o.end, Outcome::End::Trapped);
  EXPECT_EQ(o.trap, "overflow");
  EXPECT_EQ(o.exit, 134);
  run.trap_report.clear();  // an abort without a report is a crash
  o = outcome_of(run);
  EXPECT_EQ(o.end, Outcome::End::Crash);
  run.process.timed_out = true;
  EXPECT_EQ(outcome_of(run).end, Outcome::End::Timeout);
  targets::ProgramRun never;
  EXPECT_EQ(outcome_of(never).end, Outcome::End::NotRun);
}

// CAIRN_FUZZ_SANITIZE=undefined: a host engine's batch is compiled with UndefinedBehaviorSanitizer and a report
// aborts the program, which is then a crash whose detail is the report's line; without it the same C++ runs
// unchecked. The member's C++ here is written by hand with signed overflow (generated programs have none).
TEST(FuzzSanitize, UndefinedBehaviourInAHostBatchIsACrashWithTheReport) {
  EngineId engine = EngineId::ClangO0;
  if (!engine_unavailable_reason(engine).empty()) engine = EngineId::GccO0;
  if (!engine_unavailable_reason(engine).empty()) GTEST_SKIP() << "no host compiler";
  std::string dir = (test::scratch_dir("cairn_fuzz_sanitize_") / "ubsan").string();
  std::filesystem::create_directories(dir);
  std::string error;
  ASSERT_TRUE(write_runtime(dir, error)) << error;
  ProgramCpp ub;
  ub.body = "static volatile int32_t big = 2147483647;\n"
            "int cairn_main() { int32_t x = big; x = x + 1; return x == 0 ? 1 : 0; }\n";
  auto run_once = [&](const char* sanitize, const std::string& name) {
    if (sanitize) setenv("CAIRN_FUZZ_SANITIZE", sanitize, 1);
    else unsetenv("CAIRN_FUZZ_SANITIZE");
    BatchBuild b = build_unit(dir, name, batch_unit({&ub}, engine), engine);
    unsetenv("CAIRN_FUZZ_SANITIZE");
    EXPECT_TRUE(b.built) << b.output;
    return outcome_of(targets::run_native(b.artifact, {"0"}, targets::RunLimits{10, 1024, false}, true));
  };
  Outcome plain = run_once(nullptr, "plain");
  EXPECT_EQ(plain.end, Outcome::End::Exited) << plain.detail;
  Outcome checked = run_once("undefined", "checked");
  EXPECT_EQ(checked.end, Outcome::End::Crash);
  EXPECT_EQ(checked.signal, 6);
  EXPECT_NE(checked.detail.find("runtime error: signed integer overflow"), std::string::npos) << checked.detail;
  EXPECT_EQ(compare_outcomes(plain, checked), FindingKind::Crash);
}
::testing::Environment* const sanitize_cleanup =
    ::testing::AddGlobalTestEnvironment(new test::ScratchCleanup("cairn_fuzz_sanitize_"));

TEST(FuzzCompare, KindNamesRoundTrip) {
  for (FindingKind k : {FindingKind::BuildFailed, FindingKind::Crash, FindingKind::Timeout, FindingKind::Stdout,
                        FindingKind::Exit, FindingKind::TrapKind})
    EXPECT_EQ(finding_kind_by_name(finding_kind_name(k)), k);
}

TEST(FuzzCompare, OutcomeLines) {
  EXPECT_EQ(outcome_line(exited(0, "17\n-5\n")), "exit 0, stdout \"17\\n-5\\n\"");
  EXPECT_EQ(outcome_line(trapped("overflow", "")), "trap overflow, exit 134, stdout \"\"");
  EXPECT_EQ(outcome_json(exited(2, "a")).dump(), R"({"end":"exited","exit":2,"stdout":"a"})");
}

}  // namespace
}  // namespace cairn::fuzz
