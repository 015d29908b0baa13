// Batching: many programs' lowered C++ in one translation unit per engine, each in its own namespace, and a
// dispatcher main choosing the program by argv[1] (on a board engine: the last word of the emulator's -append), so
// one compiler start serves a whole batch (tools.md §6.2).
#pragma once
#include <string>
#include <vector>

#include "front/driver/driver.h"
#include "fuzz/run/engine.h"

namespace cairn::fuzz {

// One checked program's C++ as a batch member: everything the lowering writes after the runtime include, with
// the exe main renamed cairn_main.
struct ProgramCpp {
  std::string body;
  bool canonical_nan = false;  // the program observes NaN bits (the whole batch then canonicalizes; unobservable
                               // for the others)
};

// Lowers a checked program (Outcome Typed) as an exe.
ProgramCpp program_cpp(const driver::CheckRun& run);

// The translation unit of `members` for `engine` (the test-only engine's planted rewrite applied here).
std::string batch_unit(const std::vector<const ProgramCpp*>& members, EngineId engine);

struct BatchBuild {
  bool built = false;
  bool environment = false;  // the compiler could not start: not the program's fault
  std::string artifact;      // absolute path
  std::string output;        // the compiler's output when it failed
  double seconds = 0;
};

// Writes the runtime headers into `dir`/runtime once (false with `error` when it cannot).
bool write_runtime(const std::string& dir, std::string& error);

// Whether `compiler` links a static C++ program here (libc.a and libstdc++.a present): a small probe built in
// `dir` the first time a compiler is asked, the answer kept for the process. Without them a batch links dynamically.
bool links_static(const std::string& compiler, const std::string& dir);

// Compiles `cpp` as `dir`/`name`.cpp into `dir`/`name` with the engine's compiler and level, under a limit (a
// board engine: the freestanding image, targets::build_board_image).
BatchBuild build_unit(const std::string& dir, const std::string& name, const std::string& cpp, EngineId engine);

}  // namespace cairn::fuzz
