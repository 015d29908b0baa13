// Unit tests of diff/semver (tools.md §4.7): each rule of the level, case by case, the order of the reasons,
// `unproven` and `at_least`, `none`, and that only functions and types enter (test changes never do).
#include <gtest/gtest.h>

#include "diff/semver.h"

namespace cairn::diff {
namespace {

using json = nlohmann::ordered_json;

SemverFunction fn(const std::string& name, const std::string& cls, bool before, bool after) {
  SemverFunction f;
  f.name = name;
  f.cls = cls;
  f.public_before = before;
  f.public_after = after;
  return f;
}

SemverType type(const std::string& name, const std::string& change, bool before, bool after) {
  return SemverType{name, change, before, after};
}

json reasons(std::vector<std::string> r) { return json(r); }

TEST(Semver, NothingChangedIsNone) {
  json s = semver_of({fn("a", "identical-code", true, true), fn("b", "identical-source", false, false)}, {});
  EXPECT_EQ(s.dump(), R"({"level":"none","reasons":[]})");
  EXPECT_EQ(semver_of({}, {}).dump(), R"({"level":"none","reasons":[]})");
}

TEST(Semver, TestChangesNeverEnter) {
  // semver_of takes no tests at all: a diff whose only change is a test is `none`.
  EXPECT_EQ(semver_of({fn("a", "identical-code", true, true)}, {})["level"], "none");
}

TEST(Semver, MajorForAPublicFunctionRemovedRenamedOrNoLongerPublic) {
  EXPECT_EQ(semver_of({fn("g", "removed", true, false)}, {})["reasons"], reasons({"g was removed"}));
  EXPECT_EQ(semver_of({fn("g", "removed", true, false)}, {})["level"], "major");
  EXPECT_EQ(semver_of({fn("h", "renamed", true, true)}, {})["reasons"], reasons({"h was renamed"}));
  EXPECT_EQ(semver_of({fn("h", "renamed", true, true)}, {})["level"], "major");
  json s = semver_of({fn("h", "identical-code", true, false)}, {});
  EXPECT_EQ(s["level"], "major");
  EXPECT_EQ(s["reasons"], reasons({"h is no longer public"}));
}

TEST(Semver, MajorForAFunctionPublicOnBothSides) {
  json s = semver_of({fn("f", "signature-changed", true, true)}, {});
  EXPECT_EQ(s["level"], "major");
  EXPECT_EQ(s["reasons"], reasons({"f changed its signature"}));
  SemverFunction e = fn("f", "smt-equivalent", true, true);
  e.gained_effect = true;
  EXPECT_EQ(semver_of({e}, {})["reasons"], reasons({"f gained an effect"}));
  SemverFunction b = fn("double_it", "behavior-changed", true, true);
  b.witness_text = "at x = 63";
  EXPECT_EQ(semver_of({b}, {})["reasons"], reasons({"double_it behaves differently at x = 63"}));
  b.witness_text = "";
  EXPECT_EQ(semver_of({b}, {})["reasons"], reasons({"double_it behaves differently"}));
}

TEST(Semver, OneFunctionMayGiveSeveralReasons) {
  SemverFunction f = fn("f", "signature-changed", true, true);
  f.gained_effect = true;
  EXPECT_EQ(semver_of({f}, {})["reasons"], reasons({"f changed its signature", "f gained an effect"}));
}

TEST(Semver, MajorForTypes) {
  EXPECT_EQ(semver_of({}, {type("Point", "changed", true, true)})["reasons"], reasons({"type Point changed"}));
  EXPECT_EQ(semver_of({}, {type("Point", "changed", true, true)})["level"], "major");
  EXPECT_EQ(semver_of({}, {type("Point", "changed", true, false)})["reasons"],
            reasons({"type Point is no longer public"}));
  EXPECT_EQ(semver_of({}, {type("Point", "removed", true, false)})["reasons"], reasons({"type Point was removed"}));
  EXPECT_EQ(semver_of({}, {type("Point", "removed", true, false)})["level"], "major");
}

TEST(Semver, MinorForAdditions) {
  json s = semver_of({fn("k", "added", false, true), fn("m", "identical-code", false, true)},
                     {type("Shape", "added", false, true)});
  EXPECT_EQ(s["level"], "minor");
  EXPECT_EQ(s["reasons"], reasons({"k was added", "m was made public", "type Shape was added"}));
  // A private function renamed to a public one adds to the public API.
  EXPECT_EQ(semver_of({fn("r", "renamed", false, true)}, {})["reasons"], reasons({"r was added"}));
}

TEST(Semver, PatchForPrivateChanges) {
  SemverFunction b = fn("inner", "behavior-changed", false, false);
  b.witness_text = "at n = 3";
  json s = semver_of({b, fn("p", "added", false, false), fn("q", "removed", false, false),
                      fn("r", "renamed", false, false), fn("u", "unknown", false, false),
                      fn("v", "signature-changed", false, false)},
                     {type("Cell", "changed", false, false), type("Grid", "added", false, false)});
  EXPECT_EQ(s["level"], "patch");
  EXPECT_EQ(s["reasons"], reasons({"inner behaves differently at n = 3", "p was added", "q was removed",
                                   "r was renamed", "u is not proven unchanged", "v changed its signature",
                                   "type Cell changed", "type Grid was added"}));
  EXPECT_FALSE(s.contains("unproven"));
  // A type made public is an addition to the public API, as a function made public is.
  EXPECT_EQ(semver_of({}, {type("Cell", "changed", false, true)})["level"], "minor");
}

TEST(Semver, PrivateEffectOnAnUnchangedClassGivesNoReason) {
  SemverFunction e = fn("f", "identical-code", false, false);
  e.gained_effect = true;
  EXPECT_EQ(semver_of({e}, {})["level"], "none");
}

TEST(Semver, AnSmtEquivalentRewriteIsAPatch) {
  json s = semver_of({fn("a", "identical-code", true, true), fn("c", "smt-equivalent", true, true)}, {});
  EXPECT_EQ(s.dump(), R"({"level":"patch","reasons":["c was rewritten, proven equivalent"]})");
}

TEST(Semver, TheLevelIsTheHighestAndReasonsAreItsOwnSortedByName) {
  SemverFunction b = fn("zeta", "behavior-changed", true, true);
  b.witness_text = "at x = 1";
  json s = semver_of({b, fn("k", "added", false, true), fn("alpha", "removed", true, false),
                      fn("inner", "unknown", false, false)},
                     {type("Point", "changed", true, true)});
  EXPECT_EQ(s["level"], "major");
  EXPECT_EQ(s["reasons"], reasons({"alpha was removed", "zeta behaves differently at x = 1", "type Point changed"}));
}

TEST(Semver, UnprovenMakesTheLevelUnknownWithAtLeast) {
  json s = semver_of({fn("g", "unknown", true, true), fn("k", "added", false, true)}, {});
  EXPECT_EQ(s.dump(),
            R"({"level":"unknown","reasons":["k was added"],"unproven":["g"],"at_least":"minor"})");
  json p = semver_of({fn("h", "unknown", true, true), fn("g", "unknown", true, true)}, {});
  EXPECT_EQ(p.dump(), R"({"level":"unknown","reasons":["g is not proven unchanged","h is not proven unchanged"],)"
                      R"("unproven":["g","h"],"at_least":"patch"})");
}

TEST(Semver, UnprovenUnderMajorKeepsMajor) {
  json s = semver_of({fn("g", "unknown", true, true), fn("old", "removed", true, false)}, {});
  EXPECT_EQ(s.dump(), R"({"level":"major","reasons":["old was removed"],"unproven":["g"]})");
}

TEST(Semver, UnknownThatIsNotPublicOnBothSidesIsNotUnproven) {
  json s = semver_of({fn("g", "unknown", false, false)}, {});
  EXPECT_EQ(s.dump(), R"({"level":"patch","reasons":["g is not proven unchanged"]})");
  // No longer public wins over the comparison's outcome.
  json t = semver_of({fn("g", "unknown", true, false)}, {});
  EXPECT_EQ(t.dump(), R"({"level":"major","reasons":["g is no longer public"]})");
}

}  // namespace
}  // namespace cairn::diff
