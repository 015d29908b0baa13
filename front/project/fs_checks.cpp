// lstat-based path checks and bounded file reading for the project loader.
#include "front/project/fs_checks.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

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
      return std::string("cannot be examined (") + std::strerror(errno) + ")";
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
  struct stat st;
  if (stat(path.c_str(), &st) != 0) {
    fault = errno == ENOENT ? "does not exist" : std::string("cannot be read (") + std::strerror(errno) + ")";
    return false;
  }
  if (S_ISDIR(st.st_mode)) {
    fault = "is a directory";
    return false;
  }
  if (!S_ISREG(st.st_mode)) {
    fault = "is not a regular file";
    return false;
  }
  if (static_cast<uint64_t>(st.st_size) > limit) {
    fault = "is larger than " + std::to_string(limit) + " bytes";
    return false;
  }
  std::unique_ptr<FILE, int (*)(FILE*)> f(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!f) {
    fault = std::string("cannot be read (") + std::strerror(errno) + ")";
    return false;
  }
  out.clear();
  char buf[65536];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f.get())) > 0) {
    out.append(buf, n);
    if (out.size() > limit) {  // the file grew while we read it
      fault = "is larger than " + std::to_string(limit) + " bytes";
      return false;
    }
  }
  if (std::ferror(f.get())) {
    fault = "cannot be read (read error)";
    return false;
  }
  return true;
}

}  // namespace cairn::project
