// Several programs of a board batch image per emulator start (tools.md §6.2). An emulator start costs about 40 ms
// of CPU (its loader and machine set-up), about what one compiler spends on a program. A group start names a nonce
// and several members on the image's command line, and the image runs them in order, writing after each one that
// returns an end line `\x1e cairn-fuzz-end NONCE MEMBER STATUS` to the UART. The host cuts the UART's bytes there.
//
// What a group gives is only what a program alone would give:
// - a member with its end line returned normally: its bytes before the line and its status are its outcome;
// - the first member without one ended the start: when that was a trap with its report, the bytes after the
//   last end line are its output; anything else (a timeout, a crash, a lost report, a truncated capture) is run
//   alone, as the single-program path runs it;
// - the members after it start a new group;
// - a member whose group outcome disagrees with the reference is run again alone, and that run is its outcome,
//   so no program is blamed for what an earlier one left behind.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "fuzz/run/outcome.h"
#include "targets/board.h"

namespace cairn::fuzz {

// Members per emulator start: the starts saved level off past 16, and a smaller group redoes less after a trap.
constexpr size_t kBoardGroup = 16;

// The word that opens a group's command line (the image's dispatcher looks for its last occurrence, so an image
// path holding it is harmless).
constexpr const char* kGroupWord = "cairn-group";

// The word that opens an end line, after the byte 0x1e.
constexpr const char* kEndWord = "cairn-fuzz-end";

// The image's command line for a group: "cairn-group NONCE M1 M2 ...".
std::string group_append(const std::string& nonce, const std::vector<size_t>& members);

// The end line the image writes after `member` returns with `status`.
std::string group_end_line(const std::string& nonce, size_t member, int status);

struct GroupSplit {
  std::vector<std::pair<std::string, int>> done;  // in order, the first members that wrote their end line: stdout,
                                                  // status
  std::string rest;                               // the bytes after the last end line
};

// Cuts a group start's UART bytes at the end lines of `members`, in order; stops at the first member whose end
// line is missing or malformed.
GroupSplit split_group_output(const std::string& out, const std::string& nonce, const std::vector<size_t>& members);

// What one emulator start of a group gave.
struct GroupStart {
  std::vector<Outcome> done;   // the first members, each returned normally (Exited with its status)
  std::optional<Outcome> cut;  // the next member, when it ended the start with a trap and its whole report
};

// Starts the emulator once on `members` of `image` (its trap report on), `timeout_s` for the whole start. Every
// member that neither finished nor trapped is left out of the result: the caller runs it alone.
GroupStart start_group(const targets::Board& board, const std::string& image, const std::vector<size_t>& members,
                       double timeout_s, const std::string& nonce);

}  // namespace cairn::fuzz
