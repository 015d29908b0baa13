// The engine table of cairn fuzz, --engines selection, and the comparison of outcomes (tools.md §6.2).
#include <gtest/gtest.h>

#include <set>

#include "fuzz/run/engine.h"
#include "fuzz/run/outcome.h"

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
