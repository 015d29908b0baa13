// lstat-based path checks for the project loader; files are read by the one source rule (front/source/source_file.h).
#include "front/project/fs_checks.h"

#include <sys/stat.h>

#include <cerrno>

#include "front/source/source_file.h"

namespace cairn::project {

std::string join_path(const std::string& dir, const std::string& rel) {
  if (dir.empty() || dir == ".") return rel;
  if (dir.back() == '/') return dir + rel;
  return dir + "/" + rel;
}

std::string path_fs_fault(const std::string& root, const std::string& rel, Want want) {
  std::string current = root;
  size_t start = 0;
  while (true) {
    size_t slash = rel.find('/', start);
    bool last = slash == std::string::npos;
    std::string seg = rel.substr(start, last ? std::string::npos : slash - start);
    current = join_path(current, seg);
    struct stat st;
    if (lstat(current.c_str(), &st) != 0) {
      if (errno == ENOENT || errno == ENOTDIR) return "does not exist";
      return path_errno_fault(errno);
    }
    if (S_ISLNK(st.st_mode)) return last ? "is a symbolic link" : "goes through the symbolic link " + current;
    if (!last) {
      if (!S_ISDIR(st.st_mode)) return "goes through " + current + ", which is not a directory";
      start = slash + 1;
      continue;
    }
    if (want == Want::File && !S_ISREG(st.st_mode)) return "is not a regular file";
    if (want == Want::Directory && !S_ISDIR(st.st_mode)) return "is not a directory";
    return "";
  }
}

bool read_file_limited(const std::string& path, uint64_t limit, std::string& out, std::string& fault) {
  return read_source_file(path, limit, out, fault) == SourceRead::Ok;
}

}  // namespace cairn::project
