// The freestanding targets of boards.def: finding one and its cross tools, and the files of targets/<name>/
// (start-up code, support routines, linker script) built into cairn.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "targets/runtime_files.h"

namespace cairn::targets {

struct Board {
  std::string name;                    // "aarch64-virt"
  std::string tool_prefix;             // "aarch64-linux-gnu-": g++, nm and size are found on PATH with it
  std::vector<std::string> cpu_flags;  // code generation flags for the board's processor
  std::vector<std::string> emulator;   // the emulator's command line, the image path to follow
};

// The board named `name`, or nullopt when it is not a freestanding target ("hosted" included).
std::optional<Board> find_board(const std::string& name);

// The names of the freestanding targets, in table order.
std::vector<std::string> board_names();

// The files of targets/<name>/, sorted by name ("start.S", "support.S", "link.ld"); empty when none.
std::vector<RuntimeFile> board_files(const std::string& name);

// What a build or a run of `board` needs and does not find on PATH, as one sentence ("" when everything is
// there): the cross compiler, nm and size for a build; with `to_run`, the emulator too.
std::string board_missing(const Board& board, bool to_run);

}  // namespace cairn::targets
