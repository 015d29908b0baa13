// Reading the shared build flags.
#include "cli/build_flags.h"

#include <filesystem>

namespace cairn::cli {

bool read_build_flags(const Args& args, targets::BuildOptions& o, std::string& error) {
  o.cc = args.get("cc").value_or("");
  if (auto opt = args.get("opt")) {
    if (*opt != "0" && *opt != "1" && *opt != "2" && *opt != "3") {
      error = "--opt takes 0, 1, 2 or 3, not \"" + *opt + "\".";
      return false;
    }
    o.opt = (*opt)[0] - '0';
  }
  o.keep_guards = args.has("keep-guards");
  o.debug = args.has("debug");
  o.sanitize = args.get("sanitize").value_or("");
  if (auto k = args.get("kind")) o.kind = *k == "library" ? lower::Kind::Library : lower::Kind::Exe;
  if (args.get("target").value_or("hosted") != "hosted") {
    error = "The aarch64-virt target is not built yet: build and run hosted programs.";
    return false;
  }
  return true;
}

void place_build(const std::string& path, const driver::CheckRun& run, targets::BuildOptions& o) {
  o.build_root = targets::project_root(path);
  if (run.project.single_file || run.project.manifest_display.empty()) return;
  std::error_code ec;
  o.manifest_path = std::filesystem::is_directory(path, ec) ? (std::filesystem::path(path) / "cairn.toml").string() : path;
}

}  // namespace cairn::cli
