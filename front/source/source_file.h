// The one rule for reading a source (and a manifest): what every command that reads a program's files applies,
// `cairn check` and `cairn fmt` alike. A source is a regular file (a FIFO, a device, /dev/zero are refused before
// they are opened for reading), of at most a limit of bytes (checked before reading and again while reading, so
// a file that grows cannot pass it), and a path that cannot be read says why (missing, a symbolic link loop, a
// name too long, permission denied).
#pragma once
#include <cstdint>
#include <string>

namespace cairn {

// The limit of a program's sources together (language.md §1.5): E-SOURCE-LIMIT beyond it.
constexpr uint64_t kMaxSourceBytes = 16'000'000;

enum class SourceRead : uint8_t {
  Ok,
  TooLarge,    // larger than the limit (before or while reading): E-SOURCE-LIMIT where the limit is the program's
  Unreadable,  // missing, not a regular file, or unreadable: an environment failure
};

// Reads the whole regular file `path` of at most `limit` bytes into `out`. Otherwise `fault` is the reason as
// text to follow the path in a sentence ("does not exist", "is not a regular file", "is larger than N bytes",
// "cannot be resolved: ...").
SourceRead read_source_file(const std::string& path, uint64_t limit, std::string& out, std::string& fault);

// What a PATH operand (a source file or a directory, symbolic links followed) is.
enum class PathKind : uint8_t { File, Directory, Fault };

// Stats `path` without opening it: File for a regular file, Directory for a directory, else Fault with `fault`
// ("does not exist", "is not a regular file or a directory", or the errno's reason).
PathKind path_kind(const std::string& path, std::string& fault);

// The reason a path operation failed with `err`, as text to follow the path in a sentence: "does not exist"
// (ENOENT), "cannot be resolved: it goes through a loop of symbolic links" (ELOOP), "cannot be resolved: it is
// too long" (ENAMETOOLONG), "cannot be read: permission denied" (EACCES), "is a directory" (EISDIR), else
// "cannot be read (STRERROR)".
std::string path_errno_fault(int err);

// "16,000,000": a byte count with thousands separators, as the limits are written.
std::string grouped(uint64_t n);

}  // namespace cairn
