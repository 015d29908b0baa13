// Files the tools write (records, reports, receipts, regression files) are written whole or not at all:
// a temporary file beside the target, flushed to disk, then renamed over it.
#pragma once
#include <string>
#include <string_view>

namespace cairn {

// Writes `bytes` to `path` atomically; on failure returns false with `error` one sentence (the temporary
// file removed) and leaves any previous file as it was.
bool write_file_atomic(const std::string& path, std::string_view bytes, std::string& error);

// Reads a whole file; false when it cannot be read.
bool read_file(const std::string& path, std::string& bytes);

}  // namespace cairn
