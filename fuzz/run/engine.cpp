// The engine table and which engines this machine can run.
#include "fuzz/run/engine.h"

#include <cstdlib>
#include <sstream>

#include "targets/board_run.h"
#include "targets/toolchain.h"

namespace cairn::fuzz {

namespace {

// A reason is a clause of the record's sentences: without its final period, "The" in lower case.
std::string clause(std::string reason) {
  if (!reason.empty() && reason.back() == '.') reason.pop_back();
  if (reason.rfind("The ", 0) == 0) reason[0] = 't';
  return reason;
}

}  // namespace

const std::vector<EngineInfo>& engine_table() {
  static const std::vector<EngineInfo> table = {
#define ENGINE(Id, name, kind, cc, opt, user) {EngineId::Id, name, EngineKind::kind, cc, opt, user},
#include "fuzz/run/engines.def"
#undef ENGINE
  };
  return table;
}

const EngineInfo& engine_info(EngineId id) { return engine_table()[static_cast<size_t>(id)]; }

bool test_engines_enabled() {
  const char* v = std::getenv("CAIRN_FUZZ_TEST_ENGINES");
  return v && std::string(v) == "1";
}

bool ubsan_programs() {
  const char* v = std::getenv("CAIRN_FUZZ_SANITIZE");
  return v && std::string(v) == "undefined";
}

std::optional<EngineId> engine_by_name(const std::string& name, bool test_engines) {
  for (const EngineInfo& e : engine_table())
    if (name == e.name && (e.user || test_engines)) return e.id;
  return std::nullopt;
}

std::string engine_unavailable_reason(EngineId id) {
  const EngineInfo& e = engine_info(id);
  switch (e.kind) {
    case EngineKind::Interp: return "";
    case EngineKind::Qemu: return clause(targets::board_engine_unavailable(e.cc));  // cross compiler and emulator
    case EngineKind::Native: {
      std::string error;
      if (!targets::find_compiler(e.cc, error)) {
        if (error.empty()) return std::string(e.cc) + " not found";
        return clause(error);
      }
      return "";
    }
  }
  return "";
}

EngineSelection select_engines(const std::string& list, bool test_engines) {
  EngineSelection s;
  std::vector<bool> want(engine_table().size(), false);
  bool named = !list.empty();
  if (named) {
    std::stringstream in(list);
    std::string name;
    while (std::getline(in, name, ',')) {
      std::optional<EngineId> id = engine_by_name(name, test_engines);
      if (!id) {
        s.error = "--engines names an unknown engine \"" + name + "\"; the engines are interp, clang-O0, clang-O2, "
                  "gcc-O0, gcc-O2 and qemu-aarch64.";
        return s;
      }
      want[static_cast<size_t>(*id)] = true;
    }
  }
  for (const EngineInfo& e : engine_table()) {
    if (named ? !want[static_cast<size_t>(e.id)] : !e.user) continue;
    std::string why = engine_unavailable_reason(e.id);
    if (why.empty()) {
      s.engines.push_back(e.id);
    } else if (named) {
      s.error = "The engine " + std::string(e.name) + " is named by --engines but cannot run here: " + why + ".";
      s.environment = true;
      return s;
    } else {
      s.unavailable[e.name] = why;
    }
  }
  bool interp = false, native = false;
  for (EngineId id : s.engines) {
    interp |= engine_info(id).kind == EngineKind::Interp;
    native |= engine_info(id).kind != EngineKind::Interp;
  }
  if (!interp || !native) {
    s.error = named ? "--engines must name interp and at least one native engine."
                    : "cairn fuzz needs the interpreter and at least one native compiler (clang++ or g++) on PATH.";
    s.environment = !named;
  }
  return s;
}

}  // namespace cairn::fuzz
