// libFuzzer entry for the formatter: any bytes are formatted or left alone with a reason, never crash; what is
// formatted keeps its tokens and comments (checked inside format_source) and formats again to itself.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "front/driver/fuzz_harness.h"
#include "front/fmt/format.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > cairn::fuzzing::kMaxInputBytes) return -1;
  std::string text(reinterpret_cast<const char*>(data), size);
  cairn::fuzzing::on_big_stack([&] {
    for (bool require_parse : {true, false}) {
      cairn::fmt::FormatOptions options;
      options.require_parse = require_parse;
      cairn::fmt::FormatResult once = cairn::fmt::format_source(text, options);
      if (!once.ok) {
        if (once.reason.empty()) std::abort();
        // a safety failure is a formatter defect: the output would not mean the input
        if (once.kind == cairn::fmt::NotFormatted::TokensDiffer || once.kind == cairn::fmt::NotFormatted::CommentsDiffer)
          std::abort();
        continue;
      }
      cairn::fmt::FormatResult twice = cairn::fmt::format_source(once.text, options);
      if (!twice.ok || twice.text != once.text) std::abort();  // not idempotent
    }
  });
  return 0;
}
