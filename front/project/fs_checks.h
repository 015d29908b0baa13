// File-system checks of manifest paths: every component exists, none is a symbolic link.
#pragma once
#include <cstdint>
#include <string>

namespace cairn::project {

enum class Want : uint8_t { File, Directory };

// Checks `rel` (already syntactically valid, see path_syntax_fault) below directory `root`:
// each component is lstat'ed; none may be a symbolic link; every component but the last is a
// directory; the last is a regular file or a directory as `want` says. Returns "" or the fault
// (", which ..." style text to follow the path in a message).
std::string path_fs_fault(const std::string& root, const std::string& rel, Want want);

// Reads a whole regular file of at most `limit` bytes by the one source rule (read_source_file); false with
// `fault` set otherwise.
bool read_file_limited(const std::string& path, uint64_t limit, std::string& out, std::string& fault);

// Joins a directory and a relative path ("" and "." directories give the path itself).
std::string join_path(const std::string& dir, const std::string& rel);

}  // namespace cairn::project
