// The progress line (validate/progress.h): nothing in the first second, a new stage drawn at once, redraws
// within a stage at most every 0.2 s, a shorter line padded over the longer one, cleared at the end, and
// nothing at all when disabled.
#include <gtest/gtest.h>

#include "validate/progress.h"

namespace cairn::validate {
namespace {

struct Screen {
  std::string out;
  double now = 0;
  Progress::Writer writer() {
    return [this](std::string_view s) { out += s; };
  }
  Progress::Clock clock() {
    return [this] { return now; };
  }
};

TEST(Progress, NothingInTheFirstSecond) {
  Screen sc;
  Progress p(true, sc.writer(), sc.clock());
  p.name = "g";
  sc.now = 0.5;
  p.update("cases", 1, 10);
  EXPECT_EQ(sc.out, "");
  sc.now = 1.2;
  p.update("cases", 2, 10);
  EXPECT_EQ(sc.out, "\rvalidate g: cases 2/10, 1 s");
}

TEST(Progress, ThrottledWithinAStageButNotAcrossStages) {
  Screen sc;
  Progress p(true, sc.writer(), sc.clock());
  sc.now = 2.0;
  p.update("cases", 1, 300);
  sc.out.clear();
  sc.now = 2.1;
  p.update("cases", 2, 300);
  EXPECT_EQ(sc.out, "");
  p.update("smt part");
  EXPECT_EQ(sc.out, "\rvalidate: smt part, 2 s   ");  // padded over the three more columns of "cases 1/300"
  sc.out.clear();
  sc.now = 2.4;
  p.update("smt part");
  EXPECT_EQ(sc.out, "\rvalidate: smt part, 2 s");
}

TEST(Progress, ClearedAtTheEndAndSilentWhenDisabled) {
  Screen sc;
  {
    Progress p(true, sc.writer(), sc.clock());
    sc.now = 3;
    p.update("cases", 5, 9);
    sc.out.clear();
  }
  std::string width(std::string("validate: cases 5/9, 3 s").size(), ' ');
  EXPECT_EQ(sc.out, "\r" + width + "\r");
  Screen quiet;
  {
    Progress p(false, quiet.writer(), quiet.clock());
    quiet.now = 10;
    p.update("cases", 1, 2);
  }
  EXPECT_EQ(quiet.out, "");
}

}  // namespace
}  // namespace cairn::validate
