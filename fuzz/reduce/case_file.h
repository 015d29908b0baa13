// Kept regression cases (tools.md §6.3): DIR/HASH.cairn with the expectation header, written atomically and never
// rewritten; reading a header back for --replay.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "fuzz/run/outcome.h"

namespace cairn::fuzz {

struct CaseHeader {
  std::string hash;            // first 16 hex digits of the program text's SHA-256
  uint64_t seed = 0, index = 0;
  std::string kind;            // finding kind name
  std::string engine;          // the engine that disagreed with interp
  std::string observed;        // outcome_line() of that engine
  int expect_exit = 0;
  std::string expect_trap = "none";
  std::optional<std::string> expect_stdout;         // exact bytes
  std::optional<std::string> expect_stdout_sha256;  // past kStdoutInline bytes
};

// The case's id: the first 16 hex digits of SHA-256 of `program`.
std::string case_hash(const std::string& program);

// Fills the expect lines from the interpreter's outcome.
void set_expectation(CaseHeader& h, const Outcome& reference);

// The whole file: six header lines, then the program.
std::string render_case(const CaseHeader& h, const std::string& program);

// Reads the header of a kept file; false with `error` (one sentence) when a line is missing or malformed.
bool parse_case(const std::string& file_text, CaseHeader& h, std::string& error);

// Whether an engine's outcome meets the header; when not, `why` says how it differs.
bool meets_expectation(const CaseHeader& h, const Outcome& o, std::string& why);

struct KeptCase {
  std::string id, path;
  bool duplicate = false;  // the file existed already and was left as it was
  std::string error;       // it could not be written
};

// Writes DIR/HASH.cairn atomically unless it exists (the directory is created when missing).
KeptCase keep_case(const std::string& dir, CaseHeader h, const std::string& program);

}  // namespace cairn::fuzz
