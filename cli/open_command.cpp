// The opening every command shares (open_command.h).
#include "cli/open_command.h"

namespace cairn::cli {

std::optional<int> open_command(const Command& cmd, const std::vector<std::string>& argv,
                                std::span<const FlagSpec> flags, Args& args, Output& out, Words words) {
  std::string error;
  if (!parse_args(argv, flags, args, error)) return usage_error(output_for_usage(argv), error, words);
  if (args.help) {
    print_text(help_text(cmd.synopsis, cmd.summary, flags));
    return 0;
  }
  if (!choose_output(args.get("format"), out, error)) return usage_error(out, error, words);
  return std::nullopt;
}

}  // namespace cairn::cli
