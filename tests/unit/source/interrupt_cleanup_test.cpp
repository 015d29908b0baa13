// Unit tests of the interrupt cleanup registry (base/interrupt_cleanup.h): what is removed, what is never
// touched (a forgotten path, what a symbolic link points to), and the PID rules of the sweeps.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "base/interrupt_cleanup.h"
#include "tests/unit/scratch_dir.h"

using namespace cairn;
namespace fs = std::filesystem;

namespace {

fs::path dir() {
  fs::path d = test::scratch_dir("cairn-cleanup-test-");
  fs::create_directories(d);
  return d;
}

void write(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

const auto* cleanup = ::testing::AddGlobalTestEnvironment(new test::ScratchCleanup("cairn-cleanup-test-"));

}  // namespace

TEST(InterruptCleanup, RemovesRegisteredTreesAndFilesOnly) {
  fs::path d = dir() / "cleanup";
  fs::create_directories(d / "tree/a/b/c");
  fs::create_directories(d / "outside");
  write(d / "tree/a/b/c/deep.txt", "x");
  for (int i = 0; i < 200; ++i) write(d / "tree/a" / ("f" + std::to_string(i)), "x");  // more than one read
  fs::create_symlink(d / "outside", d / "tree/link");  // removed as a link, never followed
  write(d / "outside/keep", "x");
  write(d / "file.tmp.1", "x");
  write(d / "forgotten.tmp.1", "x");
  remove_on_interrupt((d / "tree").string(), Cleanup::Tree);
  remove_on_interrupt((d / "file.tmp.1").string(), Cleanup::File);
  remove_on_interrupt((d / "forgotten.tmp.1").string(), Cleanup::File);
  forget_on_interrupt((d / "forgotten.tmp.1").string());
  EXPECT_TRUE(run_interrupt_cleanup());
  EXPECT_FALSE(fs::exists(d / "tree"));
  EXPECT_FALSE(fs::exists(d / "file.tmp.1"));
  EXPECT_TRUE(fs::exists(d / "forgotten.tmp.1"));
  EXPECT_TRUE(fs::exists(d / "outside/keep"));
  EXPECT_TRUE(run_interrupt_cleanup());  // what is gone counts as removed
  forget_on_interrupt((d / "tree").string());
  forget_on_interrupt((d / "file.tmp.1").string());
}

TEST(InterruptCleanup, PidsInNames) {
  EXPECT_EQ(pid_in_name("1234"), 1234);
  EXPECT_EQ(pid_in_name("2147483647"), 2147483647);
  EXPECT_EQ(pid_in_name("2147483648"), -1);
  EXPECT_EQ(pid_in_name("01234"), -1);
  EXPECT_EQ(pid_in_name("0"), -1);
  EXPECT_EQ(pid_in_name(""), -1);
  EXPECT_EQ(pid_in_name("12a"), -1);
  EXPECT_EQ(pid_in_name("-12"), -1);
  EXPECT_EQ(pid_in_name("+12"), -1);
  EXPECT_FALSE(process_gone(getpid()));
  EXPECT_FALSE(process_gone(0));
  EXPECT_FALSE(process_gone(-1));
  EXPECT_TRUE(process_gone(4194305));  // past the largest pid_max Linux allows
}
