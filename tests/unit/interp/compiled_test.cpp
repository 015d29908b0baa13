// The compiled form against the IR walker: every conformance program and example, and every function of
// scalar parameters called on small and edge arguments, give the same output, result, trap and position.
#include <gtest/gtest.h>
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

#include "front/driver/driver.h"
#include "core/domain_concrete.h"
#include "semantics/interp.h"
#include "tests/unit/interp/interp_test_support.h"

namespace {

namespace fs = std::filesystem;
using cairn::sem::Interp;
using cairn::sem::Value;

using cairn::test::source_dir;
void on_big_stack(const std::function<void()>& job) { cairn::test::on_thread_stack(job); }

struct Outcome {
  bool defined = false;
  uint64_t ret = 0;
  int trap = -1;
  uint32_t line = 0, col = 0;
  std::string out, err;
  uint64_t live = 0;
  bool operator==(const Outcome&) const = default;
};

std::string slurp(FILE* f) {
  std::string s;
  std::fflush(f);
  std::rewind(f);
  char buf[4096];
  size_t k;
  while ((k = std::fread(buf, 1, sizeof buf, f)) > 0) s.append(buf, k);
  return s;
}

// One call with fds 1 and 2 captured.
Outcome run(Interp& in, const cairn::ir::Function& f, std::vector<Value> args) {
  Outcome o;
  FILE* out = std::tmpfile();
  FILE* err = std::tmpfile();
  std::fflush(stdout);
  std::fflush(stderr);
  int save1 = dup(1), save2 = dup(2);
  dup2(fileno(out), 1);
  dup2(fileno(err), 2);
  in.depth = 0;
  in.limits.max_call_depth = 2000;
  try {
    Value r = in.invoke(f, args, cairn::Pos{});
    o.defined = true;
    o.ret = r.b;
  } catch (const cairn::sem::TrapEx& t) {
    o.trap = static_cast<int>(t.kind);
    o.line = t.pos.line;
    o.col = t.pos.col;
  }
  dup2(save1, 1);
  dup2(save2, 2);
  close(save1);
  close(save2);
  o.out = slurp(out);
  o.err = slurp(err);
  std::fclose(out);
  std::fclose(err);
  o.live = in.live_bytes;
  return o;
}

// Small values that keep loops short: 0, 1, 2, 5, and -1, -3 for a signed type (9, 17 for an unsigned one).
std::vector<uint64_t> sample_bits(cairn::check::Scalar t) {
  using cairn::check::Scalar;
  if (t == Scalar::Bool) return {0, 1};
  if (t == Scalar::F32) return {0x3F800000u, 0xC0400000u, 0x7FC00000u, 0x80000000u};
  if (t == Scalar::F64) return {0x3FF0000000000000ull, 0xC008000000000000ull, 0x7FF8000000000000ull, 0};
  std::vector<uint64_t> v;
  bool sgn = cairn::check::scalar_is_signed(t);
  for (uint64_t x : {0ull, 1ull, 2ull, 5ull, sgn ? ~0ull : 9ull, sgn ? ~2ull : 17ull})
    v.push_back(cairn::sem::ConcreteDomain::norm(t, x));
  return v;
}

bool scalar_params(const cairn::ir::Function& f) {
  for (const auto& p : f.info->params)
    if (!p.type || p.type->kind != cairn::check::TypeKind::Scalar) return false;
  return !f.info->result || f.info->result->kind == cairn::check::TypeKind::Scalar ||
         f.info->result->kind == cairn::check::TypeKind::Void;
}

// Runs `job` in a child process (a sample may loop for ever, in both forms alike): its report, or "timeout".
std::string in_child(const std::function<std::string()>& job) {
  int fds[2];
  if (pipe(fds) != 0) return "pipe";
  std::fflush(stdout);
  std::fflush(stderr);
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    std::string r = job();
    (void)!write(fds[1], r.data(), r.size());
    _exit(0);
  }
  close(fds[1]);
  int status = 0;
  for (int waited = 0; waitpid(pid, &status, WNOHANG) == 0; ++waited) {
    if (waited > 3000) {  // 3 s
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      close(fds[0]);
      return "timeout";
    }
    usleep(1000);
  }
  std::string r;
  char buf[4096];
  ssize_t k;
  while ((k = read(fds[0], buf, sizeof buf)) > 0) r.append(buf, static_cast<size_t>(k));
  close(fds[0]);
  if (!WIFEXITED(status)) return "child died";
  return r;
}

std::string describe(const Outcome& o) {
  std::ostringstream s;
  s << "defined " << o.defined << " ret " << o.ret << " trap " << o.trap << " at " << o.line << ":" << o.col
    << " out " << o.out.size() << "B err " << o.err.size() << "B live " << o.live;
  return s.str();
}

void compare_program(const fs::path& path, int& calls, int& timeouts) {
  auto r = cairn::driver::run(path.string());
  if (r.outcome != cairn::driver::Outcome::Typed) return;
  cairn::ir::Module m = cairn::ir::build_ir(*r.program);
  Interp compiled(m, r.sources), walker(m, r.sources);
  walker.walk = true;
  for (const auto& f : m.fns) {
    if (!f.body || !scalar_params(f)) continue;
    if (std::getenv("CAIRN_TEST_VERBOSE")) std::fprintf(stderr, "%s %s\n", path.c_str(), f.info->qualified.c_str());
    size_t np = f.info->params.size();
    // every parameter on each of its samples in turn, the others on their first two
    for (size_t round = 0; round < std::max<size_t>(1, np * 6); ++round) {
      std::vector<Value> args(np);
      for (size_t i = 0; i < np; ++i) {
        auto s = sample_bits(f.info->params[i].type->scalar);
        args[i].b = i == round / 6 ? s[round % 6 % s.size()] : s[(round + i) % 2];
      }
      std::string r = in_child([&] {
        Outcome a = run(compiled, f, args), b = run(walker, f, args);
        return a == b ? std::string("same") : "compiled " + describe(a) + "\nwalker   " + describe(b);
      });
      if (r == "timeout") {
        ++timeouts;
      } else {
        ++calls;
        EXPECT_EQ(r, "same") << path << " " << f.info->qualified;
      }
      if (np == 0) break;
    }
  }
}

TEST(Compiled, AgreesWithTheWalker) {
  std::vector<fs::path> files;
  for (const char* dir : {"/../shared/conformance/run", "/examples", "/tests/unit/interp/programs"}) {
    fs::path d = source_dir() + dir;
    if (!fs::is_directory(d)) continue;
    for (const auto& e : fs::directory_iterator(d))
      if (e.path().extension() == ".cairn") files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  ASSERT_FALSE(files.empty());
  int calls = 0, timeouts = 0;
  on_big_stack([&] {
    for (const auto& p : files) compare_program(p, calls, timeouts);
  });
  EXPECT_GT(calls, 100);
  std::printf("compared %d calls over %zu programs (%d samples ran past 3 s)\n", calls, files.size(), timeouts);
}

}  // namespace
