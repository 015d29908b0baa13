// Reading the build flags `build`, `run` and `test` share (build_flags.h).
#include "cli/build_flags.h"

#include "targets/board.h"

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

}  // namespace cairn::cli
