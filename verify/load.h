// The two sides of a verification: each file read (size limit), digested and checked (tools.md §3).
#pragma once
#include <memory>
#include <optional>
#include <string>

#include "front/diag/report.h"
#include "front/driver/driver.h"
#include "semantics/ir.h"

namespace cairn::smt {

constexpr size_t kMaxVerifySourceBytes = 64000;

// One checked side. `run.program` is set when it checked; `refusal` otherwise. A side whose source had a
// precondition appended (verify_assume.h) was checked from a scratch copy: `shown_as` maps its name back.
struct Side {
  std::string path;      // as given
  std::string text;      // the file's bytes (without anything appended)
  std::string sha256;    // of the file's bytes
  driver::CheckRun run;
  std::optional<diag::Refusal> refusal;  // the file does not check (names the file as given)
  std::string scratch;   // the scratch file checked in its place ("" when the file itself was)
  std::unique_ptr<ir::Module> ir;        // built once the side checked
  // The display name of a source as records show it (the scratch copy's name is the file's).
  std::string file_name(uint32_t file) const;
};

// Reads PATH (an environment failure when unreadable, not a file or over kMaxVerifySourceBytes): false
// with `error`, one sentence.
bool read_side(const std::string& path, Side& side, std::string& error);

// Checks `side` (its own text followed by `appended`, when given) and builds its IR when it checked.
// A refusal is rewritten to name the file as given.
void check_side(Side& side, const std::string& appended = "");

// The non-test functions of a checked side declared in its own file, in source order (no instances,
// templates or std functions).
std::vector<const check::FnInfo*> own_functions(const Side& side);
// One of own_functions by name; failing that, any own non-test function by its qualified name (a function
// of a module, a generic's instance), as `cairn diff` names them.
const check::FnInfo* find_function(const Side& side, const std::string& name);

}  // namespace cairn::smt
