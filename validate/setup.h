// Setting a validation up: the implementation --symbol names, the default regressions file, each side checked
// from its scratch copy and built as a call harness, and its warm call server.
#pragma once
#include <string>

#include "front/driver/driver.h"
#include "validate/session.h"

namespace cairn::validate {

struct Lookup {
  const check::FnInfo* impl = nullptr;  // an implementation (an instance for a template)
  std::string invalid;                  // why the symbol names none (the `invalid` status)
};

Lookup find_implementation(const driver::CheckRun& run, const std::string& symbol);

// PROJECT/regressions/REFERENCE.json.
std::string default_regressions(const std::string& path, const check::FnInfo& ref);
// Whether the project's manifest lists the regressions file under `tests`, so that `cairn test` replays it
// (tools spec §5.8): the same file, however the two paths are written.
bool replayed_by_cairn_test(const project::Project& project, const std::string& regressions);

// Checks the copy at `check_path` (its sources shown under the original's names) and, when `native`, builds its
// call harness with `cxx` into `scratch`. False with `error` (one sentence).
bool build_side(const std::string& check_path, const driver::CheckRun& original, const std::string& cxx,
                const std::string& scratch, const std::string& side, Built& out, std::string& error,
                bool native = true);

// Starts the side's warm call server (calls fall back to one process each when it cannot start).
void start_server(Built& b, uint32_t seconds);

}  // namespace cairn::validate
