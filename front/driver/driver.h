// The front-end driver: load a project, read its sources, parse every file, check the program.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "front/check/check.h"
#include "front/diag/report.h"
#include "front/project/project.h"
#include "front/source/source.h"
#include "front/syntax/ast.h"

namespace cairn::driver {

enum class Outcome : uint8_t {
  Typed,        // accepted (or, for an earlier stop, nothing refused so far)
  Rejected,     // refused: exit 1
  Environment,  // environment failure: exit 2
};

enum class Stop : uint8_t { AfterLoad, AfterParse, Full };

constexpr size_t kMaxAstNodes = 4'000'000;

struct CheckRun {
  Outcome outcome = Outcome::Environment;
  project::Project project;
  SourceSet sources;
  std::unique_ptr<ast::Arena> arena;
  std::vector<ast::File> files;
  std::unique_ptr<check::Program> program;  // after a full check
  check::CheckOptions options;
  std::optional<diag::Refusal> refusal;     // set unless outcome == Typed
  // Refusals the parser found that belong to later phases (E-EXPRESSION-BODY, an integer literal above
  // the u64 range): they join the checker's refusals and are ordered with them (§0.4).
  std::vector<Diagnostic> carried;
};

// Runs the front end on PATH up to `stop`. Never throws: an escaping exception becomes E-INTERNAL
// naming the fault's class, an environment failure becomes E-PROJECT-OR-ENVIRONMENT.
// Runs on a thread with a large stack (driver.cpp explains why). A non-empty `target` ("hosted",
// "aarch64-virt") replaces the manifest's [build] target, as --target does (tools.md §2.5).
CheckRun run(const std::string& path, Stop stop = Stop::Full, const std::string& target = "");
// The same on the calling thread.
CheckRun run_here(const std::string& path, Stop stop = Stop::Full, const std::string& target = "");

// The class name of a caught exception, demangled ("std::bad_alloc").
std::string fault_class(const std::exception& e);

// The exit status of §1.5 for an outcome.
int exit_status(Outcome o);

}  // namespace cairn::driver
