// The interrupt cleanup registry: fixed slots of paths, and removal by system calls only (openat, getdents64,
// unlinkat), so it is async-signal-safe; no fork of rm(1) inside the handler.
#include "base/interrupt_cleanup.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

namespace cairn {

namespace {

constexpr int kSlots = 32;
constexpr size_t kPathBytes = 4096;
constexpr int kMaxDepth = 48;  // deeper trees are left (the next run's sweep, or the user, removes them)

// A slot is Free, being Filled by one thread, or Ready for the handler.
enum : int { Free = 0, Filling = 1, Ready = 2 };
std::atomic<int> g_state[kSlots];
Cleanup g_kind[kSlots];
char g_path[kSlots][kPathBytes];

bool same(const char* a, const char* b) {
  while (*a && *a == *b) ++a, ++b;
  return *a == *b;
}

// The records getdents64 fills (the kernel's struct linux_dirent64).
struct Dirent64 {
  unsigned long long d_ino;
  long long d_off;
  unsigned short d_reclen;
  unsigned char d_type;
  char d_name[1];
};

// Empties the directory open as `fd`, depth first. True when it is empty.
bool clear_dir(int fd, int depth) {
  if (depth > kMaxDepth) return false;
  alignas(8) char buf[1024];
  for (;;) {
    if (lseek(fd, 0, SEEK_SET) < 0) return false;
    long n = syscall(SYS_getdents64, fd, buf, sizeof buf);
    if (n < 0) return false;
    bool any = false, progress = false;
    for (long at = 0; at < n;) {
      auto* d = reinterpret_cast<Dirent64*>(buf + at);
      at += d->d_reclen;
      const char* name = d->d_name;
      if (same(name, ".") || same(name, "..")) continue;
      any = true;
      if (unlinkat(fd, name, 0) == 0 || errno == ENOENT) {
        progress = true;
        continue;
      }
      if (errno != EISDIR && errno != EPERM) continue;
      int sub = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (sub >= 0) {
        clear_dir(sub, depth + 1);
        close(sub);
      }
      if (unlinkat(fd, name, AT_REMOVEDIR) == 0 || errno == ENOENT) progress = true;
    }
    if (!any) return true;
    if (!progress) return false;
  }
}

// Removes `path`: a file or link unlinked, a directory emptied then removed. True when it is gone.
bool remove_path(const char* path, Cleanup kind) {
  if (kind == Cleanup::File) return unlink(path) == 0 || errno == ENOENT;
  if (rmdir(path) == 0 || errno == ENOENT) return true;
  int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return true;
    if (errno == ENOTDIR || errno == ELOOP) return unlink(path) == 0 || errno == ENOENT;  // not a directory now
    return false;
  }
  clear_dir(fd, 1);
  close(fd);
  return rmdir(path) == 0 || errno == ENOENT;
}

}  // namespace

void remove_on_interrupt(const std::string& path, Cleanup kind) {
  if (path.empty() || path.size() >= kPathBytes) return;
  for (int i = 0; i < kSlots; ++i) {
    int expected = Free;
    if (!g_state[i].compare_exchange_strong(expected, Filling)) continue;
    std::memcpy(g_path[i], path.c_str(), path.size() + 1);
    g_kind[i] = kind;
    g_state[i].store(Ready);
    return;
  }
}

void forget_on_interrupt(const std::string& path) {
  for (int i = 0; i < kSlots; ++i) {
    if (g_state[i].load() != Ready || path != g_path[i]) continue;
    int expected = Ready;
    g_state[i].compare_exchange_strong(expected, Free);
  }
}

bool run_interrupt_cleanup() {
  bool all = true;
  for (int i = 0; i < kSlots; ++i)
    if (g_state[i].load() == Ready && !remove_path(g_path[i], g_kind[i])) all = false;
  return all;
}

bool process_gone(long pid) {
  if (pid <= 0 || pid > 0x7FFFFFFF) return false;
  return kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

long pid_in_name(std::string_view digits) {
  if (digits.empty() || digits.size() > 10 || digits[0] == '0') return -1;
  long long v = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return -1;
    v = v * 10 + (c - '0');
  }
  return v > 0x7FFFFFFF ? -1 : static_cast<long>(v);
}

}  // namespace cairn
