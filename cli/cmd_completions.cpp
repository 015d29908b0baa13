// `cairn completions bash|zsh`: a completion script generated from the command table and each command's own
// flag table (cli/completion_script.h), printed on standard output.
#include "cli/args.h"
#include "cli/command.h"
#include "cli/completion_script.h"
#include "cli/open_command.h"
#include "cli/output.h"

namespace cairn::cli {

int cmd_completions(const Command& cmd, const std::vector<std::string>& argv) {
  Args args;
  Output out;
  if (std::optional<int> answered = open_command(cmd, argv, {}, args, out)) return *answered;
  if (args.operands.size() != 1 || (args.operands[0] != "bash" && args.operands[0] != "zsh"))
    return usage_error(out, "cairn completions takes one shell: bash or zsh.");
  std::vector<CommandFlags> commands = commands_with_flags();
  print_text(args.operands[0] == "bash" ? bash_script(commands) : zsh_script(commands));
  return 0;
}

}  // namespace cairn::cli
