// Every program of ../shared/conformance/run/ under the reference interpreter: stdout, status, trap kind and line.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "front/driver/driver.h"
#include "semantics/embed.h"

namespace {

std::string shared_dir() {
  if (const char* d = std::getenv("CAIRN_SHARED_DIR")) return d;
  if (const char* s = std::getenv("CAIRN_SOURCE_DIR")) return std::string(s) + "/../shared";
  return std::string(CAIRN_SOURCE_DIR) + "/../shared";
}

struct RunResult {
  int status = -1;
  std::string out, err, trap;
};

RunResult run_program(const std::string& path) {
  RunResult r;
  auto run = cairn::driver::run(path);
  if (run.outcome != cairn::driver::Outcome::Typed || !run.program || !run.program->main) {
    r.err = "refused by the checker";
    return r;
  }
  auto engine = cairn::sem::Engine::compile(*run.program, run.sources);
  int po[2], pe[2], pt[2];
  if (pipe(po) || pipe(pe) || pipe(pt)) return r;
  fflush(nullptr);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(po[1], 1);
    dup2(pe[1], 2);
    close(po[0]); close(pe[0]); close(pt[0]);
    cairn::sem::Limits limits;
    int st = engine->run_entry(*run.program->main, limits, pt[1]);
    _exit(st == 134 ? 134 : st);
  }
  close(po[1]); close(pe[1]); close(pt[1]);
  std::string* sinks[3] = {&r.out, &r.err, &r.trap};
  pollfd fds[3] = {{po[0], POLLIN, 0}, {pe[0], POLLIN, 0}, {pt[0], POLLIN, 0}};
  int open_fds = 3;
  auto deadline = time(nullptr) + 30;
  while (open_fds > 0 && time(nullptr) < deadline) {
    if (poll(fds, 3, 1000) <= 0) continue;
    for (int i = 0; i < 3; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP))) continue;
      char buf[4096];
      ssize_t k = read(fds[i].fd, buf, sizeof buf);
      if (k <= 0) {
        close(fds[i].fd);
        fds[i].fd = -1;
        --open_fds;
      } else {
        sinks[i]->append(buf, static_cast<size_t>(k));
      }
    }
  }
  if (open_fds > 0) kill(pid, SIGKILL);
  int ws = 0;
  waitpid(pid, &ws, 0);
  r.status = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + WTERMSIG(ws);
  return r;
}

std::vector<std::string> programs() {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(shared_dir() + "/conformance/run", ec))
    if (e.path().extension() == ".cairn") out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

TEST(InterpConformance, RunPrograms) {
  auto all = programs();
  ASSERT_FALSE(all.empty()) << "no conformance programs under " << shared_dir();
  int passed = 0;
  std::vector<std::string> failed;
  for (const std::string& path : all) {
    std::string exp_path = path.substr(0, path.size() - 6) + ".expected";
    std::ifstream in(exp_path);
    nlohmann::json exp = nlohmann::json::parse(in, nullptr, false);
    RunResult r = run_program(path);
    std::string why;
    if (r.status != exp.value("exit", 0)) why += " status " + std::to_string(r.status);
    if (r.out != exp.value("stdout", std::string())) why += " stdout [" + r.out + "]";
    if (exp.contains("stderr_contains")) {
      std::vector<std::string> parts;
      if (exp["stderr_contains"].is_array()) {
        for (const auto& x : exp["stderr_contains"]) parts.push_back(x.get<std::string>());
      } else {
        parts.push_back(exp["stderr_contains"].get<std::string>());
      }
      for (const auto& p : parts)
        if (r.err.find(p) == std::string::npos) why += " stderr [" + r.err + "]";
    }
    if (exp.contains("trap")) {
      std::string want = "trap: " + exp["trap"].get<std::string>() + " at ";
      if (r.trap.rfind(want, 0) != 0) why += " trap [" + r.trap + "]";
      if (exp.contains("trap_line")) {
        std::string line = ":" + std::to_string(exp["trap_line"].get<int>()) + "\n";
        if (r.trap.size() < line.size() || r.trap.substr(r.trap.size() - line.size()) != line)
          why += " trap line [" + r.trap + "]";
      }
    }
    if (why.empty()) {
      ++passed;
    } else {
      failed.push_back(std::filesystem::path(path).filename().string() + ":" + why + " err[" + r.err + "]");
    }
  }
  std::ostringstream msg;
  for (const auto& f : failed) msg << "  " << f << "\n";
  std::printf("interp conformance: %d/%zu passed\n", passed, all.size());
  EXPECT_TRUE(failed.empty()) << msg.str();
}

}  // namespace
