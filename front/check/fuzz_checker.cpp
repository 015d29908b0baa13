// libFuzzer entry for the checker: bytes that parse are checked as the driver checks one file; every refusal
// is held to the contract of tools.md §6.6 (a code owned by a rule card, a line within the input, never
// E-INTERNAL).
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "front/driver/fuzz_harness.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > cairn::fuzzing::kMaxInputBytes) return -1;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  cairn::fuzzing::on_big_stack([&] { (void)cairn::fuzzing::front_run(text, true); });
  return 0;
}
