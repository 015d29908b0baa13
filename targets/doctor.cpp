// Probes: a program by its path and `--version`; a sanitizer runtime by compiling and linking a one-line
// program with the flags (the runtime libraries are only found at link time).
#include "targets/doctor.h"

#include <filesystem>
#include <sstream>

#include "base/atomic_file.h"
#include "base/temp_dir.h"
#include "targets/exec.h"

namespace cairn::targets {

namespace {

enum class Kind { Program, Sanitizer };
struct Row {
  const char* name;
  const char* program;
  Kind kind;
  const char* enables;
};
constexpr Row kRows[] = {
#define TOOL(id, name, program, kind, enables) {name, program, Kind::kind, enables},
#include "targets/doctor_tools.def"
#undef TOOL
};

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

ProcessResult run_quiet(const std::vector<std::string>& argv, const std::string& cwd) {
  ProcessOptions opts;
  opts.capture = true;
  opts.null_stdin = true;
  opts.timeout_s = 60;
  return run_program({argv, {}, cwd, {}}, opts);
}

void probe_program(const Row& row, ToolProbe& p) {
  p.path = find_on_path(row.program);
  if (p.path.empty()) {
    p.why = std::string(row.program) + " is not on PATH";
    return;
  }
  ProcessResult r = run_quiet({p.path, "--version"}, "");
  p.version = first_line(r.out.empty() ? r.err : r.out);
  p.found = r.status == 0;
  if (!p.found) p.why = "`" + std::string(row.program) + " --version` exited with " + std::to_string(r.status);
}

void probe_sanitizer(const Row& row, const std::string& scratch, ToolProbe& p) {
  std::istringstream words(row.program);
  std::vector<std::string> argv;
  for (std::string w; words >> w;) argv.push_back(w);
  std::string compiler = argv.front();
  if (find_on_path(compiler).empty()) {
    p.why = compiler + " is not on PATH";
    return;
  }
  bool fuzzer = std::string(row.program).find("fuzzer") != std::string::npos;
  std::string src = scratch + "/probe.cpp", error;
  std::string text = fuzzer ? "#include <cstddef>\n#include <cstdint>\nextern \"C\" int LLVMFuzzerTestOneInput(const uint8_t*, size_t) { return 0; }\n"
                            : "int main() { return 0; }\n";
  if (!write_file_atomic(src, text, error)) {
    p.why = error;
    return;
  }
  argv.push_back(src);
  argv.push_back("-o");
  argv.push_back(scratch + "/probe");
  ProcessResult r = run_quiet(argv, scratch);
  p.found = r.status == 0;
  if (!p.found) {
    std::string err = first_line(r.err.empty() ? r.out : r.err);
    p.why = r.timed_out ? "the test build ran past 60 s" : "the test build failed: " + err;
  }
}

}  // namespace

std::vector<ToolProbe> probe_tools() {
  std::vector<ToolProbe> out;
  std::string error;
  std::string scratch = make_temp_dir("cairn-doctor", error);
  for (const Row& row : kRows) {
    ToolProbe p;
    p.name = row.name;
    p.kind = row.kind == Kind::Program ? "program" : "sanitizer";
    p.enables = row.enables;
    if (row.kind == Kind::Program) probe_program(row, p);
    else if (scratch.empty()) p.why = "no scratch directory: " + error;
    else probe_sanitizer(row, scratch, p);
    out.push_back(p);
  }
  if (!scratch.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(scratch, ec);
  }
  return out;
}

}  // namespace cairn::targets
