// libFuzzer entry for the parser: any bytes give a tree or one lex/parse refusal at a valid position.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "front/parse/parse.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  cairn::SourceSet sources;
  uint32_t id = sources.add("fuzz.cairn", std::string(reinterpret_cast<const char*>(data), size));
  cairn::DiagSink sink;
  cairn::ast::Arena arena;
  cairn::ast::File file = cairn::parse_file(sources, id, arena, sink);
  int front = 0;
  for (const cairn::Diagnostic& d : sink.all()) {
    if (d.phase == cairn::Phase::Lex || d.phase == cairn::Phase::Parse) ++front;
    if (d.pos.file != id || d.pos.line == 0 || d.pos.col == 0) std::abort();
    if (d.pos.line > sources.file(id).line_starts.size()) std::abort();
  }
  if (front > 1) std::abort();
  cairn::dump_ast(sources, file, sink);
  return 0;
}
