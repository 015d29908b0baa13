// Scratch directories: mkdtemp under $TMPDIR (else /tmp); those named with their owner's PID swept once it is gone.
#include "base/temp_dir.h"

#include <dirent.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string_view>
#include <vector>

#include "base/interrupt_cleanup.h"

namespace cairn {

std::string temp_root() {
  const char* t = std::getenv("TMPDIR");
  std::error_code ec;
  std::filesystem::path p = std::filesystem::absolute(t && *t ? t : "/tmp", ec);
  return ec ? std::string("/tmp") : p.string();
}

std::string make_temp_dir(const std::string& prefix, std::string& error) {
  std::string root = temp_root();
  std::string tmpl = root + "/" + prefix + "-XXXXXX";
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  if (!mkdtemp(buf.data())) {
    error = "Cannot create a scratch directory in " + root + ": " + std::strerror(errno) + ".";
    return "";
  }
  return buf.data();
}

std::string make_scratch_dir(const std::string& prefix, std::string& error) {
  sigset_t interrupts, before;
  sigemptyset(&interrupts);
  for (int s : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&interrupts, s);
  pthread_sigmask(SIG_BLOCK, &interrupts, &before);
  std::string dir = make_temp_dir(prefix + "-" + std::to_string(getpid()), error);
  if (!dir.empty()) remove_on_interrupt(dir, Cleanup::Tree);
  pthread_sigmask(SIG_SETMASK, &before, nullptr);
  return dir;
}

namespace {

// The PID of an owned directory's name PREFIX-PID-XXXXXX; -1 when the name is not exactly of that form.
long owner_of(std::string_view name, const std::string& prefix) {
  if (name.size() <= prefix.size() + 1 || name.compare(0, prefix.size(), prefix) != 0 || name[prefix.size()] != '-')
    return -1;
  std::string_view rest = name.substr(prefix.size() + 1);
  size_t dash = rest.find('-');
  if (dash == std::string_view::npos) return -1;
  std::string_view suffix = rest.substr(dash + 1);
  if (suffix.size() != 6) return -1;
  for (char c : suffix)
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return -1;
  return pid_in_name(rest.substr(0, dash));
}

}  // namespace

size_t sweep_dead_temp_dirs(const std::string& prefix) {
  std::string root = temp_root();
  DIR* d = opendir(root.c_str());
  if (!d) return 0;
  std::vector<std::string> dead;
  while (struct dirent* e = readdir(d)) {
    long pid = owner_of(e->d_name, prefix);
    if (pid > 0 && pid != getpid() && process_gone(pid)) dead.emplace_back(e->d_name);
  }
  closedir(d);
  size_t removed = 0;
  for (const std::string& name : dead) {
    std::string path = root + "/" + name;
    struct stat st {};
    if (lstat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid()) continue;
    std::error_code ec;
    std::filesystem::remove_all(path, ec);  // symbolic links inside are removed, never followed
    if (!ec) ++removed;
  }
  return removed;
}

}  // namespace cairn
