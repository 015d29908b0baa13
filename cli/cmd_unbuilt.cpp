// The commands of the table that are not built yet: --help works, anything else is refused (exit 2).
#include "cli/args.h"
#include "cli/command.h"
#include "cli/output.h"

namespace cairn::cli {

int cmd_unbuilt(const Command& cmd, const std::vector<std::string>& argv) {
  for (const std::string& w : argv)
    if (w == "--help") {
      print_text(help_text(cmd.synopsis, std::string(cmd.summary) + " (not built yet)", {}));
      return 0;
    }
  return usage_error(output_for_usage(argv), "cairn " + std::string(cmd.name) + " is not built yet.");
}

}  // namespace cairn::cli
