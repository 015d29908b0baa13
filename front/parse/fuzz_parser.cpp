// libFuzzer entry for the parser: any bytes give a tree or one lex/parse refusal, held to the refusal
// contract of tools.md §6.6; an accepted tree dumps.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "front/driver/fuzz_harness.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > cairn::fuzzing::kMaxInputBytes) return -1;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  cairn::fuzzing::on_big_stack([&] {
    std::unique_ptr<cairn::fuzzing::FrontRun> r = cairn::fuzzing::front_run(text, false);
    cairn::DiagSink dump;
    cairn::dump_ast(r->sources, r->files.front(), dump);
  });
  return 0;
}
