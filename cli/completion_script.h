// Shell completion scripts generated from the command table and each command's own flag table (read through
// parse_args's capture mode): every command, flag and choice, nothing else.
#pragma once
#include <string>
#include <vector>

#include "cli/args.h"
#include "cli/command.h"

namespace cairn::cli {

struct CommandFlags {
  std::string name, summary;
  std::vector<FlagSpec> flags;  // empty for a command not built yet
  bool built = true;
};

// Each command of the table with its flags.
std::vector<CommandFlags> commands_with_flags();

std::string bash_script(const std::vector<CommandFlags>& commands);
std::string zsh_script(const std::vector<CommandFlags>& commands);

}  // namespace cairn::cli
