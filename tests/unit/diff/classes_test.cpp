// Unit tests of the diff core: canonical emission (its two identities, renumbering, placeholders, site tables),
// the mapping of engine answers to classes, and the native replay's judgment, including a disagreement
// injected through the test-only hook, which must turn behavior-changed into unknown.
#include <gtest/gtest.h>

#include <fstream>

#include "diff/canonical.h"
#include "diff/compare.h"
#include "diff/diff.h"
#include "diff/replay.h"

namespace cairn::diff {
namespace {

using Json = nlohmann::ordered_json;

lower::Function fn_of(const std::string& symbol, const std::string& text, std::vector<std::string> depends = {}) {
  lower::Function f;
  f.name = symbol.substr(2);
  f.symbol = symbol;
  f.text = text;
  f.depends = std::move(depends);
  return f;
}

TEST(Canonical, LocalsAndTemporariesAreRenumberedAndTheSymbolIsAPlaceholder) {
  lower::Lowered low;
  lower::Function a = fn_of("f_one", "static uint32_t f_one(uint32_t l0) {\n  uint32_t l4 = l0;\n  auto t7 = l4;\n  return t7;\n}");
  lower::Function b = fn_of("f_two", "static uint32_t f_two(uint32_t l0) { uint32_t l1 = l0; auto t0 = l1; return t0; }");
  EXPECT_EQ(canonical_text(low, a, {}), canonical_text(low, b, {}));
  EXPECT_NE(canonical_text(low, a, {}).find("@self"), std::string::npos);
}

TEST(Canonical, AStringLocalReadOnceIsInlined) {
  lower::Lowered low;
  lower::Function a = fn_of("f_g", "void f_g() { cr::View<uint8_t> l1 = cr::str(\"hi\", 2); cr::put(t0, l1); }");
  lower::Function b = fn_of("f_g", "void f_g() { cr::put(t0, cr::str(\"hi\", 2)); }");
  EXPECT_EQ(canonical_text(low, a, {}), canonical_text(low, b, {}));
  // Read twice: kept.
  lower::Function c = fn_of("f_g", "void f_g() { cr::View<uint8_t> l1 = cr::str(\"hi\", 2); cr::put(t0, l1); cr::put(t0, l1); }");
  EXPECT_NE(canonical_text(low, c, {}).find("l0 ="), std::string::npos);
}

TEST(Canonical, SubtractingAZeroOffsetIsRemoved) {
  lower::Lowered low;
  lower::Function a = fn_of("f_h", "u f_h(u l0) { return cr_sub<uint64_t>(l0, uint64_t(0ull), &K_h[0]); }");
  lower::Function b = fn_of("f_h", "u f_h(u l0) { return l0; }");
  EXPECT_EQ(canonical_text(low, a, {}), canonical_text(low, b, {}));
  lower::Function c = fn_of("f_h", "u f_h(u l0) { return cr_sub<uint64_t>(l0, uint64_t(1ull), &K_h[0]); }");
  EXPECT_NE(canonical_text(low, c, {}), canonical_text(low, b, {}));
}

TEST(Canonical, SiteTablesCountTheirEntriesOnlyAndTypesAreAppendedTransitively) {
  lower::Lowered low;
  low.definitions["K_f"] = "static const cr::Site K_f[] = {{\"old.cairn\", 3}, {\"old.cairn\", 9}};\n";
  low.definitions["R_Seg"] = "struct R_Seg {\n  R_Point f_a;\n};\n";
  low.definitions["R_Point"] = "struct R_Point {\n  uint8_t f_x;\n};\n";
  lower::Function f = fn_of("f_f", "uint8_t f_f(R_Seg l0) { return cr_add<uint8_t>(l0.f_a.f_x, 1, &K_f[1]); }",
                            {"K_f", "R_Seg"});
  std::string text = canonical_text(low, f, {});
  EXPECT_NE(text.find("@sites [ 2 ]"), std::string::npos) << text;
  EXPECT_EQ(text.find("old.cairn"), std::string::npos) << text;
  EXPECT_LT(text.find("struct R_Point"), text.find("struct R_Seg")) << text;
  lower::Lowered moved = low;
  moved.definitions["K_f"] = "static const cr::Site K_f[] = {{\"new.cairn\", 5}, {\"new.cairn\", 11}};\n";
  EXPECT_EQ(canonical_text(moved, f, {}), text);
}

TEST(Canonical, CalleesAreWrittenUnderTheirOldNames) {
  lower::Lowered low;
  lower::Function a = fn_of("f_caller", "u f_caller(u l0) { return f_old__name(l0); }");
  lower::Function b = fn_of("f_caller", "u f_caller(u l0) { return f_new__name(l0); }");
  EXPECT_NE(canonical_text(low, a, {}), canonical_text(low, b, {}));
  EXPECT_EQ(canonical_text(low, a, {}), canonical_text(low, b, {{"f_new__name", "f_old__name"}}));
}

TEST(Canonical, WithoutGuardsEqualsTwoVersionsThatDifferOnlyInGuards) {
  lower::Lowered low;
  lower::Function a = fn_of("f_g", "u f_g(u l0) { return cr_add<uint8_t>(l0, 1, &K_g[0]); }", {"K_g"});
  lower::Function b = fn_of("f_g", "u f_g(u l0) { return cr_add_nc<uint8_t>(l0, 1); }");
  low.definitions["K_g"] = "static const cr::Site K_g[] = {{\"a.cairn\", 1}};\n";
  std::string x = canonical_text(low, a, {}), y = canonical_text(low, b, {});
  EXPECT_NE(x, y);
  EXPECT_EQ(without_guards(x), without_guards(y));
}

smt::FunctionResult answer(smt::Status status, Json record) {
  smt::FunctionResult r;
  r.status = status;
  r.record = std::move(record);
  return r;
}

TEST(ClassOf, EachEngineAnswerGivesItsClass) {
  Json eq = {{"solvers", {{"z3", "unsat"}, {"cvc5", "unsat"}}}, {"agreement", "both"}, {"quantification", "q"}};
  EXPECT_EQ(class_of(answer(smt::Status::SmtEquivalent, eq), nullptr, "").cls, "smt-equivalent");
  Json cex = {{"counterexample", {{"x", 63}}}, {"expected", {{"defined", true}, {"return", 126}}},
              {"actual", {{"defined", true}, {"return", 189}}}, {"concrete_replay", true}};
  Compared c = class_of(answer(smt::Status::Counterexample, cex), nullptr, "");
  EXPECT_EQ(c.cls, "behavior-changed");
  EXPECT_EQ(c.fields["witness"]["inputs"]["x"], 63);
  EXPECT_EQ(c.fields["witness"]["value_model"], "agrees");
  Json dis = {{"reason", "z3 answered unsat"}, {"disagreement", {{"stage", "equivalence"}}}};
  Compared d = class_of(answer(smt::Status::SolverDisagreement, dis), nullptr, "");
  EXPECT_EQ(d.cls, "unknown");
  EXPECT_TRUE(d.disagreement);
  EXPECT_EQ(d.fields["reason"].get<std::string>().rfind("solver disagreement", 0), 0u);
  Json contract = {{"reason", "Parameter 1 (p) differs: field Point.x: u8 against u16."}};
  EXPECT_EQ(class_of(answer(smt::Status::InvalidContract, contract), nullptr, "").cls, "signature-changed");
  EXPECT_EQ(class_of(answer(smt::Status::Unknown, {{"reason", "Recursion"}}), nullptr, "").cls, "unknown");
}

TEST(ClassOf, TheBoundedRetryGivesAWitnessOrBoundedOrNoTrace) {
  smt::FunctionResult loop = answer(smt::Status::Unknown, {{"reason", "A loop may run past 16 iterations; give ..."}});
  Json cex = {{"counterexample", {{"n", 3}}}, {"expected", {{"defined", true}}}, {"actual", {{"defined", false}}},
              {"concrete_replay", true}};
  smt::FunctionResult found = answer(smt::Status::Counterexample, cex);
  Compared a = class_of(loop, &found, "n <= 16");
  EXPECT_EQ(a.cls, "behavior-changed");
  EXPECT_EQ(a.fields["witness"]["found_where"], "n <= 16");
  EXPECT_FALSE(a.fields.contains("reason"));
  smt::FunctionResult eq = answer(smt::Status::SmtEquivalent, Json::object());
  Compared b = class_of(loop, &eq, "n <= 16");
  EXPECT_EQ(b.cls, "unknown");
  EXPECT_EQ(b.fields["bounded"]["status"], "smt-equivalent");
  smt::FunctionResult other = answer(smt::Status::Unknown, {{"reason", "timeout"}});
  Compared c = class_of(loop, &other, "n <= 16");
  EXPECT_EQ(c.cls, "unknown");
  EXPECT_FALSE(c.fields.contains("bounded"));
}

std::string fixture(const std::string& name, const std::string& file) {
  return std::string(CAIRN_SOURCE_DIR) + "/tests/diff/" + name + "/" + file;
}

// A behavior-changed fixture replayed natively: the classes as found, then with a native outcome changed by
// the test-only hook, which must end `unknown` with the witness kept.
TEST(NativeReplay, ADisagreementWithTheModelEndsUnknown) {
  DiffOptions o;
  o.jobs = 1;
  DiffResult plain = run_diff(fixture("013_bc_off_by_one", "old.cairn"), fixture("013_bc_off_by_one", "new.cairn"), o);
  ASSERT_EQ(plain.exit_code, 0) << plain.record.dump();
  const Json& f = plain.record["functions"]["count_at_least"];
  ASSERT_EQ(f["class"], "behavior-changed") << f.dump();
  bool any_compiler = !f["witness"]["native"].empty();
  if (any_compiler) {
    EXPECT_FALSE(Replayer::disagrees(f["witness"]["native"])) << f.dump();
  }

  testing::set_native_hook([](const std::string&, const std::string& side, sem::CallOutcome& o) {
    if (side == "new" && o.ret) *o.ret += 1;
  });
  DiffResult hooked = run_diff(fixture("013_bc_off_by_one", "old.cairn"), fixture("013_bc_off_by_one", "new.cairn"), o);
  testing::set_native_hook(nullptr);
  if (!any_compiler) GTEST_SKIP() << "no C++ compiler on PATH: nothing to replay natively";
  const Json& g = hooked.record["functions"]["count_at_least"];
  EXPECT_EQ(g["class"], "unknown") << g.dump();
  EXPECT_NE(g["reason"].get<std::string>().find("native build disagree"), std::string::npos);
  EXPECT_TRUE(Replayer::disagrees(g["witness"]["native"]));
  EXPECT_EQ(g["witness"]["native"].begin().value()["before"], "agrees");
}

}  // namespace
}  // namespace cairn::diff
