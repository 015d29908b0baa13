// A freestanding build (language.md §14.7, docs/targets.md): the pieces build_native uses when the target is a
// board of boards.def: the refusals before any compiler runs, the cross compile and link of one ELF image with
// the target's start-up code, and the image's inspection (size; nm -u must be empty).
#pragma once
#include <string>
#include <vector>

#include "front/driver/driver.h"
#include "targets/board.h"
#include "targets/native_build.h"

namespace cairn::targets {

// The refusal of a freestanding build before any compiler runs, as one sentence (an environment failure,
// E-PROJECT-OR-ENVIRONMENT), or "": a target that is not in boards.def, a library, a sanitizer, the profile
// of §14.7, and missing tools (the emulator too when `to_run`).
std::string board_refusal(const driver::CheckRun& run, const BuildOptions& o, bool to_run);

// Writes the target's files (start.S, ..., link.ld) into `dir`; the assembler sources' names come back in
// `sources`, sorted.
bool write_board_files(const Board& board, const std::string& dir, std::vector<std::string>& sources,
                       std::string& error);

// The cross compile and link, run in the build directory: the semantic flags, freestanding code generation,
// no start files or libraries but libgcc, the target's linker script.
std::vector<std::string> board_command(const Board& board, const std::string& compiler, const BuildOptions& o,
                                       const std::vector<std::string>& sources, const std::string& artifact,
                                       const std::string& cpp_name);

// Reads the image's section sizes with PREFIX-size and its undefined symbols with PREFIX-nm -u; false with
// `error` when a tool fails or any symbol is undefined (the image would not run: a defect of cairn).
bool inspect_image(const Board& board, const std::string& image, ImageSize& size, std::string& error);

// One image from C++ the caller wrote (a batch of programs: cairn fuzz): the target's files and the cross compile
// in `dir`, whose runtime/ already holds the runtime headers, at -O`opt` with the trap report on, the image then
// inspected as build_native inspects it. `environment` marks a failure that is not the C++'s (no cross compiler,
// a file that cannot be written).
struct BoardImage {
  bool built = false;
  bool environment = false;
  std::string artifact;  // absolute path of the ELF image
  std::string output;    // the compiler's output, or what failed
};
BoardImage build_board_image(const std::string& target, int opt, const std::string& dir, const std::string& name,
                             const std::string& cpp_name);

}  // namespace cairn::targets
