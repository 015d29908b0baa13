// What one engine did with one program, and the comparison of two outcomes (tools.md §6.2).
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "targets/program_run.h"

namespace cairn::fuzz {

struct Outcome {
  enum class End : uint8_t {
    Exited,       // main returned or exit was called: `exit` holds the status
    Trapped,      // a trap report and status 134: `trap` holds the kind
    Timeout,      // past the time limit (confirmed by a second run)
    Crash,        // a signal other than a trap's abort: `signal`
    BuildFailed,  // the compiler refused the program's C++: `detail`
    NotRun,       // the engine could not run it (cairn's environment): `detail`
  } end = End::NotRun;
  int exit = 0;
  std::string trap;    // "overflow"
  int signal = 0;
  std::string out;     // standard output, byte for byte
  std::string detail;  // build failure or why it did not run
};

// The kinds of finding, in the order a comparison reports the first that applies.
enum class FindingKind : uint8_t { BuildFailed, Crash, Timeout, Stdout, Exit, TrapKind };
const char* finding_kind_name(FindingKind k);
std::optional<FindingKind> finding_kind_by_name(const std::string& s);

// How `other` differs from the reference outcome `ref`; nothing when they agree. Standard output byte for byte,
// the exit status, and the trap's kind; nothing else.
std::optional<FindingKind> compare_outcomes(const Outcome& ref, const Outcome& other);

// An outcome from a finished run (status 124 a timeout, 134 with a report a trap, 128+S a crash).
Outcome outcome_of(const targets::ProgramRun& run);

// JSON: {"end": ..., "exit": N, "trap": KIND, "signal": NAME, "stdout": TEXT | "stdout_sha256": HEX, "detail": ...}
nlohmann::ordered_json outcome_json(const Outcome& o);
// The one-line form of the case header: `exit 0, stdout "17\n"` / `trap overflow, exit 134, stdout "..."`.
std::string outcome_line(const Outcome& o);
// A JSON string literal of `s` (the header's stdout form).
std::string json_string(const std::string& s);

constexpr size_t kStdoutInline = 4096;  // past this, headers and records hold the SHA-256 instead

}  // namespace cairn::fuzz
