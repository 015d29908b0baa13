// cairn_golden_dump MODE FILE: the in-process outputs that tests/golden/run.py compares with golden files and that
// no cairn command prints as such.
//   tokens FILE     the lexer's dump of the whole file, then each refusal as `error[CODE] LINE:COL MESSAGE`
//   ast FILE        the parser's dump of the whole file, then its refusals the same way
//   diff-human FILE a cairn.diff/1 record (JSON) rendered as cairn diff's human output
//   diff-md FILE    the same record rendered as its Markdown report
// Exit 0 with the text on standard output; 2 on a usage error or an unreadable file.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "diff/render.h"
#include "front/diag/diagnostic.h"
#include "front/parse/parse.h"
#include "front/syntax/ast.h"

namespace {

bool read_whole(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  text = ss.str();
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: cairn_golden_dump tokens|ast|diff-human|diff-md FILE\n";
    return 2;
  }
  std::string mode = argv[1], text;
  if (!read_whole(argv[2], text)) {
    std::cerr << "cairn_golden_dump: cannot read " << argv[2] << "\n";
    return 2;
  }
  using namespace cairn;
  if (mode == "tokens" || mode == "ast") {
    SourceSet sources;
    uint32_t id = sources.add("golden.cairn", text);
    DiagSink sink;
    if (mode == "tokens") {
      std::cout << dump_tokens(sources, id, sink);
    } else {
      ast::Arena arena;
      ast::File file = parse_file(sources, id, arena, sink);
      std::cout << dump_ast(sources, file, sink);
    }
    return 0;
  }
  if (mode == "diff-human" || mode == "diff-md") {
    auto record = nlohmann::ordered_json::parse(text, nullptr, false);
    if (record.is_discarded()) {
      std::cerr << "cairn_golden_dump: " << argv[2] << " is not JSON\n";
      return 2;
    }
    std::cout << (mode == "diff-human" ? diff::render_human(record) : diff::render_markdown(record));
    return 0;
  }
  std::cerr << "cairn_golden_dump: unknown mode " << mode << "\n";
  return 2;
}
