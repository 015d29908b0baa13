// Reading the shared build flags.
#include "cli/build_flags.h"

#include <filesystem>

#include "targets/board.h"
#include "targets/board_build.h"

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
  o.target = args.get("target").value_or("");
  if (!o.target.empty() && o.target != "hosted" && !targets::find_board(o.target)) {
    error = "--target takes hosted or aarch64-virt, not \"" + o.target + "\".";
    return false;
  }
  o.trap_report = args.has("trap-report");
  return true;
}

std::optional<diag::Refusal> settle_target(const driver::CheckRun& run, targets::BuildOptions& o, bool to_run,
                                           bool kind_given) {
  o.target = run.project.target;
  bool board = o.target != "hosted";
  if (!board && o.trap_report)
    return diag::environment_failure("--trap-report applies to a freestanding target (--target aarch64-virt).");
  if (!board) return std::nullopt;
  if (!kind_given) o.kind = lower::Kind::Exe;
  std::string refusal = targets::board_refusal(run, o, to_run);
  if (refusal.empty()) return std::nullopt;
  return diag::environment_failure(refusal);
}

std::optional<diag::Refusal> header_refusal(const targets::BuildOptions& o, const std::string& target, bool kind_known) {
  if (!o.header) return std::nullopt;
  if (!target.empty() && target != "hosted")
    return diag::tool_refusal(Code::Header, "--header needs a hosted library, and the target " + target +
                                                " builds a freestanding image: build with --target hosted.");
  if (kind_known && o.kind != lower::Kind::Library)
    return diag::tool_refusal(Code::Header, "--header writes the C header of a library, and this build is an "
                                            "executable: add --kind library.");
  return std::nullopt;
}

void place_build(const std::string& path, const driver::CheckRun& run, targets::BuildOptions& o) {
  o.build_root = targets::project_root(path);
  if (run.project.single_file || run.project.manifest_display.empty()) return;
  std::error_code ec;
  o.manifest_path = std::filesystem::is_directory(path, ec) ? (std::filesystem::path(path) / "cairn.toml").string() : path;
}

}  // namespace cairn::cli
