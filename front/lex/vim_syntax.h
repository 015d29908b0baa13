// The Vim syntax file of CAIRN (editors/vim/syntax/cairn.vim), generated from the lexer's token table
// (reserved and contextual words), the scalar types and the builtin functions, so it never drifts from them.
#pragma once
#include <string>

namespace cairn::lex {

std::string vim_syntax();

}  // namespace cairn::lex
