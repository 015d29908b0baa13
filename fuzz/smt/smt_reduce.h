// An smt mismatch reduced and kept (tools.md §6.3-6.4): the reducer's edits, each kept when the same function, with
// the same signature and the same fixed input (the same leaves, read as the same arguments: a view's extent cannot
// shrink under them), still shows the same mismatch kind on the same solver; then
// DIR/smt/HASH.cairn (HASH of the reduced program) written atomically, never rewritten.
#pragma once
#include <string>

#include "fuzz/reduce/reduce.h"
#include "fuzz/smt/smt_mode.h"

namespace cairn::fuzz {

struct SmtKept {
  std::string id, file;          // file "" when it could not be written (`error` says why)
  bool duplicate = false;        // the file existed and was left as it was
  std::string error;
  Reduction reduction;
  size_t from_bytes = 0;
  std::string expect_line;       // "// expect smt: ..." as kept (the reduced program's interpreter outcome)
};

// The fixed call as the interpreter's arguments read ("f(x = 3)"; "" when the call cannot be made) in m.program.
std::string mismatch_call_text(const SmtMismatch& m, unsigned timeout_ms);
// Whether `text` still shows m's mismatch with the call reading as `call_text` (the reducer's predicate; exposed for
// the tests).
bool still_mismatches(const SmtMismatch& m, const std::string& call_text, const std::string& text, unsigned timeout_ms);

// Reduces m.program within budget_s seconds and keeps it under dir (DIR/smt).
SmtKept reduce_and_keep_smt(const SmtMismatch& m, uint64_t seed, const std::string& dir, unsigned timeout_ms,
                            double budget_s);

}  // namespace cairn::fuzz
