// The static-link probe of the fuzz batches (fuzz/run/batch.h, links_static): yes for a compiler that links a
// static C++ program (and the probe it built has no dynamic loader), no for one that refuses -static, so a machine
// without libc.a or libstdc++.a links its batches dynamically instead of blaming every program.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "base/atomic_file.h"
#include "fuzz/run/batch.h"
#include "targets/toolchain.h"
#include "../scratch_dir.h"

namespace cairn::fuzz {
namespace {

namespace fs = std::filesystem;

std::string read_all(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Whether an ELF64 file has a PT_INTERP program header (it names a dynamic loader).
bool has_interp(const std::string& elf) {
  auto num = [&](size_t at, size_t n) {
    uint64_t v = 0;
    for (size_t i = 0; i < n; ++i) v |= static_cast<uint64_t>(static_cast<unsigned char>(elf[at + i])) << (8 * i);
    return v;
  };
  if (elf.size() < 64 || elf.compare(0, 4, "\x7f" "ELF") != 0) return true;
  uint64_t off = num(32, 8), size = num(54, 2), count = num(56, 2);
  for (uint64_t i = 0; i < count && off + (i + 1) * size <= elf.size(); ++i)
    if (num(off + i * size, 4) == 3) return true;
  return false;
}

TEST(FuzzStaticLink, ProbeAnswersPerCompiler) {
  std::string error;
  std::optional<targets::Compiler> gcc = targets::find_compiler("gcc", error);
  if (!gcc) GTEST_SKIP() << "no g++ here: " << error;
  fs::path dir = test::scratch_dir("cairn_fuzz_static_");
  fs::create_directories(dir / "real");
  fs::create_directories(dir / "refusing");

  EXPECT_TRUE(links_static(gcc->path, (dir / "real").string()));
  std::string probe = read_all(dir / "real" / "static-probe");
  ASSERT_FALSE(probe.empty()) << "the probe was built";
  EXPECT_FALSE(has_interp(probe)) << "a static binary names no dynamic loader";

  // A compiler that refuses -static and builds anything else, as one without libc.a would.
  std::string script = (dir / "refusing" / "cc").string();
  ASSERT_TRUE(write_file_atomic(script,
                                "#!/bin/sh\nfor a in \"$@\"; do [ \"$a\" = -static ] && exit 1; done\nexec " +
                                    gcc->path + " \"$@\"\n",
                                error))
      << error;
  ASSERT_EQ(chmod(script.c_str(), 0755), 0);
  EXPECT_FALSE(links_static(script, (dir / "refusing").string()));
  EXPECT_FALSE(links_static(script, (dir / "refusing").string())) << "the answer is kept";
  EXPECT_TRUE(links_static(gcc->path, (dir / "refusing").string())) << "per compiler";
}

::testing::Environment* const cleanup =
    ::testing::AddGlobalTestEnvironment(new test::ScratchCleanup("cairn_fuzz_static_"));

}  // namespace
}  // namespace cairn::fuzz
