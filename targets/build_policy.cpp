// The target policy of a build (build_policy.h).
#include "targets/build_policy.h"

#include <filesystem>

#include "targets/board.h"
#include "targets/board_build.h"

namespace cairn::targets {

std::optional<diag::Refusal> settle_target(const driver::CheckRun& run, BuildOptions& o, bool to_run,
                                           bool kind_given) {
  o.target = run.project.target;
  bool board = o.target != "hosted";
  if (!board && o.trap_report)
    return diag::environment_failure("--trap-report applies to a freestanding target (--target aarch64-virt).");
  if (!board) return std::nullopt;
  if (!kind_given) o.kind = lower::Kind::Exe;
  std::string refusal = board_refusal(run, o, to_run);
  if (refusal.empty()) return std::nullopt;
  return diag::environment_failure(refusal);
}

std::optional<diag::Refusal> header_refusal(const BuildOptions& o, const std::string& target, bool kind_known) {
  if (!o.header) return std::nullopt;
  if (!target.empty() && target != "hosted")
    return diag::tool_refusal(Code::Header, "--header needs a hosted library, and the target " + target +
                                                " builds a freestanding image: build with --target hosted.");
  if (kind_known && o.kind != lower::Kind::Library)
    return diag::tool_refusal(Code::Header, "--header writes the C header of a library, and this build is an "
                                            "executable: add --kind library.");
  return std::nullopt;
}

void place_build(const std::string& path, const driver::CheckRun& run, BuildOptions& o) {
  o.build_root = project_root(path);
  if (run.project.single_file || run.project.manifest_display.empty()) return;
  std::error_code ec;
  o.manifest_path = std::filesystem::is_directory(path, ec) ? (std::filesystem::path(path) / "cairn.toml").string() : path;
}

}  // namespace cairn::targets
