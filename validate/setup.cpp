// Before any case runs: the implementation named by --symbol, the policy in force, the two programs built
// with the chosen compiler and their call servers started.
#include "validate/setup.h"

#include <cstdlib>
#include <filesystem>

#include "base/atomic_file.h"
#include "base/sha256.h"
#include "targets/toolchain.h"

namespace cairn::validate {

namespace fs = std::filesystem;

namespace {


// The cc name of --cxx ("clang" or "gcc"), "" for the default (clang++ when present, else g++).
std::string cc_of(const std::string& cxx) {
  if (cxx == "clang++") return "clang";
  if (cxx == "g++") return "gcc";
  return "";
}

// A copy's sources are shown under the original's names, so traps name the files the user wrote.
void show_as_original(driver::CheckRun& copy, const driver::CheckRun& original) {
  for (uint32_t i = 0; i < copy.sources.size() && i < original.sources.size(); ++i)
    copy.sources.rename(i, original.sources.file(i).display_name);
}

}  // namespace

Lookup find_implementation(const driver::CheckRun& run, const std::string& symbol) {
  Lookup out;
  std::vector<std::string> instances;
  for (const check::FnInfo& f : run.program->fns) {
    if (f.is_test) continue;
    if (f.full_name() != symbol && f.name != symbol) continue;
    if (f.is_template) {
      for (const check::FnInfo* i : f.instances) instances.push_back(i->full_name());
      continue;
    }
    out.impl = &f;
  }
  if (!out.impl && !instances.empty()) {
    std::string list;
    for (const std::string& i : instances) list += (list.empty() ? "" : ", ") + i;
    out.invalid = symbol + " is a template; name one of its instances: " + list + ".";
  } else if (!out.impl) {
    out.invalid = "The program declares no function " + symbol + ".";
  } else if (!out.impl->implements) {
    out.invalid = symbol + " is not an implementation: it has no `implements` clause.";
    out.impl = nullptr;
  }
  return out;
}

std::string default_regressions(const std::string& path, const check::FnInfo& ref) {
  std::error_code ec;
  fs::path p(path);
  fs::path root = fs::is_directory(p, ec) ? p : p.parent_path();
  return (root / "regressions" / (ref.full_name() + ".json")).lexically_normal().string();
}

bool replayed_by_cairn_test(const project::Project& project, const std::string& regressions) {
  std::error_code ec;
  fs::path file = fs::weakly_canonical(regressions, ec);
  if (ec) return false;
  for (const std::string& t : project.tests) {
    std::error_code ec2;
    if (fs::weakly_canonical(t, ec2) == file && !ec2) return true;
  }
  return false;
}

bool build_side(const std::string& check_path, const driver::CheckRun& original, const std::string& cxx,
                const std::string& scratch, const std::string& side, Built& out, std::string& error, bool native) {
  out.run = driver::run(check_path, driver::Stop::Full);
  if (out.run.refusal || !out.run.program) {
    error = "The " + side + " copy of the program does not check" +
            (out.run.refusal ? ": " + out.run.refusal->first.message : ".");
    return false;
  }
  show_as_original(out.run, original);
  if (!native) return true;
  targets::BuildOptions o;
  o.cc = cc_of(cxx);
  o.build_root = scratch + "/build-" + side;
  std::error_code ec;
  fs::create_directories(o.build_root, ec);
  out.build = targets::build_call_harness(out.run, o);
  if (out.build.status != targets::BuildResult::Status::Built) {
    error = "The " + side + " program did not build" +
            (out.build.error.empty() ? (out.build.message.empty() ? "." : ": " + out.build.message) : ": " + out.build.error);
    return false;
  }
  std::string cpp;
  out.cpp_sha256 = read_file(out.build.cpp_path, cpp) ? sha256_hex(cpp) : "";
  out.harness.artifact = out.build.artifact;
  out.harness.sources = &out.run.sources;
  return true;
}

void start_server(Built& b, uint32_t seconds) {
  b.harness.timeout_s = seconds;
  b.harness.memory_mib = 2048;
  // bench/validate_run's naive baseline: every call a process of its own, as native_call makes it.
  if (const char* v = std::getenv("CAIRN_VALIDATE_PROCESS_PER_CALL"); v && std::string(v) == "1") return;
  std::string error;
  b.server = targets::CallServer::start(b.harness, error);  // nullptr: each call starts a process instead
}

}  // namespace cairn::validate
