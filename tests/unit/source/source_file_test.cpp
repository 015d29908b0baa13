// Unit tests of the one source rule (front/source/source_file.h): what is read, what is refused and why.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "front/source/source_file.h"
#include "tests/unit/scratch_dir.h"

using namespace cairn;
namespace fs = std::filesystem;

namespace {

fs::path dir() {
  fs::path d = test::scratch_dir("cairn-source-test-");
  fs::create_directories(d);
  return d;
}

void write(const fs::path& p, const std::string& text) { std::ofstream(p, std::ios::binary) << text; }

const auto* cleanup = ::testing::AddGlobalTestEnvironment(new test::ScratchCleanup("cairn-source-test-"));

}  // namespace

TEST(ReadSourceFile, ARegularFileWithinTheLimit) {
  fs::path p = dir() / "ok.cairn";
  write(p, "const A:u64 = 1;\n");
  std::string text, fault;
  EXPECT_EQ(read_source_file(p, 100, text, fault), SourceRead::Ok);
  EXPECT_EQ(text, "const A:u64 = 1;\n");
  EXPECT_EQ(read_source_file(p, 17, text, fault), SourceRead::Ok);  // exactly the limit
  EXPECT_EQ(read_source_file(p, 16, text, fault), SourceRead::TooLarge);
  EXPECT_EQ(fault, "is larger than 16 bytes");
  EXPECT_TRUE(text.empty());
}

TEST(ReadSourceFile, NotRegularFilesAreNeverRead) {
  fs::path fifo = dir() / "pipe.cairn";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  std::string text, fault;
  EXPECT_EQ(read_source_file(fifo, kMaxSourceBytes, text, fault), SourceRead::Unreadable);  // returns: no writer
  EXPECT_EQ(fault, "is not a regular file");
  EXPECT_EQ(read_source_file("/dev/zero", kMaxSourceBytes, text, fault), SourceRead::Unreadable);
  EXPECT_EQ(fault, "is not a regular file");
  EXPECT_EQ(read_source_file(dir(), kMaxSourceBytes, text, fault), SourceRead::Unreadable);
  EXPECT_EQ(fault, "is a directory");
}

TEST(ReadSourceFile, TheReasonAPathCannotBeRead) {
  fs::path d = dir();
  fs::create_symlink("loop-b", d / "loop-a");
  fs::create_symlink("loop-a", d / "loop-b");
  std::string text, fault;
  EXPECT_EQ(read_source_file(d / "loop-a", kMaxSourceBytes, text, fault), SourceRead::Unreadable);
  EXPECT_EQ(fault, "cannot be resolved: it goes through a loop of symbolic links (or more than 40 links)");
  EXPECT_EQ(read_source_file(d / std::string(300, 'n'), kMaxSourceBytes, text, fault), SourceRead::Unreadable);
  EXPECT_EQ(fault.rfind("cannot be resolved: it is too long", 0), 0u) << fault;
  EXPECT_EQ(read_source_file(d / "missing", kMaxSourceBytes, text, fault), SourceRead::Unreadable);
  EXPECT_EQ(fault, "does not exist");
  EXPECT_EQ(path_errno_fault(EACCES), "cannot be read: permission denied");
}

TEST(PathKind, FilesDirectoriesAndTheRest) {
  fs::path d = dir();
  write(d / "k.cairn", "");
  std::string fault;
  EXPECT_EQ(path_kind(d / "k.cairn", fault), PathKind::File);
  EXPECT_EQ(path_kind(d, fault), PathKind::Directory);
  EXPECT_EQ(path_kind("/dev/null", fault), PathKind::Fault);
  EXPECT_EQ(fault, "is not a regular file or a directory");
  EXPECT_EQ(path_kind(d / "nothing", fault), PathKind::Fault);
  EXPECT_EQ(fault, "does not exist");
}

TEST(Grouped, ThousandsSeparators) {
  EXPECT_EQ(grouped(0), "0");
  EXPECT_EQ(grouped(999), "999");
  EXPECT_EQ(grouped(1000), "1,000");
  EXPECT_EQ(grouped(16'000'000), "16,000,000");
}
