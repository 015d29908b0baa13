// Loading a project from a PATH (a .cairn file, a directory with cairn.toml, or a manifest of any name).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "front/project/manifest.h"
#include "front/source/source.h"
#include "front/source/source_file.h"

namespace cairn::project {

// One source of the program, in check order (dependencies first).
struct ProjectFile {
  std::string display_name;  // as the manifest lists it, relative to the root project's directory;
                             // for a single-file project, the path as given
  std::string fs_path;       // the path to open
  bool dependency = false;
};

struct Project {
  std::string name;
  bool single_file = false;
  std::string manifest_display;       // "" for a single-file project
  std::optional<std::string> kind;    // "exe" | "library" when written
  std::string arch = "baseline";
  std::string target = "hosted";
  std::vector<ProjectFile> files;     // dependencies' sources first
  uint32_t own_files_begin = 0;       // index of the first source of the project itself
  std::vector<std::string> tests;     // task contract paths (fs paths)
  std::vector<ManifestAllow> allow;   // the root manifest's [allow] (dependencies' are not read)
};

// An environment failure while loading: E-PROJECT-OR-ENVIRONMENT, or E-SOURCE-LIMIT when the sources
// together exceed the limit (a refusal of the program, exit 1).
struct LoadError {
  bool source_limit = false;
  std::string message;      // one sentence naming the key or path
  std::string file;         // display name of the manifest (or source); "" when none
  uint32_t line = 0, col = 0;
  std::string source_line;  // the manifest line, for the human rendering
};

// The limits (language.md §1.5 and §14.4).
using cairn::kMaxSourceBytes;  // front/source/source_file.h: the same limit for every reader
constexpr int kMaxDependencyDepth = 4;

// Resolves PATH, reads and checks every manifest (dependencies included), checks every path.
bool load_project(const std::string& path, Project& out, LoadError& err);

// Reads every source of `project` into `sources` (in order), refusing unreadable files and, before
// reading them, sources whose sizes together exceed kMaxSourceBytes.
bool read_sources(const Project& project, SourceSet& sources, LoadError& err);

}  // namespace cairn::project
