// A project manifest (cairn.toml, language.md §14.4): its keys read and their values checked.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cairn::project {

// A path as the manifest writes it, with the line it is written on.
struct ManifestPath {
  std::string text;
  uint32_t line = 0;
};

// An [allow] entry: a function whose change `cairn diff --require` accepts, and why (docs/diff.md).
struct ManifestAllow {
  std::string function, reason;
  uint32_t line = 0, col = 0;
};

struct Manifest {
  std::string name;
  std::vector<ManifestPath> sources;  // 1..1024 distinct .cairn paths, in check order
  std::vector<ManifestPath> tests;    // 0..128 distinct .json paths
  std::optional<std::string> kind;    // "exe" | "library"; absent: decided by whether main is declared
  std::string arch = "baseline";
  std::string target = "hosted";      // "hosted" | "aarch64-virt"
  std::vector<std::pair<std::string, ManifestPath>> dependencies;  // in the order written
  std::vector<ManifestAllow> allow;   // [allow], in the order written
};

struct ManifestError {
  uint32_t line = 0, col = 0;  // 0: the manifest as a whole
  std::string message;         // names the key or path; one sentence
};

// The limits on a manifest's content (language.md §14.4) and on its size (a decision: 1 MiB).
constexpr size_t kMaxSources = 1024;
constexpr size_t kMaxTests = 128;
constexpr uint64_t kMaxManifestBytes = 1u << 20;

// Reads and checks the manifest text: the TOML subset, the exact tables and keys, value types, the
// name pattern, counts, distinctness, suffixes, kind/arch/target values and the syntax of every path
// (relative, '/', no empty, '.' or '..' segment). Stage 2 keys are refused naming the feature.
// Whether paths exist is checked by the loader (project.h).
bool read_manifest(std::string_view text, Manifest& out, ManifestError& err);

// `[A-Za-z][A-Za-z0-9_-]{0,63}`: project and dependency names.
bool valid_project_name(std::string_view name);

// The path rule's syntax part; on failure returns the reason (", which ..."), else "".
std::string path_syntax_fault(std::string_view path);

}  // namespace cairn::project
