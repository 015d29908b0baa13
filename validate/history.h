// The candidate history (tools.md §5.10): one cairn.history/1 line per validation appended to DIR/records.jsonl,
// under a lock, atomically, never twice the same line.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace cairn::validate {

constexpr size_t kHistoryLineMax = 64000;

// The history line of a validation record (cairn.validation/1) without `id` and `at`; `compiler_version` and
// the record's own fields fill `detail`. Rejected programs give a `check` failure with no function.
nlohmann::ordered_json history_line(const nlohmann::ordered_json& record);

// Appends `line` (given `id` = 16 hex digits of its digest, and `at`, the UTC time) to DIR/records.jsonl unless a
// line with that id is already there. `id` is set either way. False with `error` (one sentence).
bool append_history(const std::string& dir, nlohmann::ordered_json line, std::string& id, std::string& error);

}  // namespace cairn::validate
