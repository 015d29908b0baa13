// The finite part of a validation (tools.md §5.5): kept cases first, then generated ones, until the first
// disagreement, which is shrunk (probes from the policy) and kept in the regressions file.
#pragma once
#include <string>
#include <vector>

#include "validate/session.h"

namespace cairn::validate {

struct Finite {
  std::string status = "passed";     // passed, failed, unknown
  std::string reason;                // unknown: why
  uint64_t cases = 0;                // cases that ran (the dispatch ran on each)
  uint64_t implementation_ran = 0;   // cases where the condition held
  uint64_t kept_cases = 0;           // of them, kept regressions
  std::vector<Case> timed_out;       // the first 8
  uint64_t timed_out_count = 0;
  bool failed = false;
  Case found;                        // the first failing case, as found
  Case shrunk;                       // after shrinking
  CaseRun shrunk_run;                // what each side did on it
  unsigned probes = 0;               // shrinking calls used
  std::string kept;                  // the regressions file, or "FILE (already held this case)", or why not
  bool kept_failed = false;          // the case could not be kept: `kept` is "not kept: WHY"
  double seconds_cases = 0, seconds_shrink = 0;  // wall time running cases, and shrinking the failure
};

Finite run_finite(Session& s, const std::vector<Case>& kept, const std::vector<Case>& generated);

// Writes the shrunk case to `file` (unless held) and sets f.kept.
void keep_failure(Session& s, const std::string& file, Finite& f);

}  // namespace cairn::validate
