// The regressions file `cairn.regressions/1` (tools.md §5.8): read strictly, written deterministically (keys sorted,
// two-space indent, trailing newline) and atomically, only on failure; a case already kept leaves the file as it was.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "front/check/sema.h"
#include "semantics/embed.h"
#include "validate/policy.h"

namespace cairn::validate {

// One case: one argument per parameter, per-view offsets (elements placed before the view; empty: none), why.
struct Case {
  std::vector<sem::ArgValue> args;
  std::vector<uint64_t> offsets;
  std::string why;
};

struct Regressions {
  std::string reference;
  nlohmann::json policy;        // as pinned (empty object when none)
  std::vector<Case> cases;      // in file order
};

// Reads FILE for the function `fn`. Absent file: an empty Regressions and true. A malformed or corrupted file,
// or one whose cases do not fit `fn`'s parameters: false with `error` (E-VALIDATION, naming the file).
bool read_regressions(const std::string& file, const check::FnInfo& fn, Regressions& out, PolicyError& error);

// Adds `c` (unless a case with the same args and offsets is held) and writes FILE atomically. `kept` tells
// whether the case was new. False with `error` when the file cannot be written (the old file stays). The read, the
// append and the rename hold an exclusive lock on the file's directory, so concurrent keeps lose no case.
bool keep_case(const std::string& file, const check::FnInfo& fn, const std::string& reference, const Policy& pinned,
               const Case& c, bool& kept, std::string& error);

// For tests only: called by keep_case once it holds the file's lock and has read the file, before it writes the
// new version (a test forces two processes' keeps to interleave there). Null in cairn.
namespace testing {
extern void (*keep_case_loaded)();
}

// A case's arguments as the §1.3 object {PARAM: V} (and back).
nlohmann::ordered_json args_json(const check::FnInfo& fn, const Case& c);
bool args_from_json(const check::FnInfo& fn, const nlohmann::json& args, Case& out, std::string& error);

}  // namespace cairn::validate
