// Unit tests of project loading on real directories: dependencies, order, symlinks, missing files.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "front/project/project.h"

namespace fs = std::filesystem;
using cairn::project::load_project;
using cairn::project::LoadError;
using cairn::project::Project;

namespace {

class Loader : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string tmpl = (fs::temp_directory_path() / "cairn-loader-XXXXXX").string();
    root_ = mkdtemp(tmpl.data());
  }
  void TearDown() override { fs::remove_all(root_); }
  void write(const std::string& rel, const std::string& text) {
    fs::path p = fs::path(root_) / rel;
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
  }
  std::string path(const std::string& rel) const { return (fs::path(root_) / rel).string(); }
  std::string root_;
};

}  // namespace

TEST_F(Loader, SingleFile) {
  write("hello.cairn", "fn main() -> i32 { return 0; }\n");
  Project p;
  LoadError e;
  ASSERT_TRUE(load_project(path("hello.cairn"), p, e)) << e.message;
  EXPECT_TRUE(p.single_file);
  EXPECT_EQ(p.name, "hello");
  ASSERT_EQ(p.files.size(), 1u);
  EXPECT_EQ(p.files[0].display_name, path("hello.cairn"));
}

TEST_F(Loader, DependenciesDepthFirstOnce) {
  write("cairn.toml", "[project]\nname = \"app\"\nsources = [\"main.cairn\"]\n[dependencies]\na = \"deps/a\"\nb = \"deps/b\"\n");
  write("main.cairn", "");
  write("deps/a/cairn.toml", "[project]\nname = \"a\"\nsources = [\"a.cairn\"]\n[dependencies]\nc = \"c\"\n");
  write("deps/a/a.cairn", "");
  write("deps/a/c/cairn.toml", "[project]\nname = \"c\"\nsources = [\"c.cairn\"]\n");
  write("deps/a/c/c.cairn", "");
  write("deps/b/cairn.toml", "[project]\nname = \"b\"\nsources = [\"b.cairn\"]\n");
  write("deps/b/b.cairn", "");
  Project p;
  LoadError e;
  ASSERT_TRUE(load_project(root_, p, e)) << e.message;
  ASSERT_EQ(p.files.size(), 4u);
  EXPECT_EQ(p.files[0].display_name, "deps/a/c/c.cairn");
  EXPECT_EQ(p.files[1].display_name, "deps/a/a.cairn");
  EXPECT_EQ(p.files[2].display_name, "deps/b/b.cairn");
  EXPECT_EQ(p.files[3].display_name, "main.cairn");
  EXPECT_EQ(p.own_files_begin, 3u);
  EXPECT_TRUE(p.files[0].dependency);
  EXPECT_FALSE(p.files[3].dependency);
}

TEST_F(Loader, ManifestOfAnyName) {
  write("bench.toml", "[project]\nname = \"bench\"\nsources = [\"src/b.cairn\"]\n");
  write("src/b.cairn", "");
  Project p;
  LoadError e;
  ASSERT_TRUE(load_project(path("bench.toml"), p, e)) << e.message;
  EXPECT_EQ(p.name, "bench");
  EXPECT_EQ(p.files[0].display_name, "src/b.cairn");
}

TEST_F(Loader, MissingSourceNamesTheLine) {
  write("cairn.toml", "[project]\nname = \"app\"\nsources = [\n  \"main.cairn\",\n  \"gone.cairn\"]\n");
  write("main.cairn", "");
  Project p;
  LoadError e;
  ASSERT_FALSE(load_project(root_, p, e));
  EXPECT_EQ(e.line, 5u);
  EXPECT_EQ(e.file, path("cairn.toml"));
  EXPECT_NE(e.message.find("gone.cairn"), std::string::npos);
}

TEST_F(Loader, SymlinkedSourceOrDirectoryIsRefused) {
  write("real/main.cairn", "");
  fs::create_directory_symlink(path("real"), path("link"));
  write("cairn.toml", "[project]\nname = \"app\"\nsources = [\"link/main.cairn\"]\n");
  Project p;
  LoadError e;
  ASSERT_FALSE(load_project(root_, p, e));
  EXPECT_NE(e.message.find("symbolic link"), std::string::npos);
  fs::create_symlink(path("real/main.cairn"), path("m.cairn"));
  write("cairn.toml", "[project]\nname = \"app\"\nsources = [\"m.cairn\"]\n");
  ASSERT_FALSE(load_project(root_, p, e));
  EXPECT_NE(e.message.find("symbolic link"), std::string::npos);
}

TEST_F(Loader, CyclesAndDepth) {
  write("cairn.toml", "[project]\nname = \"app\"\nsources = [\"m.cairn\"]\n[dependencies]\na = \"a\"\n");
  write("m.cairn", "");
  write("a/cairn.toml", "[project]\nname = \"a\"\nsources = [\"a.cairn\"]\n[dependencies]\nb = \"b\"\n");
  write("a/a.cairn", "");
  write("a/b/cairn.toml", "[project]\nname = \"b\"\nsources = [\"b.cairn\"]\n[dependencies]\nc = \"c\"\n");
  write("a/b/b.cairn", "");
  write("a/b/c/cairn.toml", "[project]\nname = \"c\"\nsources = [\"c.cairn\"]\n[dependencies]\nd = \"d\"\n");
  write("a/b/c/c.cairn", "");
  write("a/b/c/d/cairn.toml", "[project]\nname = \"d\"\nsources = [\"d.cairn\"]\n");
  write("a/b/c/d/d.cairn", "");
  Project p;
  LoadError e;
  ASSERT_TRUE(load_project(root_, p, e)) << e.message;  // depth 4 is allowed
  write("a/b/c/d/cairn.toml", "[project]\nname = \"d\"\nsources = [\"d.cairn\"]\n[dependencies]\ne = \"e\"\n");
  write("a/b/c/d/e/cairn.toml", "[project]\nname = \"e\"\nsources = [\"e.cairn\"]\n");
  write("a/b/c/d/e/e.cairn", "");
  ASSERT_FALSE(load_project(root_, p, e));
  EXPECT_NE(e.message.find("deeper"), std::string::npos);
  EXPECT_EQ(e.file, path("a/b/c/d/cairn.toml"));
}

TEST_F(Loader, MissingPathAndDirectoryWithoutManifest) {
  Project p;
  LoadError e;
  EXPECT_FALSE(load_project(path("nothing.cairn"), p, e));
  EXPECT_FALSE(load_project(root_, p, e));
  EXPECT_NE(e.message.find("cairn.toml"), std::string::npos);
}

TEST_F(Loader, HugeManifestIsRefusedBeforeReading) {
  write("cairn.toml", std::string(2u << 20, '#'));
  Project p;
  LoadError e;
  ASSERT_FALSE(load_project(root_, p, e));
  EXPECT_NE(e.message.find("larger"), std::string::npos);
}

TEST_F(Loader, SourceLimit) {
  write("big.cairn", "");
  fs::resize_file(path("big.cairn"), 16'000'001);
  Project p;
  LoadError e;
  ASSERT_TRUE(load_project(path("big.cairn"), p, e));
  cairn::SourceSet sources;
  ASSERT_FALSE(cairn::project::read_sources(p, sources, e));
  EXPECT_TRUE(e.source_limit);
  EXPECT_EQ(sources.size(), 0u);
}
