// The engine table of cairn fuzz (engines.def): names, kinds, availability here, and --engines parsing.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace cairn::fuzz {

enum class EngineId : uint8_t {
#define ENGINE(Id, name, kind, cc, opt, user) Id,
#include "fuzz/run/engines.def"
#undef ENGINE
};

enum class EngineKind : uint8_t { Interp, Native, Qemu };

struct EngineInfo {
  EngineId id;
  const char* name;
  EngineKind kind;
  const char* cc;  // compilers.def name for Native ("clang", "gcc"), boards.def name for Qemu ("aarch64-virt")
  int opt;
  bool user;       // false: test-only (see engines.def)
};

const std::vector<EngineInfo>& engine_table();
const EngineInfo& engine_info(EngineId id);
std::optional<EngineId> engine_by_name(const std::string& name, bool test_engines);

// Why the engine cannot run here ("clang++ not found on PATH"), or "" when it can.
std::string engine_unavailable_reason(EngineId id);

// True when the environment admits the test-only engines (CAIRN_FUZZ_TEST_ENGINES=1).
bool test_engines_enabled();

// True when the host engines compile every program with UndefinedBehaviorSanitizer (CAIRN_FUZZ_SANITIZE=undefined,
// which the sanitizer run of the test suite sets; docs/fuzz.md). A report aborts the program: a crash, which
// disagrees with the interpreter and is reduced like any finding, since it is a bug of the lowering or the generator.
bool ubsan_programs();

struct EngineSelection {
  std::vector<EngineId> engines;                    // in table order, interp first
  std::map<std::string, std::string> unavailable;   // default engines absent here, with the reason
  std::string error;                                // a usage or environment failure, one sentence
  bool environment = false;                         // error is an environment failure (a named engine is missing)
};

// `list` is the --engines value ("" for every available user engine). At least interp and one native engine.
EngineSelection select_engines(const std::string& list, bool test_engines);

}  // namespace cairn::fuzz
