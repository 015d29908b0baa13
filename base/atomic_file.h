// Files the tools write (records, reports, receipts, regression files) are written whole or not at all:
// a temporary file beside the target, flushed to disk, then renamed over it.
#pragma once
#include <string>
#include <string_view>

namespace cairn {

// Writes `bytes` to `path` atomically through PATH.tmp.PID; on failure returns false with `error` one sentence
// (the temporary file removed) and leaves any previous file as it was. The temporary file is registered for
// removal on an interrupt (base/interrupt_cleanup.h) while it exists, and a PATH.tmp.PID left beside
// `path` by a process that is gone (killed by SIGKILL mid-write) is removed first.
bool write_file_atomic(const std::string& path, std::string_view bytes, std::string& error);

// Reads a whole file; false when it cannot be read.
bool read_file(const std::string& path, std::string& bytes);

}  // namespace cairn
