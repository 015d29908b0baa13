// Unit tests of the manifest rules of language.md §14.4 (keys, types, values, paths as written).
#include <gtest/gtest.h>

#include "front/project/manifest.h"

using cairn::project::Manifest;
using cairn::project::ManifestError;
using cairn::project::read_manifest;

namespace {

Manifest ok(const std::string& text) {
  Manifest m;
  ManifestError err;
  EXPECT_TRUE(read_manifest(text, m, err)) << err.line << ": " << err.message;
  return m;
}

ManifestError refused(const std::string& text) {
  Manifest m;
  ManifestError err;
  EXPECT_FALSE(read_manifest(text, m, err)) << text;
  EXPECT_FALSE(err.message.empty());
  return err;
}

const std::string kHead = "[project]\nname = \"demo\"\nsources = [\"src/main.cairn\"]\n";

}  // namespace

TEST(Manifest, TheSpecExample) {
  Manifest m = ok(
      "[project]\nname = \"demo\"\nsources = [\"src/math.cairn\", \"src/main.cairn\"]\ntests = [\"tests/average.json\"]\n\n"
      "[build]\nkind = \"exe\"\narch = \"baseline\"\ntarget = \"hosted\"\n\n[dependencies]\ngeometry = \"deps/geometry\"\n");
  EXPECT_EQ(m.name, "demo");
  ASSERT_EQ(m.sources.size(), 2u);
  EXPECT_EQ(m.sources[0].text, "src/math.cairn");
  EXPECT_EQ(m.tests.size(), 1u);
  EXPECT_EQ(*m.kind, "exe");
  ASSERT_EQ(m.dependencies.size(), 1u);
  EXPECT_EQ(m.dependencies[0].first, "geometry");
  EXPECT_EQ(m.dependencies[0].second.text, "deps/geometry");
}

TEST(Manifest, Defaults) {
  Manifest m = ok(kHead);
  EXPECT_FALSE(m.kind.has_value());
  EXPECT_EQ(m.arch, "baseline");
  EXPECT_EQ(m.target, "hosted");
  EXPECT_TRUE(m.tests.empty());
}

TEST(Manifest, RequiredKeys) {
  refused("[project]\nsources = [\"a.cairn\"]\n");
  refused("[project]\nname = \"x\"\n");
  refused("[build]\nkind = \"exe\"\n");
  refused("");
}

TEST(Manifest, NamePattern) {
  ok("[project]\nname = \"a-b_C9\"\nsources = [\"a.cairn\"]\n");
  refused("[project]\nname = \"9lives\"\nsources = [\"a.cairn\"]\n");
  refused("[project]\nname = \"\"\nsources = [\"a.cairn\"]\n");
  refused("[project]\nname = \"a b\"\nsources = [\"a.cairn\"]\n");
  refused("[project]\nname = \"" + std::string(65, 'a') + "\"\nsources = [\"a.cairn\"]\n");
  ok("[project]\nname = \"" + std::string(64, 'a') + "\"\nsources = [\"a.cairn\"]\n");
}

TEST(Manifest, UnknownTablesAndKeys) {
  EXPECT_EQ(refused(kHead + "[extra]\n").line, 4u);
  EXPECT_EQ(refused(kHead + "version = \"1\"\n").line, 4u);
  refused("top = \"x\"\n" + kHead);
  refused(kHead + "[build]\nopt = \"2\"\n");
}

TEST(Manifest, WrongValueTypes) {
  refused("[project]\nname = [\"x\"]\nsources = [\"a.cairn\"]\n");
  refused("[project]\nname = \"x\"\nsources = \"a.cairn\"\n");
  refused(kHead + "tests = \"t.json\"\n");
  refused(kHead + "[build]\nkind = [\"exe\"]\n");
  refused(kHead + "[dependencies]\ngeo = [\"deps/geo\"]\n");
}

TEST(Manifest, SourcesAndTestsLists) {
  refused("[project]\nname = \"x\"\nsources = []\n");
  EXPECT_EQ(refused("[project]\nname = \"x\"\nsources = [\"a.cairn\",\n\"a.cairn\"]\n").line, 4u);
  refused("[project]\nname = \"x\"\nsources = [\"a.txt\"]\n");
  refused("[project]\nname = \"x\"\nsources = [\".cairn\"]\n");
  refused(kHead + "tests = [\"t.cairn\"]\n");
  refused(kHead + "tests = [\"t.json\", \"t.json\"]\n");
  std::string many = "[project]\nname = \"x\"\nsources = [";
  for (int i = 0; i < 1025; ++i) many += (i ? ", " : "") + std::string("\"f") + std::to_string(i) + ".cairn\"";
  refused(many + "]\n");
  std::string tests = kHead + "tests = [";
  for (int i = 0; i < 129; ++i) tests += (i ? ", " : "") + std::string("\"t") + std::to_string(i) + ".json\"";
  refused(tests + "]\n");
}

TEST(Manifest, PathSyntax) {
  for (const char* bad : {"/abs/a.cairn", "../a.cairn", "src/../a.cairn", "./a.cairn", "src//a.cairn",
                          "src\\\\a.cairn", "src/./a.cairn", "src/"}) {
    ManifestError e = refused("[project]\nname = \"x\"\nsources = [\"" + std::string(bad) + "\"]\n");
    EXPECT_EQ(e.line, 3u) << bad;
  }
  refused(kHead + "[dependencies]\ngeo = \"../geo\"\n");
  refused(kHead + "[dependencies]\ngeo = \"/geo\"\n");
  refused(kHead + "[dependencies]\n\"9geo\" = \"geo\"\n");
}

TEST(Manifest, BuildValues) {
  ok(kHead + "[build]\nkind = \"library\"\n");
  refused(kHead + "[build]\nkind = \"dll\"\n");
  refused(kHead + "[build]\ntarget = \"wasm\"\n");
  ok(kHead + "[build]\ntarget = \"aarch64-virt\"\nkind = \"exe\"\n");
  refused(kHead + "[build]\ntarget = \"aarch64-virt\"\nkind = \"library\"\n");
  refused(kHead + "[build]\narch = \"sparc\"\n");
  ok(kHead + "[build]\nlibraries = []\n");
}

TEST(Manifest, StageTwoIsRefusedByName) {
  EXPECT_NE(refused(kHead + "[build]\nlibraries = [\"m\"]\n").message.find("Stage 2"), std::string::npos);
  EXPECT_NE(refused(kHead + "[foreign]\n").message.find("Stage 2"), std::string::npos);
  EXPECT_NE(refused(kHead + "[build]\ndevice_target = \"sm_80\"\n").message.find("Stage 2"), std::string::npos);
}

TEST(Manifest, AllowTableListsFunctionsWithReasons) {
  Manifest m = ok(kHead + "\n[allow]\nbucket = \"rounds half up since #41\"\n\"geo.area\" = 'exact formula'\n");
  ASSERT_EQ(m.allow.size(), 2u);
  EXPECT_EQ(m.allow[0].function, "bucket");
  EXPECT_EQ(m.allow[0].reason, "rounds half up since #41");
  EXPECT_EQ(m.allow[0].line, 6u);
  EXPECT_EQ(m.allow[1].function, "geo.area");
  EXPECT_EQ(m.allow[1].reason, "exact formula");
}

TEST(Manifest, AllowEntriesNeedAReasonOnOneLine) {
  EXPECT_NE(refused(kHead + "[allow]\nbucket = \"\"\n").message.find("reason of allow.bucket"), std::string::npos);
  EXPECT_NE(refused(kHead + "[allow]\nbucket = [\"x\"]\n").message.find("allow.bucket takes a string"),
            std::string::npos);
  EXPECT_NE(refused(kHead + "[allow]\n\"two words\" = \"x\"\n").message.find("not a function name"), std::string::npos);
  EXPECT_EQ(refused(kHead + "[allow]\nbucket = \"" + std::string(501, 'r') + "\"\n").line, 5u);
}
