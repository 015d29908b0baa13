// What the tests of the reducer's token edits share: the candidates one edit family gives for a text, whether a
// text is among them, and the checker's verdict on a text as the reducer asks for it.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "front/driver/driver.h"
#include "front/lex/lexer.h"

namespace cairn::fuzz {

using EditFamily = void (*)(const std::string& src, const std::vector<lex::Token>& tokens,
                            std::vector<std::string>& out);

inline std::vector<std::string> candidates_of(EditFamily family, const std::string& text) {
  SourceSet sources;
  uint32_t id = sources.add("t.cairn", text);
  DiagSink sink;
  lex::LexResult lr = lex::lex_file(sources, id, sink);
  EXPECT_TRUE(lr.ok);
  std::vector<std::string> out;
  family(sources.file(id).text, lr.tokens, out);
  return out;
}

inline bool has(const std::vector<std::string>& c, const std::string& text) {
  return std::find(c.begin(), c.end(), text) != c.end();
}

// Accepted by the checker, with a main (the reducer's first test of a candidate).
inline bool typed(const std::string& text) {
  std::string path = ::testing::TempDir() + "/cairn_edit_candidate.cairn";
  FILE* f = std::fopen(path.c_str(), "wb");
  std::fwrite(text.data(), 1, text.size(), f);
  std::fclose(f);
  driver::CheckRun run = driver::run(path);
  return run.outcome == driver::Outcome::Typed && run.program && run.program->main;
}

}  // namespace cairn::fuzz
