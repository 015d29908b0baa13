// `cairn diff --merge REC...` (docs/diff.md, "Sharded runs"): the records of the N shards of one diff joined into
// the record a single run would have written, judged from the joined facts (diff/derive.h): one summary, one
// semantic version, one verdict, and from them one human output, one Markdown section and one SARIF log.
#pragma once
#include <string>
#include <vector>

#include "diff/diff.h"

namespace cairn::diff {

// REQUIRE "" keeps the records' own level (they must agree); otherwise it judges the joined record at that
// level. Refused (DiffResult::environment, exit 2, one sentence naming the record) when a file is no readable
// cairn.diff/1 record, holds a side's refusal, compares other sides or comes from another cairn than the first,
// has another shard count, repeats or misses a shard, disagrees on types, tests or the required level, or
// repeats a function another record has.
DiffResult merge_records(const std::vector<std::string>& paths, const std::string& require);

}  // namespace cairn::diff
