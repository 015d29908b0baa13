// Reading a source by the one rule: stat first (nothing but a regular file is opened), then a non-blocking open
// checked again with fstat (a file swapped for a FIFO in between cannot block), then bounded reads.
#include "front/source/source_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace cairn {

namespace {

// The fault of a status that is not a regular file.
std::string kind_fault(mode_t mode) { return S_ISDIR(mode) ? "is a directory" : "is not a regular file"; }

std::string too_large(uint64_t limit) { return "is larger than " + grouped(limit) + " bytes"; }

}  // namespace

std::string grouped(uint64_t n) {
  std::string digits = std::to_string(n), out;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

std::string path_errno_fault(int err) {
  switch (err) {
    case ENOENT: return "does not exist";
    case ENOTDIR: return "does not exist (a part of it before the last is not a directory)";
    case ELOOP: return "cannot be resolved: it goes through a loop of symbolic links (or more than 40 links)";
    case ENAMETOOLONG: return "cannot be resolved: it is too long (the path, or one of its names, is longer than the system allows)";
    case EACCES: return "cannot be read: permission denied";
    case EISDIR: return "is a directory";
    default: return std::string("cannot be read (") + std::strerror(err) + ")";
  }
}

PathKind path_kind(const std::string& path, std::string& fault) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    fault = path_errno_fault(errno);
    return PathKind::Fault;
  }
  if (S_ISDIR(st.st_mode)) return PathKind::Directory;
  if (S_ISREG(st.st_mode)) return PathKind::File;
  fault = "is not a regular file or a directory";
  return PathKind::Fault;
}

SourceRead read_source_file(const std::string& path, uint64_t limit, std::string& out, std::string& fault) {
  out.clear();
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    fault = path_errno_fault(errno);
    return SourceRead::Unreadable;
  }
  if (!S_ISREG(st.st_mode)) {
    fault = kind_fault(st.st_mode);
    return SourceRead::Unreadable;
  }
  if (static_cast<uint64_t>(st.st_size) > limit) {
    fault = too_large(limit);
    return SourceRead::TooLarge;
  }
  // O_NONBLOCK: should the path have become a FIFO since the stat, the open does not wait for a writer.
  int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    fault = path_errno_fault(errno);
    return SourceRead::Unreadable;
  }
  SourceRead status = SourceRead::Ok;
  if (::fstat(fd, &st) != 0) {
    fault = path_errno_fault(errno);
    status = SourceRead::Unreadable;
  } else if (!S_ISREG(st.st_mode)) {
    fault = kind_fault(st.st_mode);
    status = SourceRead::Unreadable;
  } else if (static_cast<uint64_t>(st.st_size) > limit) {
    fault = too_large(limit);
    status = SourceRead::TooLarge;
  } else {
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    out.reserve(static_cast<size_t>(st.st_size));
    char buf[65536];
    for (;;) {
      ssize_t n = ::read(fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        fault = std::string("cannot be read (") + std::strerror(errno) + ")";
        status = SourceRead::Unreadable;
        break;
      }
      if (n == 0) break;
      if (out.size() + static_cast<size_t>(n) > limit) {  // the file grew while we read it
        fault = too_large(limit);
        status = SourceRead::TooLarge;
        break;
      }
      out.append(buf, static_cast<size_t>(n));
    }
  }
  ::close(fd);
  if (status != SourceRead::Ok) out.clear();
  return status;
}

}  // namespace cairn
