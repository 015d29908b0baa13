// libFuzzer entry for the lexer: any bytes give tokens or one E-LEX, held to the refusal contract of
// tools.md §6.6, and the token dump never fails.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "front/driver/fuzz_harness.h"
#include "front/lex/lexer.h"
#include "front/parse/parse.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > cairn::fuzzing::kMaxInputBytes) return -1;
  std::string text(reinterpret_cast<const char*>(data), size);
  cairn::SourceSet sources;
  uint32_t id = sources.add("fuzz.cairn", text);
  cairn::DiagSink sink;
  cairn::lex::LexResult lexed = cairn::lex::lex_file(sources, id, sink);
  if (lexed.tokens.empty() || lexed.tokens.back().kind != cairn::lex::TokKind::Eof) std::abort();
  if (lexed.ok != sink.empty() || sink.count() > 1) std::abort();
  for (const cairn::Diagnostic& d : sink.all()) cairn::fuzzing::require_refusal_contract(d, text, id);
  cairn::DiagSink dump_sink;
  cairn::dump_tokens(sources, id, dump_sink);
  if (dump_sink.count() != sink.count()) std::abort();
  return 0;
}
