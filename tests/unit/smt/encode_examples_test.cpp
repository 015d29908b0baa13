// Every function of every example encodes, or is refused with a named construct: never an internal fault.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

#include "encode_support.h"

namespace cairn::smt::test {
namespace {

TEST(EncodeExamples, EveryFunctionEncodesOrIsRefusedByName) {
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(source_dir() + "/examples"))
    if (e.path().extension() == ".cairn") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  ASSERT_FALSE(files.empty());
  int encoded = 0, refused = 0;
  for (const std::string& path : files) {
    auto p = load_file(path);
    if (!p) continue;  // an example that shows a refusal
    for (const check::FnInfo& f : p->run.program->fns) {
      const ir::Function* fn = p->mod.find(&f);
      if (!fn || f.is_test) continue;
      Context c;
      Inputs in = make_inputs(c, f);
      Encoded e = encode_call(c, p->mod, *fn, in);
      std::string name = std::filesystem::path(path).filename().string() + ":" + f.name;
      if (!e.unsupported) {
        ++encoded;
        EXPECT_FALSE(e.trapped.is_null()) << name;
        continue;
      }
      ++refused;
      std::printf("  %s: %s\n", name.c_str(), e.unsupported->c_str());
      EXPECT_EQ(e.unsupported->rfind("internal", 0), std::string::npos) << name << ": " << *e.unsupported;
    }
  }
  std::printf("examples: %d functions encoded, %d refused\n", encoded, refused);
  EXPECT_GT(encoded, 20);
}

}  // namespace
}  // namespace cairn::smt::test
