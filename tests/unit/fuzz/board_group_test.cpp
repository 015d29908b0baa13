// Several programs per emulator start on the board engine (fuzz/run/board_group.h): the end lines are cut exactly,
// a missing or malformed one stops the cut, and on a real image every member's outcome from a group start is the
// one its own start gives. The QEMU test is skipped with a message when the board tools are absent.
#include <gtest/gtest.h>

#include <filesystem>

#include "front/driver/driver.h"
#include "base/atomic_file.h"
#include "fuzz/gen/generate.h"
#include "fuzz/run/batch.h"
#include "fuzz/run/board_group.h"
#include "targets/board_profile.h"
#include "targets/board_run.h"
#include "../scratch_dir.h"

namespace cairn::fuzz {
namespace {

namespace fs = std::filesystem;

TEST(FuzzBoardGroup, EndLinesCutTheOutputInOrder) {
  std::string out = "a\n" + group_end_line("n1", 4, 0) + "b" + group_end_line("n1", 7, 134) + "c\ntrap";
  GroupSplit g = split_group_output(out, "n1", {4, 7, 9});
  ASSERT_EQ(g.done.size(), 2u);
  EXPECT_EQ(g.done[0].first, "a\n");
  EXPECT_EQ(g.done[0].second, 0);
  EXPECT_EQ(g.done[1].first, "b") << "a member's output need not end its line";
  EXPECT_EQ(g.done[1].second, 134) << "a status is a status, trap or not, when the member returned it";
  EXPECT_EQ(g.rest, "c\ntrap");
  EXPECT_EQ(group_append("n1", {4, 7, 9}), "cairn-group n1 4 7 9");
}

TEST(FuzzBoardGroup, AnEndLineOfAnotherNonceMemberOrShapeIsOutput) {
  // Another start's nonce, a member out of order, a status past 255 or a line without its newline: none cuts.
  for (const std::string& fake :
       {group_end_line("n2", 4, 0), group_end_line("n1", 7, 0), std::string("\x1e" "cairn-fuzz-end n1 4 256\n"),
        std::string("\x1e" "cairn-fuzz-end n1 4 1"), std::string("\x1e" "cairn-fuzz-end n1 4 \n")}) {
    GroupSplit g = split_group_output("x" + fake, "n1", {4, 7});
    EXPECT_TRUE(g.done.empty()) << fake;
    EXPECT_EQ(g.rest, "x" + fake);
  }
  GroupSplit none = split_group_output("", "n1", {4});
  EXPECT_TRUE(none.done.empty());
  EXPECT_EQ(none.rest, "");
}

// Inside the profile: output past the print's first 256 bytes (the board's print arena), no final newline, a
// status of its own.
const char* kLongLine =
    "fn main() -> i32 {\n  let a:u64 = 12345678901234;\n"
    "  println(a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a, a);\n"
    "  print(\"no newline\");\n  return 7;\n}\n";
const char* kTraps = "fn main() -> i32 {\n  let a:u8 = 250;\n  println(\"before\");\n  let c = a + 6;\n"
                     "  println(c);\n  return 0;\n}\n";

bool same(const Outcome& a, const Outcome& b) {
  return a.end == b.end && a.exit == b.exit && a.trap == b.trap && a.out == b.out && a.signal == b.signal;
}

TEST(FuzzBoardGroup, EveryMemberGetsWhatItsOwnStartGives) {
  std::string why = targets::board_engine_unavailable("aarch64-virt");
  if (!why.empty()) GTEST_SKIP() << "qemu-aarch64 cannot run here: " << why;
  fs::path dir = test::scratch_dir("cairn_fuzz_group_");
  fs::create_directories(dir);
  std::string error;
  ASSERT_TRUE(write_runtime(dir.string(), error)) << error;
  // Hand-written members between generated ones (their intended traps included), all inside the profile.
  std::vector<std::string> texts = {kLongLine, kTraps};
  for (uint64_t i = 0; texts.size() < 18; ++i) texts.push_back(generate(11, i).text);
  texts.push_back(kTraps);
  std::vector<ProgramCpp> cpps;
  for (size_t i = 0; i < texts.size(); ++i) {
    std::string path = (dir / ("p" + std::to_string(i) + ".cairn")).string();
    ASSERT_TRUE(write_file_atomic(path, texts[i], error)) << error;
    driver::CheckRun run = driver::run(path);
    ASSERT_EQ(run.outcome, driver::Outcome::Typed) << texts[i];
    if (targets::board_profile_accepts(*run.program)) cpps.push_back(program_cpp(run));
  }
  ASSERT_GE(cpps.size(), 8u);
  std::vector<const ProgramCpp*> members;
  for (const ProgramCpp& c : cpps) members.push_back(&c);
  BatchBuild b = build_unit(dir.string(), "img", batch_unit(members, EngineId::QemuAarch64), EngineId::QemuAarch64);
  ASSERT_TRUE(b.built) << b.output;
  const targets::Board board = *targets::find_board("aarch64-virt");
  targets::RunLimits limits;
  limits.timeout_s = 60;
  std::vector<Outcome> alone;
  for (size_t i = 0; i < members.size(); ++i)
    alone.push_back(outcome_of(targets::run_board(board, b.artifact, limits, true, std::to_string(i))));
  // Group starts from the first member on, as the pipeline makes them: each trap ends one.
  std::vector<size_t> rest(members.size());
  for (size_t i = 0; i < rest.size(); ++i) rest[i] = i;
  size_t starts = 0, traps = 0;
  while (!rest.empty()) {
    GroupStart g = start_group(board, b.artifact, rest, 60, "t" + std::to_string(starts++));
    size_t used = g.done.size();
    for (size_t k = 0; k < used; ++k) EXPECT_TRUE(same(g.done[k], alone[rest[k]])) << "member " << rest[k];
    if (used < rest.size()) {
      ASSERT_TRUE(g.cut.has_value()) << "member " << rest[used] << " ended the start without a trap";
      EXPECT_EQ(g.cut->end, Outcome::End::Trapped);
      EXPECT_TRUE(same(*g.cut, alone[rest[used]])) << "member " << rest[used] << ": " << g.cut->out;
      ++used;
      ++traps;
    }
    rest.erase(rest.begin(), rest.begin() + static_cast<long>(used));
  }
  EXPECT_GE(traps, 2u) << "the hand-written traps";
  EXPECT_LE(starts, traps + 1) << "a start ends only at a trap or after its last member";
  EXPECT_LT(starts, members.size());
  EXPECT_EQ(alone[0].exit, 7);
  EXPECT_NE(alone[0].out.find("no newline"), std::string::npos);
  EXPECT_GT(alone[0].out.size(), 256u);
}

::testing::Environment* const cleanup =
    ::testing::AddGlobalTestEnvironment(new test::ScratchCleanup("cairn_fuzz_group_"));

}  // namespace
}  // namespace cairn::fuzz
