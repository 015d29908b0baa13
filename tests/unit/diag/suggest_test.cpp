// Did-you-mean (base/suggest.h): the distance, what counts as close, and ties.
#include <gtest/gtest.h>

#include "base/suggest.h"

namespace cairn {
namespace {

TEST(Suggest, DistanceCountsEditsAndSwaps) {
  EXPECT_EQ(edit_distance("check", "check"), 0u);
  EXPECT_EQ(edit_distance("chek", "check"), 1u);   // a deletion
  EXPECT_EQ(edit_distance("cehck", "check"), 1u);  // two neighbours swapped
  EXPECT_EQ(edit_distance("", "abc"), 3u);
  EXPECT_EQ(edit_distance("kitten", "sitting"), 3u);
}

TEST(Suggest, OnlyCloseCandidatesAreOffered) {
  std::vector<std::string> commands = {"check", "run", "build", "emit", "test", "fmt", "verify", "diff"};
  EXPECT_EQ(nearest("chek", commands), "check");
  EXPECT_EQ(nearest("verfiy", commands), "verify");
  EXPECT_EQ(nearest("rn", commands), "run");
  EXPECT_EQ(nearest("zzzzzz", commands), std::nullopt);
  EXPECT_EQ(nearest("xyz", commands), std::nullopt);  // three letters: one edit at most
  EXPECT_EQ(did_you_mean("sum_of_squars", {"sum_of_squares", "sum"}), " Did you mean `sum_of_squares`?");
  EXPECT_EQ(did_you_mean("q", {}), "");
}

TEST(Suggest, TiesGoToTheFirstCandidate) {
  EXPECT_EQ(nearest("bat", {"cat", "bar"}), "cat");
  EXPECT_EQ(nearest("bat", {"bar", "cat"}), "bar");
}

}  // namespace
}  // namespace cairn
