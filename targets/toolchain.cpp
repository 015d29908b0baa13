// Toolchain discovery by name on PATH; the version is the driver's own first line of `--version`.
#include "targets/toolchain.h"

#include <map>
#include <mutex>

#include "targets/exec.h"

namespace cairn::targets {

namespace {
struct CcRow {
  Cc cc;
  const char* name;
  const char* driver;
};
constexpr CcRow kRows[] = {
#define CC(k, name, driver) {Cc::k, name, driver},
#include "targets/compilers.def"
#undef CC
};

std::string version_of(const std::string& path) {
  static std::mutex mu;
  static std::map<std::string, std::string> cache;
  std::lock_guard<std::mutex> lock(mu);
  if (auto it = cache.find(path); it != cache.end()) return it->second;
  ProcessOptions opts;
  opts.capture = true;
  opts.null_stdin = true;
  opts.timeout_s = 30;
  ProcessResult r = run_program({{path, "--version"}, {}, "", {}}, opts);
  std::string line = r.out.substr(0, r.out.find('\n'));
  if (r.status != 0 || line.empty()) line = "";
  cache[path] = line;
  return line;
}
}  // namespace

std::vector<std::string> compiler_names() {
  std::vector<std::string> names;
  for (const CcRow& r : kRows) names.push_back(r.name);
  return names;
}

std::optional<Compiler> find_compiler(const std::string& name, std::string& error) {
  std::string want = name;
  if (want.empty()) want = find_on_path("clang++").empty() ? "gcc" : "clang";
  for (const CcRow& row : kRows) {
    if (want != row.name) continue;
    Compiler c;
    c.cc = row.cc;
    c.name = row.name;
    c.path = find_on_path(row.driver);
    if (c.path.empty()) {
      error = std::string("No C++ compiler for --cc ") + row.name + ": " + row.driver + " is not on PATH.";
      return std::nullopt;
    }
    c.version = version_of(c.path);
    if (c.version.empty()) {
      error = std::string("The compiler ") + c.path + " does not answer --version.";
      return std::nullopt;
    }
    return c;
  }
  error = "--cc takes clang or gcc, not \"" + name + "\".";
  return std::nullopt;
}

std::optional<Compiler> find_cross_compiler(const std::string& driver, std::string& error) {
  Compiler c;
  c.cc = Cc::Gcc;
  c.name = driver;
  c.path = find_on_path(driver);
  if (c.path.empty()) {
    error = "No cross compiler: " + driver + " is not on PATH (docs/targets.md names the package).";
    return std::nullopt;
  }
  c.version = version_of(c.path);
  if (c.version.empty()) {
    error = "The compiler " + c.path + " does not answer --version.";
    return std::nullopt;
  }
  return c;
}

std::vector<std::string> semantic_flags() {
  // -fno-finite-loops: a CAIRN loop without side effects may run forever (a timeout stops it); C++ lets the
  // compiler assume it ends, and clang deletes it. -fno-exceptions: CAIRN has no exceptions (language.md §1) and
  // neither the lowered code nor the runtime throws or catches, so no build needs unwind paths for them (it also
  // makes the compile about 15% cheaper at -O2 and 25% at clang -O0).
  return {"-std=c++20", "-ffp-contract=off", "-fno-fast-math", "-fno-finite-loops", "-fno-exceptions"};
}

}  // namespace cairn::targets
