// Unit tests of the manifest TOML subset reader: what it reads and the first thing it refuses.
#include <gtest/gtest.h>

#include "front/project/toml.h"

using cairn::project::parse_toml;
using cairn::project::TomlDoc;
using cairn::project::TomlError;
using cairn::project::TomlValue;

namespace {

TomlDoc ok(const std::string& text) {
  TomlDoc doc;
  TomlError err;
  EXPECT_TRUE(parse_toml(text, doc, err)) << err.line << ": " << err.message;
  return doc;
}

TomlError refused(const std::string& text) {
  TomlDoc doc;
  TomlError err;
  EXPECT_FALSE(parse_toml(text, doc, err)) << text;
  return err;
}

}  // namespace

TEST(Toml, TablesStringsArraysComments) {
  TomlDoc doc = ok("# a manifest\n[project]\nname = \"demo\" # trailing\nsources = [\"a.cairn\",\n  # c\n  \"b.cairn\",\n]\n\n[build]\nkind='exe'\n");
  ASSERT_EQ(doc.tables.size(), 3u);
  EXPECT_EQ(doc.tables[1].name, "project");
  EXPECT_EQ(doc.tables[1].line, 2u);
  ASSERT_EQ(doc.tables[1].entries.size(), 2u);
  EXPECT_EQ(doc.tables[1].entries[0].value.str, "demo");
  const TomlValue& v = doc.tables[1].entries[1].value;
  EXPECT_EQ(v.kind, TomlValue::Kind::Array);
  ASSERT_EQ(v.items.size(), 2u);
  EXPECT_EQ(v.items[1], "b.cairn");
  EXPECT_EQ(v.item_lines[1], 6u);
  EXPECT_EQ(doc.tables[2].entries[0].value.str, "exe");
}

TEST(Toml, EscapesAndEmptyArray) {
  TomlDoc doc = ok("[t]\na = \"x\\\"y\\u00e9\"\nb = []\n");
  EXPECT_EQ(doc.tables[1].entries[0].value.str, "x\"y\xC3\xA9");
  EXPECT_TRUE(doc.tables[1].entries[1].value.items.empty());
}

TEST(Toml, CrLfAndBom) {
  TomlDoc doc = ok("\xEF\xBB\xBF[t]\r\na = \"1\"\r\n");
  EXPECT_EQ(doc.tables[1].entries[0].value.str, "1");
}

TEST(Toml, RefusesOtherValueTypes) {
  EXPECT_EQ(refused("[t]\na = 1\n").line, 2u);
  refused("[t]\na = true\n");
  refused("[t]\na = {x = \"1\"}\n");
  refused("[t]\na = [1, 2]\n");
  refused("[t]\na = [[\"x\"]]\n");
  refused("[t]\na = \"\"\"x\"\"\"\n");
}

TEST(Toml, RefusesStructureOutsideTheSubset) {
  EXPECT_EQ(refused("[[t]]\n").line, 1u);
  refused("[a.b]\n");
  refused("[t]\na.b = \"x\"\n");
  EXPECT_EQ(refused("[t]\na = \"x\"\na = \"y\"\n").line, 3u);
  EXPECT_EQ(refused("[t]\n[u]\n[t]\n").line, 3u);
  refused("[t]\na = \"x\" b = \"y\"\n");
  refused("[t]\na = \"unterminated\n");
  refused("[t]\na = [\"x\"\n");
  refused("[t]\na = \"bad \\q escape\"\n");
  refused("[t\n");
  refused("[t]\n= \"x\"\n");
}

TEST(Toml, RefusesControlCharactersAndBadUtf8) {
  refused(std::string("[t]\na = \"x\x01y\"\n"));
  refused(std::string("[t]\na = \"\xC3\x28\"\n"));
  refused(std::string("# \xFF\n"));
  refused(std::string("[t]\na = \"x\"\r[u]\n"));
}

TEST(Toml, RandomBytesNeverCrash) {
  uint32_t state = 12345;
  for (int round = 0; round < 2000; ++round) {
    std::string text;
    int n = static_cast<int>(state % 64);
    for (int i = 0; i < n; ++i) {
      state = state * 1103515245u + 12345u;
      const char alphabet[] = "[]=\"'#\n ,abc\\u{}.\r\x01\xC3";
      text += alphabet[(state >> 16) % (sizeof alphabet - 1)];
    }
    TomlDoc doc;
    TomlError err;
    if (!parse_toml(text, doc, err)) {
      EXPECT_FALSE(err.message.empty());
      EXPECT_GE(err.line, 1u);
    }
  }
}
