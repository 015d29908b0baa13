// Checking grows linearly with the count of enum variants, record fields, parameters, match arms and unpacking
// binders (issue 30): each test checks a program of 300,000 variants, fields, arms or binders, or 500,000
// parameters. The duplicate checks (and the variant lookup of each arm) used to compare each one with every
// earlier one: 10^10 to 10^11 string comparisons here, several minutes each; a linear check takes seconds.
// ctest's TIMEOUT of 120 s on this executable (tests/CMakeLists.txt) ends a quadratic run. Nothing here measures
// time. The duplicate refusals stay as they were: same code, position, message and order.
#include <gtest/gtest.h>

#include "scale_support.h"

namespace cairn::test {
namespace {

constexpr int kVariants = 300000, kFields = 300000, kParams = 500000, kArms = 300000;

using Refusals = std::vector<std::string>;

TEST(CheckScale, ManyEnumVariants) { EXPECT_EQ(check_refusals(enum_program(kVariants)), Refusals{}); }

TEST(CheckScale, ManyRecordFields) { EXPECT_EQ(check_refusals(record_program(kFields)), Refusals{}); }

TEST(CheckScale, ManyParametersAndArguments) { EXPECT_EQ(check_refusals(params_program(kParams)), Refusals{}); }

TEST(CheckScale, ManyMatchArms) { EXPECT_EQ(check_refusals(match_program(kArms)), Refusals{}); }

TEST(CheckScale, ManyUnpackBinders) { EXPECT_EQ(check_refusals(unpack_program(kFields)), Refusals{}); }

// The column just after the enum's, record's or parameter list's n generated entries (they are on line 1).
uint32_t col_after(const std::string& program_head) { return static_cast<uint32_t>(program_head.size()) + 1; }

TEST(CheckScale, DuplicateVariantsOfALargeEnum) {
  std::string head = "enum Big {", last = "V" + std::to_string(kVariants - 1);
  for (int i = 0; i < kVariants; ++i) head += " V" + std::to_string(i) + ";";
  // " V0;" then the last variant again, after the generated ones
  uint32_t c = col_after(head);
  EXPECT_EQ(check_refusals(enum_program(kVariants, " V0; " + last + ";")),
            (Refusals{"E-ENUM 1:" + std::to_string(c + 1) + " A variant named V0 is already declared in Big.",
                      "E-ENUM 1:" + std::to_string(c + 5) + " A variant named " + last +
                          " is already declared in Big."}));
}

TEST(CheckScale, DuplicateFieldsOfALargeRecord) {
  std::string head = "struct Wide {", last = "f" + std::to_string(kFields - 1);
  for (int i = 0; i < kFields; ++i) head += " f" + std::to_string(i) + ":u8;";
  uint32_t c = col_after(head);
  EXPECT_EQ(check_refusals(record_program(kFields, " f0:u8; " + last + ":u8;")),
            (Refusals{"E-DUPLICATE 1:" + std::to_string(c + 1) + " A field named f0 is already declared in Wide.",
                      "E-DUPLICATE 1:" + std::to_string(c + 8) + " A field named " + last +
                          " is already declared in Wide."}));
}

TEST(CheckScale, DuplicateParametersOfALargeSignature) {
  std::string head = "fn many(", last = "p" + std::to_string(kParams - 1);
  for (int i = 0; i < kParams; ++i) head += (i ? ", p" : "p") + std::to_string(i) + ":u8";
  uint32_t c = col_after(head);
  EXPECT_EQ(check_refusals(params_program(kParams, ", p0:u8, " + last + ":u8", 2)),
            (Refusals{"E-PARAM 1:" + std::to_string(c + 2) + " A parameter named p0 is already declared.",
                      "E-PARAM 1:" + std::to_string(c + 9) + " A parameter named " + last + " is already declared."}));
}

TEST(CheckScale, DuplicateArmOfALargeMatch) {
  // line 1 the enum, 2 the fn, 3 `match e {`, arms from line 4: the last variant's arm is on line kArms + 3
  std::string last = "V" + std::to_string(kArms - 1);
  EXPECT_EQ(check_refusals(match_program(kArms, "    " + last + " => return 0;\n")),
            (Refusals{"E-MATCH-DUPLICATE " + std::to_string(kArms + 4) + ":5 Big." + last +
                      " already has an arm (line " + std::to_string(kArms + 3) + ")."}));
}

TEST(CheckScale, RepeatedBinderOfALargeUnpacking) {
  // the last binder is b0 again: refused at it, line 4, after "  let Wide(" and the kFields - 1 others
  std::string head = "  let Wide(";
  for (int i = 0; i + 1 < kFields; ++i) head += "b" + std::to_string(i) + ", ";
  EXPECT_EQ(check_refusals(unpack_program(kFields, 0)),
            (Refusals{"E-SHADOW 4:" + std::to_string(col_after(head)) + " b0 is bound twice in this unpacking."}));
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

TEST(CheckScale, RepeatedBinderInASmallUnpacking) {
  EXPECT_EQ(check_refusals("struct R { x:u8; y:u8; z:u8; }\nfn f(r:R) -> u8 {\n  let R(a, _, _) = r;\n"
                           "  let R(b, c, b) = r;\n  return a;\n}\nfn main() -> i32 {\n  return 0;\n}\n"),
            (Refusals{"E-SHADOW 4:15 b is bound twice in this unpacking."}));
}

TEST(CheckScale, DuplicateArmInASmallMatch) {
  EXPECT_EQ(check_refusals("enum E { A; B; }\nfn f(e:E) -> u8 {\n  match e {\n    A => return 1;\n    B => return 2;\n"
                           "    A => return 3;\n  }\n}\nfn main() -> i32 {\n  return 0;\n}\n"),
            (Refusals{"E-MATCH-DUPLICATE 6:5 E.A already has an arm (line 4)."}));
}

}  // namespace
}  // namespace cairn::test
