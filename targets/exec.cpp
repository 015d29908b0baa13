// Running another program as a child: exec after the fork of run_process.
#include "targets/exec.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>

namespace cairn::targets {

ProcessResult run_program(const ExecSpec& spec, const ProcessOptions& opts) {
  if (spec.argv.empty()) {
    ProcessResult r;
    r.error = "no program to run";
    return r;
  }
  return run_process(
      [&](std::span<const int> channels) {
        for (size_t i = 0; i < channels.size(); ++i) {
          int fd = channels[i];
          fcntl(fd, F_SETFD, fcntl(fd, F_GETFD) & ~FD_CLOEXEC);  // the program inherits it
          if (i < spec.channel_env.size()) setenv(spec.channel_env[i].c_str(), std::to_string(fd).c_str(), 1);
        }
        for (const auto& [k, v] : spec.env) setenv(k.c_str(), v.c_str(), 1);
        if (!spec.cwd.empty() && chdir(spec.cwd.c_str()) != 0) {
          std::string msg = "error: cannot enter " + spec.cwd + ": " + std::strerror(errno) + "\n";
          ssize_t ignored = write(2, msg.data(), msg.size());
          (void)ignored;
          return 127;
        }
        std::vector<char*> argv;
        for (const std::string& a : spec.argv) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        std::string msg = "error: cannot run " + spec.argv[0] + ": ";
        cap_before_exec(opts);
        execvp(argv[0], argv.data());
        const char* why = std::strerror(errno);  // no allocation past the cap
        ssize_t ignored = write(2, msg.data(), msg.size());
        ignored = write(2, why, std::strlen(why));
        ignored = write(2, "\n", 1);
        (void)ignored;
        return 127;
      },
      opts);
}

std::string find_on_path(const std::string& name) {
  if (name.find('/') != std::string::npos) return access(name.c_str(), X_OK) == 0 ? name : "";
  const char* path = std::getenv("PATH");
  std::string all = path ? path : "/usr/local/bin:/usr/bin:/bin";
  size_t start = 0;
  while (start <= all.size()) {
    size_t end = all.find(':', start);
    if (end == std::string::npos) end = all.size();
    std::string dir = all.substr(start, end - start);
    if (dir.empty()) dir = ".";
    std::string full = dir + "/" + name;
    struct stat st;
    if (stat(full.c_str(), &st) == 0 && S_ISREG(st.st_mode) && access(full.c_str(), X_OK) == 0) return full;
    start = end + 1;
  }
  return "";
}

std::vector<std::string> environment_without(const std::vector<std::string>& drop,
                                             const std::vector<std::string>& add) {
  std::vector<std::string> env;
  for (char** e = environ; e && *e; ++e) {
    std::string_view v(*e);
    bool dropped = false;
    for (const std::string& name : drop) dropped = dropped || (v.starts_with(name) && v.size() > name.size() && v[name.size()] == '=');
    if (!dropped) env.emplace_back(v);
  }
  env.insert(env.end(), add.begin(), add.end());
  return env;
}

std::vector<char*> c_strings(std::vector<std::string>& v) {
  std::vector<char*> p;
  for (std::string& s : v) p.push_back(s.data());
  p.push_back(nullptr);
  return p;
}

}  // namespace cairn::targets
