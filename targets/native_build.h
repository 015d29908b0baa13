// A native build (tools.md §2.5): lower the checked program, write it with the runtime headers into a
// fresh directory `build/NAME-ID/` under the project, compile it, and leave `receipt.json` and
// `compile_commands.json` beside the artifact.
#pragma once
#include <set>
#include <string>
#include <vector>

#include "front/driver/driver.h"
#include "lower/lower.h"
#include "nlohmann/json.hpp"
#include "targets/toolchain.h"

namespace cairn::targets {

struct BuildOptions {
  std::string cc;            // "clang" | "gcc" | "" (the default of §2.5)
  int opt = 2;               // -O level
  bool keep_guards = false;
  bool debug = false;        // -g and #line directives pointing at the .cairn source
  std::string sanitize;      // "" | "address" (address + undefined, -O1) | "undefined" | "thread"
  lower::Kind kind = lower::Kind::Exe;
  std::string build_root;    // the directory `build/` goes under: the project's directory
  std::string manifest_path; // the manifest file to hash in the receipt ("" for a single-file program)
  std::set<std::string> only_functions;  // a call harness of just these functions and their callees (lower::Options::only)
  std::string target = "hosted";  // or a freestanding target of boards.def: one ELF image (language.md §14.7)
  bool trap_report = false;       // freestanding: the image writes the trap report to its UART (tools.md §6.2)
  bool header = false;            // --header: a hosted library also gets NAME.h, its C interface (lower/c_header.h)
};

// A freestanding image's sections, as PREFIX-size reports them.
struct ImageSize {
  uint64_t text = 0, data = 0, bss = 0;
};

struct BuildResult {
  enum class Status : uint8_t {
    Built,        // native-built
    Failed,       // build-failed: the compiler or the link refused
    Environment,  // no compiler, no directory: build-failed with `error`
  } status = Status::Environment;
  std::string error;                 // Environment: one sentence
  Compiler compiler;
  std::vector<std::string> command;  // the compile command line
  std::string directory, artifact, artifact_sha256, receipt, cpp_path;
  int exit_status = 0;               // Failed: the compiler's status
  std::string output;                // Failed: the compiler's output
  bool compiler_defect = false;      // the compiler refused generated code: CAIRN's fault
  std::string refused_at;            // "src/main.cairn:12" the refused C++ came from
  std::string message;               // the compiler's first error line
  double seconds = 0;
  std::string manifest_path;         // from the options, for the receipt
  std::string target = "hosted";     // from the options
  ImageSize image_size;              // freestanding, built: the image's sections
  std::string header;                // --header: the path of NAME.h beside the library
  std::string header_hash;           // --header: its interface hash
};

// The directory a PATH operand's project lives in (a .cairn file's or a manifest's folder, or the directory).
std::string project_root(const std::string& path);

// Builds the checked program of `run` (its outcome must be Typed).
BuildResult build_native(const driver::CheckRun& run, const BuildOptions& options);

// The cairn.build/1 record of a build.
nlohmann::ordered_json build_record(const BuildResult& r);

// One paragraph on why a build failed: the environment's sentence, a compiler defect with the .cairn line,
// or the compiler's output.
std::string build_failure_text(const BuildResult& r);

// The artifact file name for a project and kind ("app", "libapp.so", "app-tests").
std::string artifact_name(const std::string& project, lower::Kind kind);

}  // namespace cairn::targets
