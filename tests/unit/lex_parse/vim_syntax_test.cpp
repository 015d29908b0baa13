// editors/vim/syntax/cairn.vim is generated from the lexer's token table, the scalar types and the builtins
// (front/lex/vim_syntax.h): this test fails when the file is stale; CAIRN_UPDATE_GOLDEN=1 rewrites it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "front/lex/vim_syntax.h"

namespace cairn::lex {
namespace {

TEST(VimSyntax, TheCommittedFileIsTheGeneratedOne) {
  std::string path = std::string(CAIRN_SOURCE_DIR) + "/editors/vim/syntax/cairn.vim";
  std::string want = vim_syntax();
  if (const char* u = std::getenv("CAIRN_UPDATE_GOLDEN"); u && std::string(u) == "1") {
    std::ofstream(path, std::ios::binary) << want;
  }
  std::ifstream in(path, std::ios::binary);
  std::stringstream got;
  got << in.rdbuf();
  EXPECT_EQ(got.str(), want) << path << " is stale: run CAIRN_UPDATE_GOLDEN=1 build/tests/test_lex_parse --gtest_filter=VimSyntax.*";
}

TEST(VimSyntax, NamesEveryReservedWordTypeAndBuiltin) {
  std::string v = vim_syntax();
  for (const char* w : {" fn", " match", " implements", " plan", " u64", " f32", " usize", " add_wrap", " sqrt", " true"})
    EXPECT_NE(v.find(w), std::string::npos) << w;
  std::istringstream lines(v);
  for (std::string l; std::getline(lines, l);)
    if (l.rfind("syn keyword", 0) == 0) {
      EXPECT_LE(l.size(), 100u) << l;
    }
}

}  // namespace
}  // namespace cairn::lex
