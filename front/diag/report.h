// The refusal record (cairn.diagnostic/2) as data: built from diagnostics, rendered for people or JSON.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "front/diag/diagnostic.h"
#include "front/source/source.h"

namespace cairn::diag {

// One diagnostic with its place resolved to a file name (and the source line, for people only).
struct Located {
  Code code = Code::Internal;
  std::string message;
  bool has_pos = false;
  std::string file;
  uint32_t line = 0, column = 0;
  std::optional<std::string> help;
  std::string source_line;  // not part of the record: the human form shows it under the place
  std::string fs_path;      // not part of the record: the file's path on disk, when it was read from one
};

struct Refusal {
  bool environment = false;  // status "unknown" (E-PROJECT-OR-ENVIRONMENT), else "rejected"
  Located first;
  std::vector<Located> further;  // at most kMaxFurther, source order, never the first again
  uint32_t further_omitted = 0;
  uint32_t not_judged = 0;
  std::optional<std::string> further_stopped;
  uint32_t total() const { return 1 + static_cast<uint32_t>(further.size()) + further_omitted; }
};

constexpr size_t kMaxFurther = 20;

// Resolves a diagnostic's position against the sources (no position: has_pos stays false).
Located locate(const Diagnostic& d, const SourceSet& sources);

// The record for a check's diagnostics, ordered as DiagSink::ordered() orders them (non-empty).
Refusal refusal_from(const std::vector<Diagnostic>& ordered, const SourceSet& sources, uint32_t not_judged,
                     std::optional<std::string> further_stopped);

// An environment failure: E-PROJECT-OR-ENVIRONMENT, status unknown, with a place when there is one.
Refusal environment_failure(std::string message, std::string file = "", uint32_t line = 0, uint32_t column = 0,
                            std::string source_line = "");

// E-SOURCE-LIMIT naming `file` at line 1, column 1 (nothing was read, so no source line): status rejected, the
// check stopped at it. `cairn check` and `cairn fmt` refuse a too-large source with it.
Refusal source_limit_refusal(std::string message, std::string file);

// A refusal of a tool word (E-RULE and other tool codes): status rejected, no place.
Refusal tool_refusal(Code code, std::string message);

// The cairn.diagnostic/2 record (ordered keys).
nlohmann::ordered_json refusal_json(const Refusal& r);

// The human form of tools.md §1.4, every refusal in turn, then a line counting them (refusals only).
std::string render_human(const Refusal& r, bool colour);

// Serializes a record as §1.2 says: compact plus newline, or indented by two spaces (terminal).
std::string record_text(const nlohmann::ordered_json& record, bool indented);

}  // namespace cairn::diag
