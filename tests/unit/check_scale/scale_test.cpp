// Checking grows linearly with the count of enum variants, record fields, parameters and match arms (issue 30):
// each test checks a program of 200,000 of one construct. The duplicate checks used to compare each one with
// every earlier one (about 2 * 10^10 string comparisons here, minutes); ctest's TIMEOUT on this executable
// (tests/CMakeLists.txt) ends such a run. Nothing here measures time. The duplicate refusals stay as they were:
// same code, position, message and order.
#include <gtest/gtest.h>

#include "scale_support.h"

namespace cairn::test {
namespace {

constexpr int kMany = 200000;

using Refusals = std::vector<std::string>;

TEST(CheckScale, ManyEnumVariants) { EXPECT_EQ(check_refusals(enum_program(kMany)), Refusals{}); }

TEST(CheckScale, ManyRecordFields) { EXPECT_EQ(check_refusals(record_program(kMany)), Refusals{}); }

TEST(CheckScale, ManyParametersAndArguments) { EXPECT_EQ(check_refusals(params_program(kMany)), Refusals{}); }

TEST(CheckScale, ManyMatchArms) { EXPECT_EQ(check_refusals(match_program(kMany)), Refusals{}); }

// The column just after the enum's, record's or parameter list's n generated entries (they are on line 1).
uint32_t col_after(const std::string& program_head) { return static_cast<uint32_t>(program_head.size()) + 1; }

TEST(CheckScale, DuplicateVariantsOfALargeEnum) {
  std::string head = "enum Big {";
  for (int i = 0; i < kMany; ++i) head += " V" + std::to_string(i) + ";";
  // " V0;" then " V199999;" again, after the generated ones
  uint32_t c = col_after(head);
  EXPECT_EQ(check_refusals(enum_program(kMany, " V0; V199999;")),
            (Refusals{"E-ENUM 1:" + std::to_string(c + 1) + " A variant named V0 is already declared in Big.",
                      "E-ENUM 1:" + std::to_string(c + 5) + " A variant named V199999 is already declared in Big."}));
}

TEST(CheckScale, DuplicateFieldsOfALargeRecord) {
  std::string head = "struct Wide {";
  for (int i = 0; i < kMany; ++i) head += " f" + std::to_string(i) + ":u8;";
  uint32_t c = col_after(head);
  EXPECT_EQ(check_refusals(record_program(kMany, " f0:u8; f199999:u8;")),
            (Refusals{"E-DUPLICATE 1:" + std::to_string(c + 1) + " A field named f0 is already declared in Wide.",
                      "E-DUPLICATE 1:" + std::to_string(c + 8) +
                          " A field named f199999 is already declared in Wide."}));
}

TEST(CheckScale, DuplicateParametersOfALargeSignature) {
  std::string head = "fn many(";
  for (int i = 0; i < kMany; ++i) head += (i ? ", p" : "p") + std::to_string(i) + ":u8";
  uint32_t c = col_after(head);
  EXPECT_EQ(check_refusals(params_program(kMany, ", p0:u8, p199999:u8", 2)),
            (Refusals{"E-PARAM 1:" + std::to_string(c + 2) + " A parameter named p0 is already declared.",
                      "E-PARAM 1:" + std::to_string(c + 9) + " A parameter named p199999 is already declared."}));
}

TEST(CheckScale, DuplicateArmOfALargeMatch) {
  // line 1 the enum, 2 the fn, 3 `match e {`, arms from line 4: V199999's arm is on line 200003
  EXPECT_EQ(check_refusals(match_program(kMany, "    V199999 => return 0;\n")),
            (Refusals{"E-MATCH-DUPLICATE 200004:5 Big.V199999 already has an arm (line 200003)."}));
}

// Small programs: every duplicate is reported, in source order, with the messages the checker always gave.
TEST(CheckScale, DuplicatesInSmallDeclarations) {
  EXPECT_EQ(check_refusals("enum E { A; B; A; B; A; }\nfn main() -> i32 {\n  return 0;\n}\n"),
            (Refusals{"E-ENUM 1:16 A variant named A is already declared in E.",
                      "E-ENUM 1:19 A variant named B is already declared in E.",
                      "E-ENUM 1:22 A variant named A is already declared in E."}));
  EXPECT_EQ(check_refusals("struct R { x:u8; y:u8; x:u16; }\nfn main() -> i32 {\n  return 0;\n}\n"),
            (Refusals{"E-DUPLICATE 1:24 A field named x is already declared in R."}));
  EXPECT_EQ(check_refusals("fn f(a:u8, b:u8, a:u8, a:u8) -> u8 = b;\nfn main() -> i32 {\n  return 0;\n}\n"),
            (Refusals{"E-PARAM 1:18 A parameter named a is already declared.",
                      "E-PARAM 1:24 A parameter named a is already declared."}));
}

TEST(CheckScale, DuplicateArmInASmallMatch) {
  EXPECT_EQ(check_refusals("enum E { A; B; }\nfn f(e:E) -> u8 {\n  match e {\n    A => return 1;\n    B => return 2;\n"
                           "    A => return 3;\n  }\n}\nfn main() -> i32 {\n  return 0;\n}\n"),
            (Refusals{"E-MATCH-DUPLICATE 6:5 E.A already has an arm (line 4)."}));
}

}  // namespace
}  // namespace cairn::test
