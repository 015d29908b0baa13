// Unit tests of diff/render_*: values as CAIRN literals, the human lines (the spec's example, ordering,
// padding, evidence and change phrases) and the Markdown section. The golden records under tests/golden/diff/ (NAME.json
// with NAME.human and NAME.md beside it) are rendered by tests/golden/run.py diff.
#include <gtest/gtest.h>

#include <sstream>

#include "diff/render.h"

namespace cairn::diff {
namespace {

using json = nlohmann::ordered_json;

std::string lit(const std::string& json_text) { return value_literal(json::parse(json_text)); }

TEST(ValueLiteral, IntegersAndBools) {
  EXPECT_EQ(lit("63"), "63");
  EXPECT_EQ(lit("-9223372036854775808"), "-9223372036854775808");
  EXPECT_EQ(lit("18446744073709551615"), "18446744073709551615");
  EXPECT_EQ(lit("true"), "true");
  EXPECT_EQ(lit("false"), "false");
}

TEST(ValueLiteral, HexFloats) {
  EXPECT_EQ(lit(R"("-0x0p+0")"), "-0.0");
  EXPECT_EQ(lit(R"("0x0p+0")"), "0.0");
  EXPECT_EQ(lit(R"("0x1.8p+1")"), "3.0");
  EXPECT_EQ(lit(R"("0x1p-1")"), "0.5");
  EXPECT_EQ(lit(R"("-0x1.4p+0")"), "-1.25");
  EXPECT_EQ(lit(R"("0x1.999999999999ap-4")"), "0.1");            // f64 0.1
  EXPECT_EQ(lit(R"("0x1.99999ap-4")"), "0.10000000149011612");   // f32 0.1, shown at f64 width
  EXPECT_EQ(lit(R"("0x1.fffffffffffffp+1023")"), "1.7976931348623157e+308");
  EXPECT_EQ(lit(R"("0x1p-1074")"), "5e-324");
  EXPECT_EQ(lit(R"("0x1.6bcc41e9p+46")"), "100000000000000.0");
  EXPECT_EQ(lit(R"("0x1.b1ae4d6e2ef5p+69")"), "1e+21");
  EXPECT_EQ(lit(R"("0x1.0c6f7a0b5ed8dp-20")"), "0.000001");
  EXPECT_EQ(lit(R"("0x1.ad7f29abcaf48p-24")"), "1e-7");
}

TEST(ValueLiteral, SpecialFloats) {
  EXPECT_EQ(lit(R"("inf")"), "inf");
  EXPECT_EQ(lit(R"("-inf")"), "-inf");
  EXPECT_EQ(lit(R"("nan:0x7fc00000")"), "NaN");
  EXPECT_EQ(lit(R"("nan:0xfff8000000000001")"), "NaN");
  EXPECT_EQ(lit("2.5"), "2.5");  // a hand-written JSON number
}

TEST(ValueLiteral, ArraysRecordsAndSums) {
  EXPECT_EQ(lit("[0, 1, 2]"), "[0, 1, 2]");
  EXPECT_EQ(lit("[]"), "[]");
  EXPECT_EQ(lit(R"([["0x1p+0", "nan:0x7fc00000"], [true]])"), "[[1.0, NaN], [true]]");
  EXPECT_EQ(lit(R"({"x": 1, "y": -2})"), "{x: 1, y: -2}");
  EXPECT_EQ(lit(R"({"variant": "Some", "value": 5})"), "Some(5)");
  EXPECT_EQ(lit(R"({"variant": "None"})"), "None");
  EXPECT_EQ(lit(R"({"variant": "P", "value": {"x": "-0x0p+0"}})"), "P({x: -0.0})");
  EXPECT_EQ(lit(R"({"tag": 7})"), "tag 7");
  EXPECT_EQ(lit(R"({"variant": 1, "x": 2})"), "{variant: 1, x: 2}");  // a record, not a sum
}

// The example of tools.md §4.8, as the diff core records it.
json spec_example() {
  return json::parse(R"({"schema":"cairn.diff/1","compiler":"cairn/0.1.0","compared":"prose",
    "old":{"named":"old.cairn","kind":"path","commit":""},"new":{"named":"new.cairn","kind":"path","commit":""},
    "summary":{"identical-code":2,"smt-equivalent":1,"behavior-changed":1},
    "functions":{
      "clamp":{"class":"smt-equivalent","own_code":"changed","evidence":{"quantification":"q","observation":"o",
               "trust":["t"],"solvers":{"z3":"unsat","cvc5":"unsat"},"agreement":"both"},
               "deltas":{"emitted_guards":{"before":3,"after":2}}},
      "double_it":{"class":"behavior-changed","own_code":"changed",
        "witness":{"inputs":{"x":63},"before":{"defined":true,"return":126,"written":{}},
                   "after":{"defined":true,"return":189,"written":{}},"value_model":"agrees",
                   "native":{"clang++":{"before":"agrees","after":"agrees"},"g++":{"before":"agrees","after":"agrees"}}}},
      "k":{"class":"identical-code","own_code":"identical"},
      "main":{"class":"identical-code","own_code":"identical"}},
    "types":{},"tests":{},
    "semver":{"level":"major","reasons":["double_it behaves differently at x = 63"]},
    "formal_status":"not-verified","predicted":{"unavailable":"cairn predict is not built yet"},
    "solver_versions":{"z3":"4.8.12","cvc5":"1.0.3"}})");
}

TEST(RenderHuman, TheSpecExample) {
  EXPECT_EQ(render_human(spec_example()),
            "old.cairn -> new.cairn: 2 identical-code, 1 smt-equivalent, 1 behavior-changed\n"
            "behavior-changed  double_it  at x = 63: before returns 126, after returns 189 (native: clang++ and g++ agree)\n"
            "smt-equivalent    clamp      z3 and cvc5 found no input on which they differ; guards written 3 -> 2\n"
            "semver: major: double_it behaves differently at x = 63\n");
}

json record_with(const std::string& functions_json) {
  json r = spec_example();
  r["functions"] = json::parse(functions_json);
  r["summary"] = json::object();
  for (auto& [name, entry] : r["functions"].items()) {
    std::string cls = entry["class"];
    r["summary"][cls] = r["summary"].value(cls, 0) + 1;
  }
  return r;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

TEST(RenderHuman, OrdersByClassThenNameAndPadsToTheLongestName) {
  json r = record_with(R"({
    "zz":{"class":"removed","signature":{"params":[],"returns":"void","public":false}},
    "b":{"class":"added","signature":{"params":[["x","u32"],["y","bool"]],"returns":"u32","public":true}},
    "long_name":{"class":"renamed","from":"old_name"},
    "a":{"class":"renamed","from":"a0"},
    "s":{"class":"smt-equivalent","evidence":{"solvers":{"cvc5":"timeout","z3":"unsat"}}},
    "sig":{"class":"signature-changed","reason":"The type Point is defined differently."},
    "u":{"class":"unknown","reason":"budget ran out before this function"},
    "same":{"class":"identical-code"},
    "t":{"class":"identical-source","template":true},
    "c":{"class":"behavior-changed","witness":{"inputs":{},"before":{"defined":true,"written":{}},
         "after":{"defined":false,"trap":"overflow at f.cairn:3"},"value_model":"agrees"}}})");
  std::vector<std::string> lines = lines_of(render_human(r));
  ASSERT_GE(lines.size(), 9u);
  EXPECT_EQ(lines[0], "old.cairn -> new.cairn: 1 identical-code, 1 identical-source, 1 smt-equivalent, "
                      "1 behavior-changed, 1 unknown, 1 signature-changed, 2 renamed, 1 added, 1 removed");
  EXPECT_EQ(lines[1], "behavior-changed  c          with no inputs: before returns normally, after aborts (overflow)");
  EXPECT_EQ(lines[2], "unknown           u          budget ran out before this function");
  EXPECT_EQ(lines[3], "signature-changed sig        The type Point is defined differently.");
  EXPECT_EQ(lines[4], "smt-equivalent    s          z3 found no input on which they differ (cvc5: timeout)");
  EXPECT_EQ(lines[5], "renamed           a          was a0");
  EXPECT_EQ(lines[6], "renamed           long_name  was old_name");
  EXPECT_EQ(lines[7], "added             b          pub fn b(x: u32, y: bool) -> u32");
  EXPECT_EQ(lines[8], "removed           zz         fn zz()");
}

TEST(RenderHuman, WitnessWithRwOutputsFloatsAndNativeDisagreement) {
  json r = record_with(R"({"f":{"class":"behavior-changed","witness":{
      "inputs":{"p":[1,2],"s":"-0x0p+0"},
      "before":{"defined":true,"return":"0x1.8p+1","written":{"p":[1,3]}},
      "after":{"defined":true,"return":"nan:0x7ff8000000000000","written":{"p":[1,2]}},"value_model":"agrees",
      "native":{"clang++":{"before":"agrees","after":"agrees"},"g++":{"before":"agrees","after":"disagrees: returned 190"}},
      "found_where":"p <= 16"}}})");
  EXPECT_EQ(lines_of(render_human(r))[1],
            "behavior-changed  f  at p = [1, 2], s = -0.0: before returns 3.0, leaves p = [1, 3], after returns NaN, "
            "leaves p = [1, 2] (native: clang++ agrees; g++: before agrees, after disagrees: returned 190); "
            "found where p <= 16");
}

TEST(RenderHuman, NativeNotReplayedAndOneSolver) {
  json r = record_with(R"({
    "f":{"class":"behavior-changed","witness":{"inputs":{"x":1},"before":{"defined":true,"return":1},
         "after":{"defined":true,"return":2},"value_model":"agrees",
         "native":{"clang++":{"before":"not replayed: budget spent","after":"not replayed: budget spent"}}}},
    "g":{"class":"smt-equivalent","evidence":{"solvers":{"z3":"unsat"}}}})");
  std::vector<std::string> lines = lines_of(render_human(r));
  EXPECT_EQ(lines[1], "behavior-changed  f  at x = 1: before returns 1, after returns 2 (native: not replayed: budget spent)");
  EXPECT_EQ(lines[2], "smt-equivalent    g  z3 found no input on which they differ");
}

TEST(RenderHuman, ChangePhrasesInTheSpecOrder) {
  json r = record_with(R"({"f":{"class":"smt-equivalent","evidence":{"solvers":{"z3":"unsat","cvc5":"unsat"}},
    "deltas":{"census":{"before":{"spawn":0,"unsafe":1},"after":{"spawn":1,"unsafe":1}},
              "effects":{"added":["alloc"],"removed":["io"]},
              "signature":{"before":{"params":[["x","u32"]],"returns":"u32","public":false},
                           "after":{"params":[["n","u32"]],"returns":"u32","public":true}},
              "heap_allocations":{"before":0,"after":1},
              "syntactic_check_sites":{"before":{"overflow":3},"after":{"overflow":2,"bounds":1}},
              "local_storage":{"before":{"bytes":16},"after":{"bytes":32}}}}})");
  EXPECT_EQ(lines_of(render_human(r))[1],
            "smt-equivalent    f  z3 and cvc5 found no input on which they differ; parameters renamed, made public; "
            "effects +alloc -io; check sites bounds 0 -> 1, overflow 3 -> 2; heap allocations 0 -> 1; "
            "local storage {bytes: 16} -> {bytes: 32}; spawn 0 -> 1");
}

TEST(RenderHuman, UnknownBoundedAndSemverAtLeast) {
  json r = record_with(R"({"g":{"class":"unknown","reason":"A loop may run past 16 iterations.",
                           "bounded":{"where":"n <= 16","status":"smt-equivalent"}}})");
  r["semver"] = json::parse(R"({"level":"unknown","reasons":["g is not proven unchanged"],"unproven":["g"],"at_least":"patch"})");
  std::vector<std::string> lines = lines_of(render_human(r));
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[1], "unknown           g  equivalent wherever n <= 16; beyond that: A loop may run past 16 iterations.");
  EXPECT_EQ(lines[2], "semver: unknown (at least patch): g is not proven unchanged");
  EXPECT_EQ(lines[3], "unproven: g");
}

TEST(RenderHuman, TypesTestsAndPredicted) {
  json r = spec_example();
  r["types"] = json::parse(R"({"Shape":"added","Point":"changed"})");
  r["tests"] = json::parse(R"({"t2":"identical-code","t1":"changed"})");
  r["predicted"] = json::parse(R"({"profile":"release","ratios":{"clamp":0.47,"double_it":1.2}})");
  std::vector<std::string> lines = lines_of(render_human(r));
  ASSERT_EQ(lines.size(), 7u);
  EXPECT_EQ(lines[3], "types: Point changed, Shape added");
  EXPECT_EQ(lines[4], "tests: t1 changed");
  EXPECT_EQ(lines[5], "predicted, not measured (release): clamp x0.47, double_it x1.2");
}

TEST(RenderMarkdown, EscapesPipesAndFlattensNewlines) {
  json r = record_with(R"({"f":{"class":"unknown","reason":"a | b\nc"}})");
  std::string md = render_markdown(r);
  EXPECT_NE(md.find("| `f` | unknown | a \\| b c |\n"), std::string::npos) << md;
}

TEST(RenderMarkdown, NothingListedSaysSo) {
  json r = record_with(R"({"k":{"class":"identical-code"}})");
  std::string md = render_markdown(r);
  EXPECT_EQ(md.find("| Function |"), std::string::npos);
  EXPECT_NE(md.find("No function is listed: every function is identical.\n"), std::string::npos) << md;
}

}  // namespace
}  // namespace cairn::diff
