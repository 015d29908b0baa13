// --assume words: split at the first '=' only, one per function; the synthesized precondition function.
#include <gtest/gtest.h>

#include "verify/assume.h"

namespace cairn::smt {
namespace {

TEST(VerifyAssume, SplitsAtTheFirstEqualsOnly) {
  AssumeArg a;
  std::string error;
  ASSERT_TRUE(parse_assume("f=a == b && c != 0", a, error)) << error;
  EXPECT_EQ(a.symbol, "f");
  EXPECT_EQ(a.expr, "a == b && c != 0");
  ASSERT_TRUE(parse_assume(" total = n <= 16 ", a, error));
  EXPECT_EQ(a.symbol, "total");
  EXPECT_EQ(a.expr, "n <= 16");
  EXPECT_FALSE(parse_assume("n <= 16", a, error));
  EXPECT_FALSE(parse_assume("f=", a, error));
  EXPECT_FALSE(parse_assume("=x > 1", a, error));
  EXPECT_FALSE(parse_assume("f(x)=x > 1", a, error));
}

TEST(VerifyAssume, AtMostOncePerFunction) {
  std::vector<AssumeArg> out;
  std::string error;
  ASSERT_TRUE(parse_assumes({"f=x > 1", "g=y > 2"}, out, error));
  EXPECT_EQ(assume_text(out, "g"), "y > 2");
  EXPECT_EQ(assume_text(out, "h"), "true");
  EXPECT_FALSE(parse_assumes({"f=x > 1", "f=x > 2"}, out, error));
  EXPECT_NE(error.find("twice"), std::string::npos);
}

TEST(VerifyAssume, ThePreconditionTakesTheParametersAsWritten) {
  check::FnInfo fn;
  fn.name = "total";
  fn.name_pos = Pos{0, 2, 4};
  std::string source = "// sums\nfn total(n:usize, xs:ro<u64>[n]) -> u64 {\n  return 0;\n}\n";
  check::FnInfo taken;
  taken.name = "assume_total";
  std::optional<Precondition> p = precondition_source(source, fn, "n <= 16", {&taken});
  ASSERT_TRUE(p);
  EXPECT_EQ(p->name, "assume_total_1");  // the plain name is taken
  EXPECT_EQ(p->source, "\nfn assume_total_1(n:usize, xs:ro<u64>[n]) -> bool {\n  return (n <= 16\n  );\n}\n");
}

}  // namespace
}  // namespace cairn::smt
