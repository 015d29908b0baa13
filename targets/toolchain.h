// Toolchain discovery: the C++ compilers of compilers.def found by name on PATH, with their versions.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cairn::targets {

enum class Cc : uint8_t {
#define CC(k, name, driver) k,
#include "targets/compilers.def"
#undef CC
};

struct Compiler {
  Cc cc = Cc::Clang;
  std::string name;     // "clang" | "gcc"
  std::string path;     // the driver found on PATH
  std::string version;  // first line of `--version`
};

// The --cc names, in table order ("clang", "gcc").
std::vector<std::string> compiler_names();
// Finds the compiler named `name` ("" chooses as tools.md §2.5 says: clang when clang++ is on PATH, else gcc).
// On failure returns nullopt with `error` one sentence naming what is missing.
std::optional<Compiler> find_compiler(const std::string& name, std::string& error);

// A cross compiler (a freestanding target's `PREFIX-g++`) found by its driver name on PATH, as a g++.
std::optional<Compiler> find_cross_compiler(const std::string& driver, std::string& error);

// The flags every native build uses (language semantics: no contraction, no fast math, C++20).
std::vector<std::string> semantic_flags();

}  // namespace cairn::targets
