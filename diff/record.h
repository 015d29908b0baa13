// The cairn.diff/1 record (tools.md §4.9) from the classes, with semver (§4.7), `--require`, the exit code,
// and the human and Markdown renderings (§4.8).
#pragma once
#include <string>

#include "diff/classify.h"
#include "diff/diff.h"

namespace cairn::diff {

// Wall time of each phase, for `durations_s` (a field that says it holds durations, §1.2).
struct Timings {
  double check = 0, emission = 0, solver = 0, replay = 0;
};

DiffResult finish(const Classified& c, const Version& old_v, const Version& new_v, const DiffOptions& options,
                  bool disagreement, const Timings& t);

// A side that does not check: its refusal record with `side` ("old" or "new") and `version` (the name given).
DiffResult refused(const diag::Refusal& r, const std::string& side, const std::string& version);

}  // namespace cairn::diff
