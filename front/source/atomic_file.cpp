// Atomic file writes by temporary file, fsync and rename.
#include "front/source/atomic_file.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace cairn {

bool write_file_atomic(const std::string& path, std::string_view bytes, std::string& error) {
  std::string tmp = path + ".tmp." + std::to_string(getpid());
  FILE* fp = std::fopen(tmp.c_str(), "wb");
  if (!fp) {
    error = "Cannot write " + path + ": " + std::strerror(errno) + ".";
    return false;
  }
  bool ok = std::fwrite(bytes.data(), 1, bytes.size(), fp) == bytes.size();
  ok = std::fflush(fp) == 0 && ok;
  ok = fsync(fileno(fp)) == 0 && ok;
  ok = std::fclose(fp) == 0 && ok;
  if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
    error = "Cannot write " + path + ": " + std::strerror(errno) + ".";
    std::remove(tmp.c_str());
    return false;
  }
  return true;
}

bool read_file(const std::string& path, std::string& bytes) {
  FILE* fp = std::fopen(path.c_str(), "rb");
  if (!fp) return false;
  bytes.clear();
  char buf[65536];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, fp)) > 0) bytes.append(buf, n);
  bool ok = !std::ferror(fp);
  std::fclose(fp);
  return ok;
}

}  // namespace cairn
