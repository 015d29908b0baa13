// Unit tests of targets/exec and targets/toolchain: programs found on PATH, exec'd children with a side
// channel named in their environment, a program that cannot start, an absolute address-space cap, and
// compiler discovery.
#include <gtest/gtest.h>

#include <cstdlib>

#include "targets/exec.h"
#include "targets/toolchain.h"

namespace cairn::targets {
namespace {

TEST(Exec, FindsProgramsOnPath) {
  std::string sh = find_on_path("sh");
  ASSERT_FALSE(sh.empty());
  EXPECT_EQ(sh.front(), '/');
  EXPECT_TRUE(find_on_path("no-such-program-cairn-xyz").empty());
  EXPECT_EQ(find_on_path("/bin/sh"), "/bin/sh");
}

TEST(Exec, RunsAProgramWithItsStatusAndStreams) {
  ProcessOptions o;
  o.capture = true;
  ProcessResult r = run_program({{"sh", "-c", "echo out; echo err >&2; exit 7"}, {}, "", {}}, o);
  ASSERT_TRUE(r.started);
  EXPECT_EQ(r.status, 7);
  EXPECT_EQ(r.out, "out\n");
  EXPECT_EQ(r.err, "err\n");
}

TEST(Exec, PassesAChannelByItsEnvironmentName) {
  ProcessOptions o;
  o.capture = true;
  o.channels = 1;
  ProcessResult r = run_program({{"sh", "-c", "echo report >&$CAIRN_TRAP_FD; echo \"$EXTRA\""}, {{"EXTRA", "x1"}}, "",
                                 {"CAIRN_TRAP_FD"}},
                                o);
  ASSERT_TRUE(r.started);
  EXPECT_EQ(r.status, 0);
  ASSERT_EQ(r.channels.size(), 1u);
  EXPECT_EQ(r.channels[0], "report\n");
  EXPECT_EQ(r.out, "x1\n");
}

TEST(Exec, AProgramThatCannotStartEndsWith127) {
  ProcessOptions o;
  o.capture = true;
  ProcessResult r = run_program({{"no-such-program-cairn-xyz"}, {}, "", {}}, o);
  ASSERT_TRUE(r.started);
  EXPECT_EQ(r.status, 127);
  EXPECT_NE(r.err.find("cannot run no-such-program-cairn-xyz"), std::string::npos);
}

TEST(Exec, RunsInTheDirectoryAsked) {
  ProcessOptions o;
  o.capture = true;
  ProcessResult r = run_program({{"pwd"}, {}, "/", {}}, o);
  EXPECT_EQ(r.out, "/\n");
}

TEST(Toolchain, FindsCompilersByNameOrRefusesClearly) {
  std::string error;
  for (const std::string& name : compiler_names()) {
    std::optional<Compiler> c = find_compiler(name, error);
    if (!c) {
      EXPECT_NE(error.find("not on PATH"), std::string::npos) << error;
      continue;
    }
    EXPECT_EQ(c->name, name);
    EXPECT_FALSE(c->version.empty());
    EXPECT_EQ(c->path.front(), '/');
  }
  EXPECT_FALSE(find_compiler("icc", error));
  EXPECT_NE(error.find("clang or gcc"), std::string::npos);
}

}  // namespace
}  // namespace cairn::targets
