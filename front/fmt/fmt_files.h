// `cairn fmt` over paths (tools.md §2.3): the files under each PATH formatted, checked or diffed, and the
// cairn.fmt/1 record of what changed and what was left alone.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "front/diag/report.h"

namespace cairn::fmt {

enum class Mode { Write, Check, Diff };

struct FilesRun {
  // Set when a PATH or a file under it is refused by the source rule of `cairn check` (front/source/source_file.h):
  // E-PROJECT-OR-ENVIRONMENT (missing, not a regular file, unreadable; exit 2) or E-SOURCE-LIMIT (a file larger
  // than 16,000,000 bytes; exit 1). Nothing was formatted.
  std::optional<diag::Refusal> refusal;
  nlohmann::ordered_json record;  // cairn.fmt/1 (absent on an environment failure)
  std::string diff;               // the unified diff of every changed file (mode Diff)
  int exit_code = 0;              // 0 nothing left alone and (check/diff) nothing would change; 1 otherwise; 2
};

// The .cairn files PATH names: the file itself, or every *.cairn under the directory (hidden directories and
// symbolic links skipped), each directory's entries in sorted order. False with `error` (a sentence) when PATH
// cannot be read or is neither a regular file nor a directory (a FIFO, a device: never opened).
bool collect_files(const std::string& path, std::vector<std::string>& files, std::string& error);

// Formats every file under `paths` (in order, each file once). In Write mode a changed file is replaced by a
// temporary file beside it renamed into place, its permissions kept.
FilesRun format_files(const std::vector<std::string>& paths, Mode mode);

// The human form of a cairn.fmt/1 record (write and check modes).
std::string fmt_record_text(const nlohmann::ordered_json& record);

}  // namespace cairn::fmt
