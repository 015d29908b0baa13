// Atomic file writes by temporary file, fsync and rename; the temporary removed on an interrupt, and those of
// dead processes swept by the next write of the same file.
#include "base/atomic_file.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <vector>

#include "base/interrupt_cleanup.h"

namespace cairn {

namespace {

// Removes PATH.tmp.PID files beside `path` whose process is gone (a cairn killed by SIGKILL, or by a signal it
// had no handler for, mid-write). Only names exactly PATH's name, ".tmp.", a process ID; only regular files of
// this user; never this process's own. Another process's write under way is never touched: its PID is alive.
void remove_stale_temps(const std::string& path) {
  size_t slash = path.find_last_of('/');
  std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
  std::string prefix = (slash == std::string::npos ? path : path.substr(slash + 1)) + ".tmp.";
  DIR* d = opendir(dir.c_str());
  if (!d) return;
  std::vector<std::string> stale;
  while (struct dirent* e = readdir(d)) {
    std::string_view name = e->d_name;
    if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) continue;
    long pid = pid_in_name(name.substr(prefix.size()));
    if (pid < 0 || pid == getpid() || !process_gone(pid)) continue;
    stale.emplace_back(name);
  }
  closedir(d);
  for (const std::string& name : stale) {
    struct stat st {};
    std::string file = dir + "/" + name;
    if (lstat(file.c_str(), &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid()) unlink(file.c_str());
  }
}

}  // namespace

bool write_file_atomic(const std::string& path, std::string_view bytes, std::string& error) {
  remove_stale_temps(path);
  std::string tmp = path + ".tmp." + std::to_string(getpid());
  // Registered before it exists, so no interrupt falls between its creation and its registration.
  remove_on_interrupt(tmp, Cleanup::File);
  FILE* fp = std::fopen(tmp.c_str(), "wb");
  if (!fp) {
    error = "Cannot write " + path + ": " + std::strerror(errno) + ".";
    forget_on_interrupt(tmp);
    return false;
  }
  bool ok = std::fwrite(bytes.data(), 1, bytes.size(), fp) == bytes.size();
  ok = std::fflush(fp) == 0 && ok;
  ok = fsync(fileno(fp)) == 0 && ok;
  ok = std::fclose(fp) == 0 && ok;
  if (!ok || std::rename(tmp.c_str(), path.c_str()) != 0) {
    error = "Cannot write " + path + ": " + std::strerror(errno) + ".";
    std::remove(tmp.c_str());
    forget_on_interrupt(tmp);
    return false;
  }
  forget_on_interrupt(tmp);
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
