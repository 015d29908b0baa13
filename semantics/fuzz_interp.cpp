// libFuzzer entry for the reference interpreter (tools.md §6.6): every input the checker accepts runs its
// `main` within a step and memory budget; a trap or an exhausted budget is a clean stop, a crash or sanitizer
// report a finding. Refusals are held to the front end's contract first.
#include <fcntl.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "front/driver/fuzz_harness.h"
#include "semantics/embed.h"

namespace {

// Small enough that a run takes milliseconds under the sanitizers, large enough for real programs' loops.
constexpr uint64_t kMaxSteps = 200000;
constexpr uint64_t kMemoryBytes = uint64_t{64} << 20;

void run_main(const cairn::fuzzing::FrontRun& r) {
  std::unique_ptr<cairn::sem::Engine> engine = cairn::sem::Engine::compile(*r.program, r.sources);
  const cairn::check::FnInfo* entry = engine->find("main");
  if (!entry) return;  // a library: nothing to run
  cairn::sem::Limits limits;
  limits.memory_bytes = kMemoryBytes;
  limits.max_steps = kMaxSteps;
  limits.max_call_depth = 2000;
  // On the harness's big-stack thread run_entry runs in place (the stack it would make a thread for).
  cairn::fuzzing::on_big_stack([&] { (void)engine->run_entry(*entry, limits, -1); });
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // The programs print: their standard output goes nowhere (libFuzzer reports on standard error).
  int null = ::open("/dev/null", O_WRONLY);
  if (null >= 0) {
    ::dup2(null, 1);
    ::close(null);
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > cairn::fuzzing::kMaxInputBytes) return -1;
  std::string_view text(reinterpret_cast<const char*>(data), size);
  std::unique_ptr<cairn::fuzzing::FrontRun> r;
  cairn::fuzzing::on_big_stack([&] { r = cairn::fuzzing::front_run(text, true); });
  if (r->program) run_main(*r);
  return 0;
}
